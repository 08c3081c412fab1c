/**
 * PATCH /users/withdraw/:ref/cancel (issue 35): a withdrawal the payout rail has not sent to the
 * bank (QUEUED or PENDING) is cancelled and its cash comes back in the same transaction, as a
 * reversal tied to it; once sent the cancel is refused with 409 and a reason the app says in the
 * user's language; another user's withdrawal is a 404; a cancel racing the rail's send ends in one
 * of the two outcomes, never both (the cross-process proof on PostgreSQL is
 * test/server/scale/cancel-send-races.test.ts).
 */
import { readFileSync } from "node:fs"
import i18next from "i18next"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountDetails } from "../../../src/contract/accounts"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { compare, sum } from "../../../src/domain/decimal"
import { codedErrorText } from "../../../src/i18n/error-text"
import { cashEffect } from "../../../server/db/ledger"
import { advancePayments, PAYMENT_TIMINGS } from "../../../server/money/payment-engine"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

const NGN = SEEDED.accounts.demoNgn
let figure = 0
/** A unique amount, so each test finds its own withdrawal. */
const nextAmount = () => `${311 + ++figure}.${String(figure).padStart(2, "0")}`

const details = async (accountId: string = NGN) =>
  decode(AccountDetails, (await h.call("GET", `/api/users/account/${accountId}`, { token: await h.tokenOf("demo") })).body)

const activeBank = async () =>
  (
    await h.database.db
      .selectFrom("bankAccounts")
      .select("ref")
      .where("userId", "=", SEEDED.users.demo)
      .where("currency", "=", "NGN")
      .where("status", "=", "active")
      .orderBy("createdAt")
      .executeTakeFirstOrThrow()
  ).ref

/** Withdraws `amount` from the demo user's NGN portfolio; answers the payment's ref. */
const withdraw = async (amount: string): Promise<string> => {
  const res = await h.call("POST", "/api/users/withdraw", {
    token: await h.tokenOf("demo"),
    body: { channel: "NUBAN", bankAccountRef: await activeBank(), amount, accountId: NGN },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return (await paymentWith(amount)).ref
}

const paymentWith = async (amount: string) => {
  const payment = (await details()).details.payments.find((p) => p.type === "WITHDRAWAL" && p.amount === amount)
  if (!payment) throw new Error(`no withdrawal of ${amount}`)
  return payment
}

const cancel = async (ref: string, user: "demo" | "app" = "demo") =>
  h.call("PATCH", `/api/users/withdraw/${encodeURIComponent(ref)}/cancel`, { token: await h.tokenOf(user) })

const ledgerSums = async (accountId: string = NGN) => {
  const account = await h.database.db.selectFrom("accounts").select("cashBalance").where("accountId", "=", accountId).executeTakeFirstOrThrow()
  const rows = await h.database.db.selectFrom("transactions").select(["tranType", "tranAmount"]).where("accountId", "=", accountId).execute()
  return compare(account.cashBalance, sum(rows.map((r) => cashEffect(r.tranType, r.tranAmount)))) === 0
}

/** Moves the rail on as if `ms` had passed since the test's clock. */
const railAt = (ms: number) => advancePayments(h.database.db, h.clock.now() + ms)

const errors = (lang: string) => JSON.parse(readFileSync(`src/i18n/locales/${lang}/errors.json`, "utf8")) as Record<string, unknown>
const said = async (lang: string, body: { code?: string; values?: Record<string, string> }) => {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng: lang,
    fallbackLng: "en",
    ns: ["errors"],
    defaultNS: "errors",
    resources: { en: { errors: errors("en") }, [lang]: { errors: errors(lang) } },
    interpolation: { escapeValue: false },
  })
  return codedErrorText(i18n, body.code, body.values)
}

describe("cancelling a withdrawal before it is sent", () => {
  it("a QUEUED withdrawal is cancelled: CANCELLED with its step, the cash back as a reversal tied to it, the ledger sums; the rail leaves it alone", async () => {
    const before = (await details()).cashBalance
    const amount = nextAmount()
    const ref = await withdraw(amount)
    expect(compare(sum([(await details()).cashBalance, amount]), before)).toBe(0)
    const res = await cancel(ref)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual({ message: "Withdrawal cancelled; the cash is back in the portfolio." })
    const after = await details()
    expect(after.cashBalance).toBe(before)
    const payment = after.details.payments.find((p) => p.ref === ref)!
    expect(payment.status).toBe("CANCELLED")
    expect(payment.progress.map((p) => p.status)).toEqual(["QUEUED", "CANCELLED"])
    expect(payment.progress[1]).toMatchObject({ activity: null, activityText: { code: "cancelled-by-customer", values: {} } })
    const reversals = after.transactions.filter((t) => t.paymentRef === ref && t.tranType === "reversal")
    expect(reversals).toMatchObject([{ tranAmount: amount, descriptionText: { code: "withdrawal-cancelled", values: { ref } } }])
    expect(await ledgerSums()).toBe(true)
    // The rail never moves a cancelled withdrawal on.
    const steps = await railAt(PAYMENT_TIMINGS.acceptAfterMs + PAYMENT_TIMINGS.sendAfterMs + PAYMENT_TIMINGS.settleAfterMs + 1)
    expect(steps.filter((s) => s.ref === ref)).toEqual([])
    expect((await paymentWith(amount)).status).toBe("CANCELLED")
  })

  it("a PENDING withdrawal (accepted by the rail, not sent yet) is cancelled too; a second cancel is refused as already cancelled and books nothing", async () => {
    const before = (await details()).cashBalance
    const amount = nextAmount()
    const ref = await withdraw(amount)
    await railAt(PAYMENT_TIMINGS.acceptAfterMs)
    expect((await paymentWith(amount)).status).toBe("PENDING")
    expect((await cancel(ref)).status).toBe(200)
    const again = await cancel(ref)
    expect(again.status).toBe(409)
    expect(decode(ErrorBody, again.body)).toMatchObject({ code: ErrorCodes.conflict, values: { reason: "withdrawal_cancelled", status: "CANCELLED" } })
    const payment = await paymentWith(amount)
    expect(payment.progress.map((p) => p.status)).toEqual(["QUEUED", "PENDING", "CANCELLED"])
    const entries = (await details()).transactions.filter((t) => t.paymentRef === ref).map((t) => t.tranType)
    expect(entries.sort()).toEqual(["reversal", "withdraw"])
    expect((await details()).cashBalance).toBe(before)
    expect(await ledgerSums()).toBe(true)
  })
})

