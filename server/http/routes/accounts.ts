/**
 * Profile and portfolios (spec part 1 sections 3, 4, 6, 7; part 2 sections 2, 3), every route for
 * the signed-in user's own data only (another user's account id is a 404):
 *   GET  /users/profile                          Profile
 *   GET  /users/account                          AccountList, oldest first
 *   GET  /users/account/:accountId               AccountDetails, marked to market now
 *   POST /users/account                          CreateAccountRequest -> Message, 201 (verified profiles
 *                                                only; Idempotency-Key required, see ../idempotency.ts)
 *   GET  /users/suggestion/:accountId/:band      InstrumentList for a risk band (low, moderate, high)
 *   POST /users/withdraw                         WithdrawRequest -> Message (Idempotency-Key required;
 *                                                server/money/withdraw.ts)
 *   POST /users/withdraw/quote                   WithdrawalQuoteRequest -> WithdrawalQuote: the rate of a
 *                                                payout in another currency, held for a minute
 *                                                (server/money/withdrawal-quote.ts)
 *   PATCH /users/withdraw/:ref/cancel            -> Message: cancels the user's withdrawal before the
 *                                                rail sends it, the cash back (another's or one
 *                                                already sent: 404 / 409; server/money/cancel-withdrawal.ts)
 *   PATCH /users/reserve-account/:ref            ReserveAccountUpdateRequest -> Message: a reserved
 *                                                account of the user's portfolio `accountId` turns
 *                                                instant deposit on or off (another's: 404)
 *   GET  /users/statement/:accountId/:key?lang=  the statement file as a PDF (server/statements),
 *                                                labels and formats in `lang` (en when absent or
 *                                                unknown); another user's account or key: 404
 * The queries live in server/queries.
 */
import { Schema } from "effect"
import { CreateAccountRequest, type AccountDetails, type AccountList } from "../../../src/contract/accounts"
import { RiskBand, type Message } from "../../../src/contract/common"
import { ReserveAccountUpdateRequest, WithdrawalQuoteRequest, WithdrawRequest, type WithdrawalQuote } from "../../../src/contract/money-movement"
import type { InstrumentList } from "../../../src/contract/instruments"
import type { Profile } from "../../../src/contract/profile"
import { requireSession } from "../../auth/session"
import { cancelWithdrawal, WITHDRAWAL_CANCELLED_MESSAGE } from "../../money/cancel-withdrawal"
import { hasFreshStepUp } from "../../auth/step-up"
import { WITHDRAWAL_CREATED_MESSAGE, withdraw } from "../../money/withdraw"
import { quoteWithdrawal } from "../../money/withdrawal-quote"
import { marketMoment } from "../../market/prices"
import { accountDetails, listAccounts } from "../../queries/accounts"
import { stampedAnswers } from "../../queries/answer-cache"
import { ACCOUNT_NOT_FOUND, groupPartnersOf, ownedAccount, ownedAccountVersion } from "../../queries/common"
import { ACCOUNT_CREATED_MESSAGE, createAccount } from "../../queries/create-account"
import { suggestInstruments } from "../../queries/instruments"
import { statementData } from "../../statements/data"
import { renderStatementPdf } from "../../statements/pdf"
import { STATEMENT_LANGUAGES, statementFileName, type StatementLanguage } from "../../../src/domain/statements"
import { profileRowOf, toProfile } from "../../queries/profile"
import { decodeOrBadRequest, parseJsonBody } from "../body"
import type { ApiRoutes } from "../context"
import { ApiErrors } from "../errors"
import { ifNoneMatch, versionEtag } from "../etag"
import { idempotent } from "../idempotency"

const isRiskBand = Schema.is(RiskBand)
const isStatementLanguage = (value: unknown): value is StatementLanguage => STATEMENT_LANGUAGES.some((l) => l === value)

/** The answer of a successful PATCH /users/reserve-account/:ref. */
export const RESERVED_ACCOUNT_UPDATED_MESSAGE = "Instant deposit updated"
/** A reserved account that is not one of the portfolio's. */
const RESERVED_ACCOUNT_NOT_FOUND = "The reserved account was not found."

