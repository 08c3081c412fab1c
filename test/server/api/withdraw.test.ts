/**
 * POST /users/withdraw: a withdrawal reserves the cash in the same database transaction that
 * records the payment and its DEBIT transaction; channel and bank currency must fit; only the
 * user's own portfolio and bank account; one payment per Idempotency-Key; parallel withdrawals
 * never overdraw and the ledger still sums to the balance. A payout in another currency is paid at
 * a quoted market rate (POST /users/withdraw/quote) or refused; a returned payout is booked as
 * the reversal of its withdrawal (issue 30).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountDetails } from "../../../src/contract/accounts"
import { BankAccountList } from "../../../src/contract/bank-accounts"
import { WithdrawalQuote } from "../../../src/contract/money-movement"
import { monthlyCashFlows } from "../../../src/domain/cash-flow"
import { compare, div, mul, sum } from "../../../src/domain/decimal"
import { convertAmount, FX_QUOTE_VALIDITY_MS } from "../../../src/domain/fx"
import { cashEffect } from "../../../server/db/ledger"
import { fxMarketAt } from "../../../server/market/fx"
import { advancePayments, PAYMENT_TIMINGS } from "../../../server/money/payment-engine"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

const withdrawCall = async (body: unknown, key: string = crypto.randomUUID(), user: "demo" | "app" = "demo") =>
  h.call("POST", "/api/users/withdraw", { token: await h.tokenOf(user), body, headers: { "Idempotency-Key": key } })

const details = async (accountId: string) =>
  decode(AccountDetails, (await h.call("GET", `/api/users/account/${accountId}`, { token: await h.tokenOf("demo") })).body)

const bankOf = async (currency: "NGN" | "USD") => {
  const row = await h.database.db
    .selectFrom("bankAccounts")
    .select(["ref"])
    .where("userId", "=", SEEDED.users.demo)
    .where("currency", "=", currency)
    .orderBy("createdAt")
    .executeTakeFirstOrThrow()
  return row.ref
}

/** The account's cash and what its transactions sum to (they must agree). */
const ledgerOf = async (accountId: string) => {
  const account = await h.database.db.selectFrom("accounts").select("cashBalance").where("accountId", "=", accountId).executeTakeFirstOrThrow()
  const rows = await h.database.db.selectFrom("transactions").select(["tranType", "tranAmount"]).where("accountId", "=", accountId).execute()
  return { cash: account.cashBalance, summed: sum(rows.map((r) => cashEffect(r.tranType, r.tranAmount))) }
}

