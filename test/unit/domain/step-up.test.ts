import { describe, expect, it } from "vitest"
import { isFreshStepUp, NEW_BANK_ACCOUNT_MS, STEP_UP_FRESH_MS, withdrawalNeedsStepUp } from "../../../src/domain/step-up"

const NOW = Date.parse("2026-03-16T12:00:00.000Z")

describe("isFreshStepUp", () => {
  it("holds for 5 minutes after the code was verified, not at 5 minutes, never without one", () => {
    expect(STEP_UP_FRESH_MS).toBe(5 * 60_000)
    expect(isFreshStepUp(NOW, NOW)).toBe(true)
    expect(isFreshStepUp(NOW - STEP_UP_FRESH_MS + 1, NOW)).toBe(true)
    expect(isFreshStepUp(NOW - STEP_UP_FRESH_MS, NOW)).toBe(false)
    expect(isFreshStepUp(null, NOW)).toBe(false)
  })

  it("does not count a verification stamped after now", () => {
    expect(isFreshStepUp(NOW + 1, NOW)).toBe(false)
  })
})

describe("withdrawalNeedsStepUp", () => {
  it("asks for the first withdrawal to an account younger than 24 hours", () => {
    expect(NEW_BANK_ACCOUNT_MS).toBe(24 * 60 * 60_000)
    expect(withdrawalNeedsStepUp({ createdAt: NOW - 60_000, earlierWithdrawals: 0 }, NOW)).toBe(true)
    expect(withdrawalNeedsStepUp({ createdAt: NOW - NEW_BANK_ACCOUNT_MS + 1, earlierWithdrawals: 0 }, NOW)).toBe(true)
  })

  it("does not ask again after a withdrawal went there, nor for an account 24 hours old or older", () => {
    expect(withdrawalNeedsStepUp({ createdAt: NOW - 60_000, earlierWithdrawals: 1 }, NOW)).toBe(false)
    expect(withdrawalNeedsStepUp({ createdAt: NOW - NEW_BANK_ACCOUNT_MS, earlierWithdrawals: 0 }, NOW)).toBe(false)
  })

  it("counts an account stamped after now (a clock step back) as new", () => {
    expect(withdrawalNeedsStepUp({ createdAt: NOW + 60_000, earlierWithdrawals: 0 }, NOW)).toBe(true)
  })
})