export const accountRoutes: ApiRoutes = {
  name: "accounts",
  mount: (api, deps) => {
    const { db } = deps.database
    const signedIn = requireSession(deps, { satisfied: true })
    const once = idempotent(deps)
    // The account details are the heaviest answer and the one the app polls: kept by the account's
    // version (bumped in the same transaction as every change they show) and the market moment.
    const details = stampedAnswers<AccountDetails>()

    api.get("/users/profile", signedIn, async (c) => {
      const answer: Profile = toProfile(await profileRowOf(db, c.get("session").userId))
      return c.json(answer)
    })

    api.get("/users/account", signedIn, async (c) => {
      const answer: AccountList = await listAccounts(db, c.get("session").userId)
      return c.json(answer)
    })

    api.get("/users/account/:accountId", signedIn, async (c) => {
      const { userId } = c.get("session")
      const accountId = c.req.param("accountId")
      const now = new Date(deps.now())
      // One indexed lookup: the ownership check and the version. An unchanged poll ends here.
      const stampOf = async () => {
        const version = await ownedAccountVersion(db, userId, accountId)
        return version === null ? null : `${version} ${marketMoment(now)}`
      }
      const stamp = await stampOf()
      if (stamp === null) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
      const etag = versionEtag(c.get("bearerToken") ?? "", `${accountId} ${stamp}`)
      if (ifNoneMatch(c.req.header("If-None-Match"), etag)) return c.body(null, 304, { ETag: etag })
      // Keyed by the user too: only an answer this user was given (the ownership check passed) is reused.
      const answer: AccountDetails = await details.get(
        `${userId} ${accountId}`,
        stamp,
        async () => accountDetails(db, userId, await ownedAccount(db, userId, accountId), now),
        stampOf,
      )
      return c.json(answer, 200, { ETag: etag })
    })

    api.post("/users/account", signedIn, once, async (c) => {
      const body = decodeOrBadRequest(CreateAccountRequest, parseJsonBody(c.get("rawBody")))
      await createAccount(db, c.get("session").userId, body, new Date(deps.now()))
      const answer: Message = { message: ACCOUNT_CREATED_MESSAGE }
      return c.json(answer, 201)
    })

    api.get("/users/suggestion/:accountId/:band", signedIn, async (c) => {
      const { userId } = c.get("session")
      const account = await ownedAccount(db, userId, c.req.param("accountId"))
      const band = c.req.param("band")
      if (!isRiskBand(band)) {
        const text = "The risk band must be low, moderate or high."
        throw ApiErrors.badRequest(text, { band: text })
      }
      const answer: InstrumentList = await suggestInstruments(db, await groupPartnersOf(db, userId), account, band)
      return c.json(answer)
    })

    api.get("/users/statement/:accountId/:key", signedIn, async (c) => {
      const account = await ownedAccount(db, c.get("session").userId, c.req.param("accountId"))
      const data = await statementData(db, account, c.req.param("key"), new Date(deps.now()))
      const lang = c.req.query("lang")
      const pdf = await renderStatementPdf(data, isStatementLanguage(lang) ? lang : "en", new Date(deps.now()))
      const date = data.kind === "confirmation" ? data.date : data.periodStart
      const name = statementFileName(data.kind, account.accountNumber, date)
      return c.body(pdf, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
      })
    })

    api.patch("/users/reserve-account/:ref", signedIn, async (c) => {
      const body = decodeOrBadRequest(ReserveAccountUpdateRequest, parseJsonBody(c.get("rawBody")))
      const account = await ownedAccount(db, c.get("session").userId, body.accountId)
      const updated = await db
        .updateTable("reservedAccounts")
        .set({ instantDeposit: body.instantDeposit, updatedAt: new Date(deps.now()) })
        .where("accountId", "=", account.accountId)
        .where("ref", "=", c.req.param("ref"))
        .returning("ref")
        .executeTakeFirst()
      if (!updated) throw ApiErrors.notFound(RESERVED_ACCOUNT_NOT_FOUND)
      const answer: Message = { message: RESERVED_ACCOUNT_UPDATED_MESSAGE }
      return c.json(answer)
    })

    api.post("/users/withdraw", signedIn, once, async (c) => {
      const body = decodeOrBadRequest(WithdrawRequest, parseJsonBody(c.get("rawBody")))
      const { userId, tokenId } = c.get("session")
      const now = deps.now()
      await withdraw(db, userId, body, new Date(now), { freshStepUp: (trx) => hasFreshStepUp(trx, { userId, tokenId, now }) })
      const answer: Message = { message: WITHDRAWAL_CREATED_MESSAGE }
      return c.json(answer)
    })

    api.patch("/users/withdraw/:ref/cancel", signedIn, async (c) => {
      await cancelWithdrawal(db, c.get("session").userId, c.req.param("ref"), new Date(deps.now()))
      const answer: Message = { message: WITHDRAWAL_CANCELLED_MESSAGE }
      return c.json(answer)
    })

    api.post("/users/withdraw/quote", signedIn, async (c) => {
      const body = decodeOrBadRequest(WithdrawalQuoteRequest, parseJsonBody(c.get("rawBody")))
      const answer: WithdrawalQuote = await quoteWithdrawal(db, c.get("session").userId, body, new Date(deps.now()))
      return c.json(answer)
    })
  },
}
