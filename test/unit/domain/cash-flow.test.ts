import { describe, expect, it } from "vitest"
import { latestTransactions, monthlyCashFlows, paymentActivity, wireInstructions } from "../../../src/domain/cash-flow"

const now = new Date("2026-11-24T10:00:00Z")
const tr = (tranType: string, tranAmount: string, tranTime: string) => ({ tranType, tranAmount, tranTime })

describe("monthlyCashFlows", () => {
  it("gives six months, oldest first, ending with the current month, zeros where nothing moved", () => {
    expect(monthlyCashFlows([], now).map((m) => m.month)).toEqual(["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"])
    expect(monthlyCashFlows([], now).every((m) => m.inflow === "0" && m.outflow === "0")).toBe(true)
  })

  it("sums deposits and sells as inflow, withdrawals and buys as outflow, exactly, then rounds half-up to whole numbers", () => {
    const flows = monthlyCashFlows(
      [
        tr("deposit", "1000.25", "2026-11-02T09:00:00Z"),
        tr("SELL", "0.25", "2026-11-03T09:00:00Z"),
        tr("withdraw", "200.49", "2026-11-04T09:00:00Z"),
        tr("buy", "0.01", "2026-11-05T09:00:00Z"),
        tr("dividend", "50", "2026-11-06T09:00:00Z"),
        tr("deposit", "0.1", "2026-10-31T23:59:59Z"),
        tr("deposit", "0.2", "2026-10-01T00:00:00Z"),
        tr("deposit", "0.2", "2026-10-15T00:00:00Z"),
      ],
      now,
    )
    expect(flows.at(-1)).toEqual({ month: "2026-11", inflow: "1001", outflow: "201" })
    // 0.1 + 0.2 + 0.2 = 0.5 exactly (no float drift), rounded half-up.
    expect(flows.at(-2)).toEqual({ month: "2026-10", inflow: "1", outflow: "0" })
  })

  it("leaves out transactions before the six months, in the future, or with a broken date or amount", () => {
    const flows = monthlyCashFlows(
      [
        tr("deposit", "10", "2026-05-31T23:59:59Z"),
        tr("deposit", "10", "2026-12-01T00:00:00Z"),
        tr("deposit", "10", "not a date"),
        tr("deposit", "ten", "2026-11-01T00:00:00Z"),
      ],
      now,
    )
    expect(flows.every((m) => m.inflow === "0")).toBe(true)
  })

  it("nets a returned withdrawal against the withdrawal it reverses: neither is inflow or outflow (issue 30)", () => {
    const withdrawal = (paymentRef: string | null, amount: string, at: string) => ({ ...tr("withdraw", amount, at), paymentRef })
    const reversal = (paymentRef: string | null, amount: string, at: string) => ({ ...tr("reversal", amount, at), paymentRef })
    const flows = monthlyCashFlows(
      [
        withdrawal("P1", "500", "2026-10-30T09:00:00Z"),
        // Returned in the next month: both months show what really moved.
        reversal("P1", "500", "2026-11-02T09:00:00Z"),
        withdrawal("P2", "70", "2026-11-03T09:00:00Z"),
        // A reversal with no payment to net against is still never inflow.
        reversal(null, "40", "2026-11-04T09:00:00Z"),
        tr("deposit", "10", "2026-11-05T09:00:00Z"),
      ],
      now,
    )
    expect(flows.slice(-2)).toEqual([
      { month: "2026-10", inflow: "0", outflow: "0" },
      { month: "2026-11", inflow: "10", outflow: "70" },
    ])
  })

  it("counts across a year boundary", () => {
    expect(monthlyCashFlows([tr("buy", "5", "2025-12-10T00:00:00Z")], new Date("2026-02-01T00:00:00Z")).map((m) => [m.month, m.outflow])).toEqual([
      ["2025-09", "0"],
      ["2025-10", "0"],
      ["2025-11", "0"],
      ["2025-12", "5"],
      ["2026-01", "0"],
      ["2026-02", "0"],
    ])
  })
})

describe("wireInstructions", () => {
  it("puts the trading account number in every placeholder", () => {
    expect(wireInstructions("Reference: {accountNumber}. Again {accountNumber}.", "4021884410")).toBe("Reference: 4021884410. Again 4021884410.")
    expect(wireInstructions("No placeholder", "1")).toBe("No placeholder")
  })
})

describe("latestTransactions and paymentActivity", () => {
  it("lists the first four of a newest-first list", () => {
    expect(latestTransactions([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4])
    expect(latestTransactions([1])).toEqual([1])
  })

  it("writes type / method or '***' / ****last4", () => {
    expect(paymentActivity({ type: "WITHDRAWAL", method: "NUBAN", last4: "6789" })).toBe("WITHDRAWAL / NUBAN / ****6789")
    expect(paymentActivity({ type: "DEPOSIT", method: null, last4: null })).toBe("DEPOSIT / ***")
  })
})
