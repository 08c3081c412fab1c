/**
 * Withdrawal bank accounts (spec part 2 section 7; server/money/bank-accounts.ts says the rules):
 *   GET    /users/banks                                BankList
 *   GET    /users/bank-account                         BankAccountList, newest first, numbers masked but the last 4
 *   GET    /users/bank-account/:bankRef/:accountNumber AccountNameAnswer (local banks; invalid NUBAN: 400)
 *   POST   /users/bank-account                         AddBankAccountRequest -> Message, 201 (Idempotency-Key;
 *                                                      the same bank and number twice: 409)
 *   DELETE /users/bank-account/:ref                    Message (another user's ref: 404)
 */
import { AddBankAccountRequest, type AccountNameAnswer, type BankAccountList, type BankList } from "../../../src/contract/bank-accounts"
import type { Message } from "../../../src/contract/common"
import { requireSession } from "../../auth/session"
import { addBankAccount, BANK_ACCOUNT_ADDED_MESSAGE, BANK_ACCOUNT_DELETED_MESSAGE, deleteBankAccount, listBankAccounts, listBanks, lookUpAccountName } from "../../money/bank-accounts"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { idempotent } from "../idempotency"

export const bankAccountRoutes: ApiRoutes = {
  name: "bank-accounts",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)

    api.get("/users/banks", signedIn, async (c) => {
      const answer: BankList = await listBanks(db)
      return c.json(answer)
    })

    api.get("/users/bank-account", signedIn, async (c) => {
      const answer: BankAccountList = await listBankAccounts(db, c.get("session").userId)
      return c.json(answer)
    })

    api.get("/users/bank-account/:bankRef/:accountNumber", signedIn, async (c) => {
      const answer: AccountNameAnswer = { accountName: await lookUpAccountName(db, c.req.param("bankRef"), c.req.param("accountNumber")) }
      return c.json(answer)
    })

    api.post("/users/bank-account", signedIn, once, async (c) => {
      const body = decodeOrBadRequest(AddBankAccountRequest, parseJsonBody(c.get("rawBody")))
      await addBankAccount(db, c.get("session").userId, body, new Date(deps.now()))
      const answer: Message = { message: BANK_ACCOUNT_ADDED_MESSAGE }
      return c.json(answer, 201)
    })

    api.delete("/users/bank-account/:ref", signedIn, async (c) => {
      await deleteBankAccount(db, c.get("session").userId, c.req.param("ref"))
      const answer: Message = { message: BANK_ACCOUNT_DELETED_MESSAGE }
      return c.json(answer)
    })
  },
}
