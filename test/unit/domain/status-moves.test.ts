import { describe, expect, it } from "vitest"
import { isOrderMove, ORDER_STATUSES, ORDER_STATUS_MOVES } from "../../../src/domain/order-ticket"
import { isPayoutMove, PAYOUT_OPEN_STATUSES, PAYOUT_STATUS_MOVES } from "../../../src/domain/withdrawal"

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

  it("a withdrawal on the rail is sent, then paid or returned; the open statuses are exactly those with a move", () => {
    expect(isPayoutMove("PENDING", "PROCESSING")).toBe(true)
    expect(isPayoutMove("PROCESSING", "COMPLETED")).toBe(true)
    expect(isPayoutMove("PROCESSING", "FAILED")).toBe(true)
    expect(isPayoutMove("PENDING", "COMPLETED")).toBe(false)
    expect(isPayoutMove("COMPLETED", "FAILED")).toBe(false)
    expect(isPayoutMove("pending", "PROCESSING")).toBe(false)
    const open = Object.entries(PAYOUT_STATUS_MOVES)
      .filter(([, moves]) => moves.length > 0)
      .map(([status]) => status)
    expect(open).toEqual([...PAYOUT_OPEN_STATUSES])
  })
})
