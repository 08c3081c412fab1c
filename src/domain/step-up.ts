/**
 * Step-up before money leaves to a new place (issue 35): adding a bank account, and the first
 * withdrawal to a bank account less than 24 hours old, need a one-time code verified for the same
 * session within the last 5 minutes. The server enforces it (server/auth/step-up.ts); the charts
 * meet its refusal (403 `step_up.required`) with their code step.
 */

const MINUTE = 60_000

/** The code of the server's refusal without a fresh step-up (403; the contract's `ErrorCodes.stepUpRequired`). */
export const STEP_UP_REQUIRED_CODE = "step_up.required"

/** A verified code counts as a fresh step-up for this long. */
export const STEP_UP_FRESH_MS = 5 * MINUTE

/** A bank account younger than this is new: the first withdrawal to it needs a step-up. */
export const NEW_BANK_ACCOUNT_MS = 24 * 60 * MINUTE

/** Whether a step-up verified at `verifiedAt` (ms; null: never in this session) still holds at `now`. */
export const isFreshStepUp = (verifiedAt: number | null, now: number): boolean =>
  verifiedAt !== null && verifiedAt <= now && now - verifiedAt < STEP_UP_FRESH_MS

/**
 * Whether a withdrawal to a bank account needs a step-up: the account was added less than 24
 * hours ago and no withdrawal was ever sent to it. A creation time after `now` (a clock step back)
 * counts as new.
 */
export const withdrawalNeedsStepUp = (bank: { readonly createdAt: number; readonly earlierWithdrawals: number }, now: number): boolean =>
  bank.earlierWithdrawals === 0 && now - bank.createdAt < NEW_BANK_ACCOUNT_MS

/** Where the code of a step-up comes from: the user's method (an e-mailed code, or the authenticator app). */
export type StepUpMethod = "EMAIL" | "APP"