describe("POST /users/withdraw", () => {
  it("NUBAN from the NGN portfolio: the payment on top with its timeline, a withdraw transaction, the cash lower by the amount", async () => {
    const before = await details(SEEDED.accounts.demoNgn)
    const res = await withdrawCall({ channel: "NUBAN", bankAccountRef: await bankOf("NGN"), amount: "1250.50", accountId: SEEDED.accounts.demoNgn })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: "Withdrawal Request Submitted Successfully" })
    const after = await details(SEEDED.accounts.demoNgn)
    const payment = after.details.payments[0]!
    expect(payment).toMatchObject({ type: "WITHDRAWAL", method: "NUBAN", status: "QUEUED", amount: "1250.50", total: "1250.50", currency: "NGN" })
    expect(payment.progress.map((p) => p.status)).toEqual(["QUEUED"])
    expect(after.transactions[0]).toMatchObject({ tranType: "withdraw", tranAmount: "1250.50" })
    expect(compare(after.cashBalance, before.cashBalance)).toBe(-1)
    expect(compare(sum([after.cashBalance, "1250.50"]), before.cashBalance)).toBe(0)
    const ledger = await ledgerOf(SEEDED.accounts.demoNgn)
    expect(compare(ledger.cash, ledger.summed)).toBe(0)
  })

  it("WIRE from the USD portfolio to a USD account; a channel that does not fit the bank's currency is refused", async () => {
    expect((await withdrawCall({ channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: "10", accountId: SEEDED.accounts.demoUsd })).status).toBe(200)
    const nubanToUsd = await withdrawCall({ channel: "NUBAN", bankAccountRef: await bankOf("USD"), amount: "10", accountId: SEEDED.accounts.demoUsd })
    expect(nubanToUsd.status).toBe(400)
    expect(nubanToUsd.body.message.bankAccountRef).toBe("NUBAN withdrawals go to an NGN bank account.")
    const wireToNgn = await withdrawCall({ channel: "WIRE", bankAccountRef: await bankOf("NGN"), amount: "10", accountId: SEEDED.accounts.demoNgn })
    expect(wireToNgn.status).toBe(400)
  })

  it("refuses more than the cash, a zero or malformed amount, and missing fields, with the spec's texts; nothing is written", async () => {
    const before = await details(SEEDED.accounts.demoNgn)
    const tooMuch = await withdrawCall({
      channel: "NUBAN",
      bankAccountRef: await bankOf("NGN"),
      amount: sum([before.cashBalance, "0.01"]),
      accountId: SEEDED.accounts.demoNgn,
    })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.message.amount).toMatch(/^The amount is more than the cash available/)
    // The same refusal in a code and figures, for clients to say it in the user's language.
    expect(tooMuch.body.code).toBe("withdrawal.above_cash")
    expect(tooMuch.body.values).toEqual({ cash: before.cashBalance, currency: "NGN" })
    for (const amount of ["0", "0.00", "-5", "1.234", "abc"]) {
      const res = await withdrawCall({ channel: "NUBAN", bankAccountRef: await bankOf("NGN"), amount, accountId: SEEDED.accounts.demoNgn })
      expect(res.status, amount).toBe(400)
      expect(res.body.message.amount, amount).toBe("Enter Valid Amount")
    }
    const missing = await withdrawCall({ accountId: SEEDED.accounts.demoNgn })
    expect(missing.body.message).toMatchObject({ channel: "Select Withdrawal Channel", bankAccountRef: "Select Bank Account", amount: "Enter Valid Amount" })
    expect((await details(SEEDED.accounts.demoNgn)).details.payments).toEqual(before.details.payments)
  })

  it("only the user's own portfolio and bank account: another's portfolio is a 404, another's bank account a 400", async () => {
    expect((await withdrawCall({ channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: "1", accountId: SEEDED.accounts.appUsd })).status).toBe(404)
    const foreignBank = await withdrawCall(
      { channel: "NUBAN", bankAccountRef: await bankOf("NGN"), amount: "1", accountId: SEEDED.accounts.appUsd },
      undefined,
      "app",
    )
    expect(foreignBank.status).toBe(400)
    expect(foreignBank.body.message.bankAccountRef).toBe("Select Bank Account")
  })

  it("50 concurrent submits with one key create exactly one payment", async () => {
    const count = async () => (await details(SEEDED.accounts.demoNgn)).details.payments.length
    const before = await count()
    const key = crypto.randomUUID()
    const body = { channel: "NUBAN", bankAccountRef: await bankOf("NGN"), amount: "3.00", accountId: SEEDED.accounts.demoNgn }
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdrawCall(body, key)))
    expect(await count()).toBe(before + 1)
    expect(answers.some((a) => a.status === 200)).toBe(true)
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true)
  })

  it("20 parallel withdrawals of a seventh of the cash each: at most 7 succeed, the cash never goes below zero, the ledger sums to the balance", async () => {
    const { cashBalance } = await details(SEEDED.accounts.demoUsd)
    const seventh = div(cashBalance, "7", 2, "down")
    const body = { channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: seventh, accountId: SEEDED.accounts.demoUsd }
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdrawCall(body)))
    const ok = answers.filter((a) => a.status === 200).length
    expect(ok).toBeLessThanOrEqual(7)
    expect(ok).toBeGreaterThanOrEqual(1)
    expect(answers.every((a) => a.status === 200 || (a.status === 400 && /more than the cash/.test(a.body.message?.amount ?? "")))).toBe(true)
    const ledger = await ledgerOf(SEEDED.accounts.demoUsd)
    expect(compare(ledger.cash, "0")).toBeGreaterThanOrEqual(0)
    expect(compare(ledger.cash, ledger.summed)).toBe(0)
  })
})

