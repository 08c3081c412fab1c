import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { WithdrawalQuote } from "../../src/contract/money-movement"
import { Money } from "../../src/services/money.service"
import { header, json } from "./test-server"
import { useTestRuntime } from "./test-runtime"

const quote: WithdrawalQuote = {
  quoteId: "6f1c2a9e-3d4b-4c8a-9e1f-0a2b3c4d5e6f",
  accountId: "A1",
  bankAccountRef: "BA-1",
  amount: "100.00",
  currency: "USD",
  rate: "1476.25",
  payoutAmount: "147625.00",
  payoutCurrency: "NGN",
  expiresAt: "2026-03-16T12:01:00.000Z",
  validForMs: 60_000,
}
const body = { channel: "NUBAN", bankAccountRef: "BA-1", amount: "100.00", accountId: "A1" } as const

const { setup } = useTestRuntime()

describe("Money: the quoted rate of a payout in another currency (issue 30)", () => {
  it("POSTs the withdrawal to /api/users/withdraw/quote without an Idempotency-Key and decodes the quote", async () => {
    const { server, runtime } = await setup({ "/api/users/withdraw/quote": () => json(200, quote) })
    expect(await runtime.runPromise(Money.use((m) => m.quoteWithdrawal(body)))).toEqual(quote)
    const [request] = server.requests
    expect([request!.method, JSON.parse(request!.body)]).toEqual(["POST", body])
    expect(header(request!, "idempotency-key")).toBeUndefined()
  })

  it("sends the quote's id with the withdrawal, under the intent's key", async () => {
    const { server, runtime } = await setup({ "/api/users/withdraw": () => json(200, { message: "Withdrawal Request Submitted Successfully" }) })
    await runtime.runPromise(Money.use((m) => m.withdraw({ ...body, quoteId: quote.quoteId }, "key-1")))
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ ...body, quoteId: quote.quoteId })
    expect(header(server.requests[0]!, "idempotency-key")).toBe("key-1")
  })

  it("fails with the server's code and figures when no rate is available, for the client to say it in the user's language", async () => {
    const refusal = {
      statusCode: 400,
      code: "withdrawal.no_rate",
      error: "No exchange rate from USD to EUR is available right now.",
      values: { from: "USD", to: "EUR" },
    }
    const { runtime } = await setup({ "/api/users/withdraw/quote": () => json(400, refusal) })
    const failure = await runtime.runPromise(Effect.flip(Money.use((m) => m.quoteWithdrawal(body))))
    expect(failure).toMatchObject({ _tag: "ApiError", status: 400, code: "withdrawal.no_rate", values: { from: "USD", to: "EUR" } })
  })
})

describe("Money: cancelling a withdrawal not yet sent to the bank (issue 35)", () => {
  it("PATCHes /api/users/withdraw/{ref}/cancel with no body and decodes the message", async () => {
    const answer = { message: "Withdrawal cancelled; the cash is back in the portfolio." }
    const { server, runtime } = await setup({ "/api/users/withdraw/WDR-1/cancel": () => json(200, answer) })
    expect(await runtime.runPromise(Money.use((m) => m.cancelWithdrawal("WDR-1")))).toEqual(answer)
    const [request] = server.requests
    expect(request!.method).toBe("PATCH")
    expect(request!.body).toBe("")
  })

  it("fails with the refusal's code and reason once the withdrawal was sent, for the client to say it in the user's language", async () => {
    const refusal = {
      statusCode: 409,
      code: "conflict",
      error: "This withdrawal has already been sent to the bank and can no longer be cancelled.",
      values: { reason: "withdrawal_sent", status: "SENT_TO_BANK" },
    }
    const { runtime } = await setup({ "/api/users/withdraw/WDR-2/cancel": () => json(409, refusal) })
    const failure = await runtime.runPromise(Effect.flip(Money.use((m) => m.cancelWithdrawal("WDR-2"))))
    expect(failure).toMatchObject({ _tag: "ApiError", status: 409, code: "conflict", values: { reason: "withdrawal_sent", status: "SENT_TO_BANK" } })
  })
})
