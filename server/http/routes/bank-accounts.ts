/**
 * Withdrawal bank accounts (spec part 2 section 7; server/money/bank-accounts.ts says the rules):
 *   GET    /users/banks                                BankList
 *   GET    /users/bank-account                         BankAccountList, newest first, numbers masked but the last 4
 *   GET    /users/bank-account/:bankRef/:accountNumber AccountNameAnswer (local banks; invalid NUBAN: 400;
 *                                                      past the user's lookup limits: 429)
 *   POST   /users/bank-account                         AddBankAccountRequest -> Message, 201 (Idempotency-Key;
 *                                                      the same bank and number twice: 409; a field over
 *                                                      its maximum length: 400; without a code verified for
 *                                                      this session in the last 5 minutes: 403
 *                                                      step_up.required, server/auth/step-up.ts)
 *   DELETE /users/bank-account/:ref                    Message (another user's ref: 404)
 */
import type { Context } from "hono"
import type { AccountNameAnswer, BankAccountList, BankList } from "../../../src/contract/bank-accounts"
import type { Message } from "../../../src/contract/common"
import { createRateLimiter } from "../../auth/rate-limit"
import { requireSession } from "../../auth/session"
import { requireFreshStepUp } from "../../auth/step-up"
import {
  addBankAccount,
  BANK_ACCOUNT_ADDED_MESSAGE,
  countLookup,
  BANK_ACCOUNT_DELETED_MESSAGE,
  decodeAddBankAccount,
  deleteBankAccount,
  listBankAccounts,
  listBanks,
  lookUpAccountName,
  LookupLimitedError,
} from "../../money/bank-accounts"
import { parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { idempotent } from "../idempotency"

export const bankAccountRoutes: ApiRoutes = {
  name: "bank-accounts",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)
    const limiter = createRateLimiter(db)
    const limits = { perMinute: deps.config.lookupLimitPerMinute, perDay: deps.config.lookupLimitPerDay }
    /** Counts one lookup of the signed-in user, or answers 429 with Retry-After. */
    const counted = (c: Pick<Context, "header">, userId: string) => async () => {
      try {
        await countLookup(limiter, limits, userId, deps.now())
      } catch (error) {
        if (error instanceof LookupLimitedError) c.header("Retry-After", String(error.retryAfterSeconds))
        throw error
      }
    }

    api.get("/users/banks", signedIn, async (c) => {
      const answer: BankList = await listBanks(db)
      return c.json(answer)
    })

    api.get("/users/bank-account", signedIn, async (c) => {
      const answer: BankAccountList = await listBankAccounts(db, c.get("session").userId)
      return c.json(answer)
    })

    api.get("/users/bank-account/:bankRef/:accountNumber", signedIn, async (c) => {
      await counted(c, c.get("session").userId)()
      const answer: AccountNameAnswer = { accountName: await lookUpAccountName(db, c.req.param("bankRef"), c.req.param("accountNumber")) }
      return c.json(answer)
    })

    api.post("/users/bank-account", signedIn, once, async (c) => {
      const body = decodeAddBankAccount(parseJsonBody(c.get("rawBody")))
      const { userId, tokenId } = c.get("session")
      // Money may leave to this account later: a fresh code of this session first (issue 35).
      await requireFreshStepUp(db, { userId, tokenId, now: deps.now() })
      await addBankAccount(db, userId, body, new Date(deps.now()), counted(c, userId))
      const answer: Message = { message: BANK_ACCOUNT_ADDED_MESSAGE }
      return c.json(answer, 201)
    })

    api.delete("/users/bank-account/:ref", signedIn, async (c) => {
      await deleteBankAccount(db, c.get("session").userId, c.req.param("ref"), new Date(deps.now()))
      const answer: Message = { message: BANK_ACCOUNT_DELETED_MESSAGE }
      return c.json(answer)
    })
  },
}