describe("the payout lifecycle (server/money/payment-engine.ts)", () => {
  const bankWithStatus = async (status: "active" | "pending") => {
    const row = await h.database.db
      .selectFrom("bankAccounts")
      .select(["ref"])
      .where("userId", "=", SEEDED.users.demo)
      .where("currency", "=", "NGN")
      .where("status", "=", status)
      .executeTakeFirstOrThrow()
    return row.ref
  }
  const paymentOf = async (accountId: string, amount: string) => {
    const payment = (await details(accountId)).details.payments.find((p) => p.amount === amount && p.type === "WITHDRAWAL")
    if (!payment) throw new Error(`no withdrawal of ${amount}`)
    return payment
  }
  const later = (ms: number) => h.clock.now() + ms
  /** The kinds of the inbox notices about a withdrawal. */
  const noticesOf = async (ref: string) =>
    (await h.database.db.selectFrom("notifications").select(["kind", "params"]).where("kind", "like", "withdrawal-%").execute())
      .filter((row) => row.params.ref === ref)
      .map((row) => row.kind)

  it("a withdrawal to a verified account goes QUEUED, PENDING, SENT_TO_BANK, COMPLETED, each step in its timeline, once each even with passes in parallel; the cash stays taken", async () => {
    const res = await withdrawCall({ channel: "NUBAN", bankAccountRef: await bankWithStatus("active"), amount: "77.01", accountId: SEEDED.accounts.demoNgn })
    expect(res.status).toBe(200)
    const cashAfterRequest = (await details(SEEDED.accounts.demoNgn)).cashBalance
    const { ref } = await paymentOf(SEEDED.accounts.demoNgn, "77.01")
    const stepsOf = (passes: ReadonlyArray<ReadonlyArray<{ ref: string; status: string }>>) =>
      passes
        .flat()
        .filter((s) => s.ref === ref)
        .map((s) => s.status)
    const { acceptAfterMs, sendAfterMs, settleAfterMs } = PAYMENT_TIMINGS
    // Not due yet: nothing moves.
    expect(stepsOf([await advancePayments(h.database.db, later(acceptAfterMs - 1))])).toEqual([])
    expect(stepsOf(await Promise.all([1, 2, 3].map(() => advancePayments(h.database.db, later(acceptAfterMs)))))).toEqual(["PENDING"])
    expect((await paymentOf(SEEDED.accounts.demoNgn, "77.01")).status).toBe("PENDING")
    expect(stepsOf([await advancePayments(h.database.db, later(acceptAfterMs + sendAfterMs - 1))])).toEqual([])
    expect(stepsOf(await Promise.all([1, 2, 3].map(() => advancePayments(h.database.db, later(acceptAfterMs + sendAfterMs)))))).toEqual(["SENT_TO_BANK"])
    expect((await paymentOf(SEEDED.accounts.demoNgn, "77.01")).status).toBe("SENT_TO_BANK")
    expect(stepsOf(await Promise.all([1, 2].map(() => advancePayments(h.database.db, later(acceptAfterMs + sendAfterMs + settleAfterMs)))))).toEqual([
      "COMPLETED",
    ])
    const payment = await paymentOf(SEEDED.accounts.demoNgn, "77.01")
    expect(payment.status).toBe("COMPLETED")
    expect(payment.progress.map((p) => p.status)).toEqual(["QUEUED", "PENDING", "SENT_TO_BANK", "COMPLETED"])
    // Each step says what it did as a code and values (the app says it in the user's language), no English sentence.
    expect(payment.progress.map((p) => p.activity)).toEqual([null, null, null, null])
    expect(payment.progress.map((p) => p.activityText?.code)).toEqual(["withdrawal-requested", "payout-scheduled", "sent-to-bank", "paid-to"])
    expect(payment.progress[3]!.activityText?.values).toEqual({ bank: expect.stringMatching(/\S/), last4: payment.last4 })
    expect((await details(SEEDED.accounts.demoNgn)).cashBalance).toBe(cashAfterRequest)
    const ledger = await ledgerOf(SEEDED.accounts.demoNgn)
    expect(compare(ledger.cash, ledger.summed)).toBe(0)
    // The inbox has one notice of it (issue 36), though the passes ran in parallel.
    expect(await noticesOf(ref)).toEqual(["withdrawal-completed"])
  })

  it("a withdrawal to an account not verified yet FAILS when it is sent, and the cash comes back as its reversal, tied to it and left out of the cash flows; the ledger still sums", async () => {
    const beforeDetails = await details(SEEDED.accounts.demoNgn)
    const before = beforeDetails.cashBalance
    expect(
      (await withdrawCall({ channel: "NUBAN", bankAccountRef: await bankWithStatus("pending"), amount: "55.55", accountId: SEEDED.accounts.demoNgn })).status,
    ).toBe(200)
    expect(compare(sum([(await details(SEEDED.accounts.demoNgn)).cashBalance, "55.55"]), before)).toBe(0)
    await advancePayments(h.database.db, later(PAYMENT_TIMINGS.acceptAfterMs))
    await advancePayments(h.database.db, later(PAYMENT_TIMINGS.acceptAfterMs + PAYMENT_TIMINGS.sendAfterMs))
    const payment = await paymentOf(SEEDED.accounts.demoNgn, "55.55")
    expect(payment.status).toBe("FAILED")
    expect(payment.progress.map((p) => p.status)).toEqual(["QUEUED", "PENDING", "FAILED"])
    expect(payment.progress[2]).toMatchObject({ activity: null, activityText: { code: "returned", values: { reason: "bank-unverified" } } })
    expect(await noticesOf(payment.ref)).toEqual(["withdrawal-failed"])
    const after = await details(SEEDED.accounts.demoNgn)
    expect(after.cashBalance).toBe(before)
    // Its own kind, tied to the payment like the withdrawal it reverses (no longer a deposit).
    expect(after.transactions[0]).toMatchObject({ tranType: "reversal", tranAmount: "55.55", paymentRef: payment.ref })
    expect(
      after.transactions
        .filter((t) => t.paymentRef === payment.ref)
        .map((t) => t.tranType)
        .sort(),
    ).toEqual(["reversal", "withdraw"])
    // The six-month chart shows what really moved: neither the returned withdrawal nor its reversal.
    const at = new Date(h.clock.now())
    expect(monthlyCashFlows(after.transactions, at)).toEqual(monthlyCashFlows(beforeDetails.transactions, at))
    const ledger = await ledgerOf(SEEDED.accounts.demoNgn)
    expect(compare(ledger.cash, ledger.summed)).toBe(0)
  })
})