describe("a withdrawal already sent", () => {
  it("is refused with 409 and the reason, said in the user's language; it stays SENT_TO_BANK, the cash stays taken, and it completes", async () => {
    const amount = nextAmount()
    const ref = await withdraw(amount)
    await railAt(PAYMENT_TIMINGS.acceptAfterMs)
    await railAt(PAYMENT_TIMINGS.acceptAfterMs + PAYMENT_TIMINGS.sendAfterMs)
    expect((await paymentWith(amount)).status).toBe("SENT_TO_BANK")
    const cash = (await details()).cashBalance
    const res = await cancel(ref)
    expect(res.status).toBe(409)
    const body = decode(ErrorBody, res.body)
    expect(body).toMatchObject({
      code: ErrorCodes.conflict,
      error: "This withdrawal has already been sent to the bank and can no longer be cancelled.",
      values: { reason: "withdrawal_sent", status: "SENT_TO_BANK" },
    })
    expect(await said("en", body)).toBe("This withdrawal has already been sent to the bank and can no longer be cancelled.")
    expect(await said("de", body)).toBe("Diese Auszahlung wurde bereits an die Bank gesendet und kann nicht mehr storniert werden.")
    expect(await said("ja", body)).toBe("この出金はすでに銀行へ送金されたため、取り消せません。")
    expect((await paymentWith(amount)).status).toBe("SENT_TO_BANK")
    expect((await details()).cashBalance).toBe(cash)
    await railAt(PAYMENT_TIMINGS.acceptAfterMs + PAYMENT_TIMINGS.sendAfterMs + PAYMENT_TIMINGS.settleAfterMs)
    expect((await paymentWith(amount)).status).toBe("COMPLETED")
    expect((await cancel(ref)).status).toBe(409)
    expect(await ledgerSums()).toBe(true)
  })
})

describe("only the user's own withdrawals", () => {
  it("another user's withdrawal ref, an unknown ref and a deposit's ref answer 404 and change nothing", async () => {
    const amount = nextAmount()
    const ref = await withdraw(amount)
    const foreign = await cancel(ref, "app")
    expect(foreign.status).toBe(404)
    expect(decode(ErrorBody, foreign.body).code).toBe(ErrorCodes.notFound)
    expect((await paymentWith(amount)).status).toBe("QUEUED")
    expect((await cancel("WDR-NOT-A-REF")).status).toBe(404)
    const deposit = (await details()).details.payments.find((p) => p.type === "DEPOSIT")!
    expect((await cancel(deposit.ref)).status).toBe(404)
    // Its owner can still cancel it.
    expect((await cancel(ref)).status).toBe(200)
  })
})

describe("a cancel racing the rail's send in one process", () => {
  it("20 races: each withdrawal ends CANCELLED with the cash back or SENT_TO_BANK with the cancel refused, never both; the ledger sums", async () => {
    const before = (await details()).cashBalance
    const refs: string[] = []
    for (let i = 0; i < 20; i++) refs.push(await withdraw(nextAmount()))
    await railAt(PAYMENT_TIMINGS.acceptAfterMs)
    const sendAt = PAYMENT_TIMINGS.acceptAfterMs + PAYMENT_TIMINGS.sendAfterMs
    const [answers, steps] = await Promise.all([Promise.all(refs.map((ref) => cancel(ref))), Promise.all([railAt(sendAt), railAt(sendAt)])])
    const sent = new Set(steps.flat().map((s) => s.ref))
    const payments = (await details()).details.payments
    let cancelled = 0
    refs.forEach((ref, i) => {
      const payment = payments.find((p) => p.ref === ref)!
      const answer = answers[i]!
      if (answer.status === 200) {
        cancelled++
        expect(payment.status, ref).toBe("CANCELLED")
        expect(sent.has(ref), ref).toBe(false)
      } else {
        expect(answer.status, ref).toBe(409)
        expect(answer.body.values, ref).toEqual({ reason: "withdrawal_sent", status: "SENT_TO_BANK" })
        expect(payment.status, ref).toBe("SENT_TO_BANK")
        expect(sent.has(ref), ref).toBe(true)
      }
    })
    const sentTotal = payments.filter((p) => refs.includes(p.ref) && p.status === "SENT_TO_BANK").map((p) => p.total)
    expect(compare(sum([(await details()).cashBalance, ...sentTotal]), before)).toBe(0)
    expect(cancelled + sentTotal.length).toBe(refs.length)
    expect(await ledgerSums()).toBe(true)
  })
})
