import { describe, expect, it } from "vitest"
import { isOrderMove, ORDER_STATUSES, ORDER_STATUS_MOVES } from "../../../src/domain/order-ticket"
import {
  isPayoutMove,
  isWithdrawalCancellable,
  PAYOUT_CANCELLABLE_STATUSES,
  PAYOUT_FINAL_STATUSES,
  PAYOUT_OPEN_STATUSES,
  PAYOUT_STATUSES,
  PAYOUT_STATUS_MOVES,
  withdrawalCancelRefusal,
} from "../../../src/domain/withdrawal"

describe("status moves (the transition tables the engines enforce)", () => {
  it("an order is accepted, then filled or rejected, and may be cancelled while open; a final status never moves", () => {
    expect(isOrderMove("PENDING", "PROCESSING")).toBe(true)
    expect(isOrderMove("PENDING", "CANCELLED")).toBe(true)
    expect(isOrderMove("PROCESSING", "FILLED")).toBe(true)
    expect(isOrderMove("PROCESSING", "REJECTED")).toBe(true)
    expect(isOrderMove("PROCESSING", "CANCELLED")).toBe(true)
    expect(isOrderMove("PENDING", "FILLED")).toBe(false)
    expect(isOrderMove("PROCESSING", "PENDING")).toBe(false)
    for (const final of ["FILLED", "REJECTED", "CANCELLED"] as const) for (const to of ORDER_STATUSES) expect(isOrderMove(final, to)).toBe(false)
    expect(Object.keys(ORDER_STATUS_MOVES).sort()).toEqual([...ORDER_STATUSES].sort())
  })

  it("a withdrawal on the rail is queued, accepted, sent, then paid or returned; it may be cancelled or fail only before it is sent", () => {
    expect(isPayoutMove("QUEUED", "PENDING")).toBe(true)
    expect(isPayoutMove("QUEUED", "CANCELLED")).toBe(true)
    expect(isPayoutMove("PENDING", "SENT_TO_BANK")).toBe(true)
    expect(isPayoutMove("PENDING", "CANCELLED")).toBe(true)
    expect(isPayoutMove("PENDING", "FAILED")).toBe(true)
    expect(isPayoutMove("SENT_TO_BANK", "COMPLETED")).toBe(true)
    expect(isPayoutMove("SENT_TO_BANK", "RETURNED")).toBe(true)
    // Sent is sent: no cancel, no failure of our own; nothing skips a step or goes back.
    expect(isPayoutMove("SENT_TO_BANK", "CANCELLED")).toBe(false)
    expect(isPayoutMove("SENT_TO_BANK", "FAILED")).toBe(false)
    expect(isPayoutMove("QUEUED", "SENT_TO_BANK")).toBe(false)
    expect(isPayoutMove("PENDING", "QUEUED")).toBe(false)
    expect(isPayoutMove("pending", "SENT_TO_BANK")).toBe(false)
    expect(isPayoutMove("PROCESSING", "COMPLETED")).toBe(false)
    for (const final of PAYOUT_FINAL_STATUSES) for (const to of PAYOUT_STATUSES) expect(isPayoutMove(final, to)).toBe(false)
    expect(Object.keys(PAYOUT_STATUS_MOVES)).toEqual([...PAYOUT_STATUSES])
    expect(PAYOUT_OPEN_STATUSES).toEqual(["QUEUED", "PENDING", "SENT_TO_BANK"])
    expect(PAYOUT_FINAL_STATUSES).toEqual(["COMPLETED", "CANCELLED", "FAILED", "RETURNED"])
  })

  it("only a withdrawal not yet sent is cancellable, and a refused cancel says why", () => {
    expect(PAYOUT_CANCELLABLE_STATUSES).toEqual(["QUEUED", "PENDING"])
    expect(isWithdrawalCancellable({ type: "WITHDRAWAL", status: "QUEUED" })).toBe(true)
    expect(isWithdrawalCancellable({ type: "WITHDRAWAL", status: "PENDING" })).toBe(true)
    expect(isWithdrawalCancellable({ type: "DEPOSIT", status: "PENDING" })).toBe(false)
    expect(isWithdrawalCancellable({ type: "WITHDRAWAL", status: "pending" })).toBe(false)
    for (const status of ["SENT_TO_BANK", "COMPLETED", "RETURNED"]) expect(withdrawalCancelRefusal(status)).toBe("withdrawal_sent")
    expect(withdrawalCancelRefusal("CANCELLED")).toBe("withdrawal_cancelled")
    expect(withdrawalCancelRefusal("FAILED")).toBe("withdrawal_not_cancellable")
  })
})