describe("payouts in another currency (issue 30)", () => {
  const quoteCall = async (body: unknown, user: "demo" | "app" = "demo") => h.call("POST", "/api/users/withdraw/quote", { token: await h.tokenOf(user), body })
  const quoteOf = async (body: Record<string, string>, user: "demo" | "app" = "demo") => {
    const res = await quoteCall(body, user)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return decode(WithdrawalQuote, res.body)
  }
  /** demo@'s USD portfolio paid out over NUBAN to its verified NGN account (the probe's case). */
  const usdToNgn = async (amount: string) => ({ channel: "NUBAN", bankAccountRef: await bankOf("NGN"), amount, accountId: SEEDED.accounts.demoUsd })
  const paymentsOf = async (accountId: string) => (await details(accountId)).details.payments
  /** A bank account of `userId` written straight to the database (a currency or owner the forms do not offer), saved 30 days ago (no step-up asked, issue 35). */
  const extraBank = async (userId: string, currency: string, bankRef = "FOREIGN") => {
    const ref = `BA-TEST-${crypto.randomUUID().slice(0, 8)}`
    await h.database.db
      .insertInto("bankAccounts")
      .values({
        userId,
        ref,
        bankRef,
        bankName: `Test Bank ${currency}`,
        accountNumber: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)),
        accountName: "Test Holder",
        accountType: "Saving",
        currency: currency as "NGN",
        status: "active",
        createdAt: new Date(h.clock.now() - 30 * 24 * 60 * 60_000),
      })
      .execute()
    return ref
  }

  /** A deposit written with its cash, as the ledger keeps them (earlier tests drain the portfolios). */
  const fund = async (accountId: string, amount: string) => {
    await h.database.db.transaction().execute(async (trx) => {
      const account = await trx.selectFrom("accounts").select("cashBalance").where("accountId", "=", accountId).forUpdate().executeTakeFirstOrThrow()
      await trx
        .insertInto("transactions")
        .values({ accountId, tranType: "deposit", tranAmount: amount, tranTime: new Date(h.clock.now()), description: "Test deposit", comment: null })
        .execute()
      await trx
        .updateTable("accounts")
        .set({ cashBalance: sum([account.cashBalance, amount]) })
        .where("accountId", "=", accountId)
        .execute()
    })
  }
  const dropBank = (ref: string) => h.database.db.deleteFrom("bankAccounts").where("ref", "=", ref).execute()
  beforeAll(async () => {
    await fund(SEEDED.accounts.demoUsd, "5000.00")
    await fund(SEEDED.accounts.demoNgn, "500000.00")
  })

  it("refuses a payout to a bank account in another currency without a quote, writing nothing: no more rate 1", async () => {
    const before = await details(SEEDED.accounts.demoUsd)
    const res = await withdrawCall(await usdToNgn("1000.00"))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("withdrawal.quote_invalid")
    const after = await details(SEEDED.accounts.demoUsd)
    expect(after.details.payments).toEqual(before.details.payments)
    expect(after.cashBalance).toBe(before.cashBalance)
  })

  it("quotes the reference market's bid for USD to NGN, held for a minute, and pays at that rate: the payment records the rate and what arrives", async () => {
    const now = new Date(h.clock.now())
    const quote = await quoteOf(await usdToNgn("1000.00"))
    const market = fxMarketAt("USD", "NGN", now)!
    // Selling dollars gets the market's bid; what arrives is rounded down to the kobo.
    expect(quote).toMatchObject({
      accountId: SEEDED.accounts.demoUsd,
      bankAccountRef: await bankOf("NGN"),
      amount: "1000.00",
      currency: "USD",
      payoutCurrency: "NGN",
    })
    expect(compare(quote.rate, market.bid)).toBe(0)
    expect(compare(quote.rate, "100")).toBe(1)
    expect(quote.payoutAmount).toBe(convertAmount("1000.00", quote.rate))
    expect(compare(quote.payoutAmount, mul("1000", market.bid))).toBe(0)
    expect(Date.parse(quote.expiresAt)).toBe(now.getTime() + FX_QUOTE_VALIDITY_MS)
    expect(quote.validForMs).toBe(FX_QUOTE_VALIDITY_MS)

    const cashBefore = (await details(SEEDED.accounts.demoUsd)).cashBalance
    h.clock.advance(FX_QUOTE_VALIDITY_MS - 1)
    const res = await withdrawCall({ ...(await usdToNgn("1000.00")), quoteId: quote.quoteId })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const after = await details(SEEDED.accounts.demoUsd)
    const paid = after.details.payments.find((p) => p.amount === "1000.00" && p.payoutCurrency === "NGN")
    expect(paid).toMatchObject({ type: "WITHDRAWAL", method: "NUBAN", currency: "USD", total: "1000.00", payoutAmount: quote.payoutAmount })
    expect(compare(paid?.rate ?? "0", quote.rate)).toBe(0)
    // The portfolio gives dollars: its cash falls by the amount in USD, and its ledger still sums.
    expect(compare(sum([after.cashBalance, "1000.00"]), cashBefore)).toBe(0)
    const ledger = await ledgerOf(SEEDED.accounts.demoUsd)
    expect(compare(ledger.cash, ledger.summed)).toBe(0)

    // One quote pays one withdrawal.
    const again = await withdrawCall({ ...(await usdToNgn("1000.00")), quoteId: quote.quoteId })
    expect(again.status).toBe(400)
    expect(again.body.code).toBe("withdrawal.quote_invalid")
  })

  it("the other way, NGN to a USD bank account over WIRE, pays at one over the ask, rounded down", async () => {
    const body = { channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: "150000.00", accountId: SEEDED.accounts.demoNgn }
    const market = fxMarketAt("NGN", "USD", new Date(h.clock.now()))!
    const quote = await quoteOf(body)
    expect(quote).toMatchObject({ currency: "NGN", payoutCurrency: "USD" })
    expect(quote.rate).toBe(div("1", market.ask, 10, "down"))
    expect(compare(quote.payoutAmount, "50")).toBe(1)
    expect(compare(mul(quote.payoutAmount, market.ask), "150000")).toBeLessThanOrEqual(0)
    expect((await withdrawCall({ ...body, quoteId: quote.quoteId })).status).toBe(200)
    expect((await paymentsOf(SEEDED.accounts.demoNgn)).find((p) => p.amount === "150000.00")).toMatchObject({
      currency: "NGN",
      payoutAmount: quote.payoutAmount,
      payoutCurrency: "USD",
    })
  })

  it("refuses an expired quote, and a quote for another amount, portfolio or user, with their codes; nothing is written", async () => {
    const before = await paymentsOf(SEEDED.accounts.demoUsd)
    const expired = await quoteOf(await usdToNgn("20.00"))
    h.clock.advance(FX_QUOTE_VALIDITY_MS + 1)
    const late = await withdrawCall({ ...(await usdToNgn("20.00")), quoteId: expired.quoteId })
    expect(late.status).toBe(400)
    expect(late.body.code).toBe("withdrawal.quote_expired")

    const quote = await quoteOf(await usdToNgn("30.00"))
    const otherAmount = await withdrawCall({ ...(await usdToNgn("30.01")), quoteId: quote.quoteId })
    expect([otherAmount.status, otherAmount.body.code]).toEqual([400, "withdrawal.quote_invalid"])
    const notAnId = await withdrawCall({ ...(await usdToNgn("30.00")), quoteId: "not-a-uuid" })
    expect([notAnId.status, notAnId.body.code]).toEqual([400, "withdrawal.quote_invalid"])
    expect(await paymentsOf(SEEDED.accounts.demoUsd)).toEqual(before)

    // The app user, with a naira account of its own, cannot spend demo@'s quote.
    const appNgn = await extraBank(SEEDED.users.app, "NGN", "LCB")
    const appCash = async () => (await ledgerOf(SEEDED.accounts.appUsd)).cash
    const appBefore = await appCash()
    const stolen = await withdrawCall(
      { channel: "NUBAN", bankAccountRef: appNgn, amount: "30.00", accountId: SEEDED.accounts.appUsd, quoteId: quote.quoteId },
      undefined,
      "app",
    )
    expect([stolen.status, stolen.body.code]).toEqual([400, "withdrawal.quote_invalid"])
    expect(await appCash()).toBe(appBefore)
    // demo@'s own quote still pays demo@'s withdrawal.
    expect((await withdrawCall({ ...(await usdToNgn("30.00")), quoteId: quote.quoteId })).status).toBe(200)
    await dropBank(appNgn)
  })

  it("says when no rate is available, when too little would arrive, and that a payout in the portfolio's currency needs no quote", async () => {
    const eur = await extraBank(SEEDED.users.demo, "EUR")
    const noRate = await quoteCall({ channel: "WIRE", bankAccountRef: eur, amount: "10.00", accountId: SEEDED.accounts.demoUsd })
    expect(noRate.status).toBe(400)
    expect(noRate.body).toMatchObject({ code: "withdrawal.no_rate", values: { from: "USD", to: "EUR" } })
    expect((await withdrawCall({ channel: "WIRE", bankAccountRef: eur, amount: "10.00", accountId: SEEDED.accounts.demoUsd })).status).toBe(400)
    await dropBank(eur)

    const tiny = await quoteCall({ channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: "0.01", accountId: SEEDED.accounts.demoNgn })
    expect(tiny.status).toBe(400)
    expect(tiny.body.code).toBe("withdrawal.too_small_to_convert")

    const same = await quoteCall({ channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: "10.00", accountId: SEEDED.accounts.demoUsd })
    expect(same.status).toBe(400)
    expect(Object.keys(same.body.message ?? {})).toEqual(["bankAccountRef"])
    expect((await quoteCall({ channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: "10.00", accountId: SEEDED.accounts.appUsd })).status).toBe(404)

    // Same currency: rate 1, the amount itself arrives.
    expect((await withdrawCall({ channel: "WIRE", bankAccountRef: await bankOf("USD"), amount: "12.34", accountId: SEEDED.accounts.demoUsd })).status).toBe(200)
    expect((await paymentsOf(SEEDED.accounts.demoUsd)).find((p) => p.amount === "12.34")).toMatchObject({
      rate: "1",
      payoutAmount: "12.34",
      payoutCurrency: "USD",
    })
  })
})

describe("GET /users/bank-account", () => {
  it("lists only the signed-in user's saved bank accounts, newest first, in the contract's shape", async () => {
    const res = await h.call("GET", "/api/users/bank-account", { token: await h.tokenOf("demo") })
    expect(res.status).toBe(200)
    const list = decode(BankAccountList, res.body)
    const own = await h.database.db.selectFrom("bankAccounts").select("ref").where("userId", "=", SEEDED.users.demo).execute()
    expect(list.map((b) => b.ref).sort()).toEqual(own.map((b) => b.ref).sort())
    expect(list.map((b) => b.createdAt)).toEqual([...list.map((b) => b.createdAt)].sort().reverse())
    expect(new Set(list.map((b) => b.currency))).toEqual(new Set(["NGN", "USD"]))
    const app = decode(BankAccountList, (await h.call("GET", "/api/users/bank-account", { token: await h.tokenOf("app") })).body)
    expect(app.some((b) => list.some((d) => d.ref === b.ref))).toBe(false)
  })
})
