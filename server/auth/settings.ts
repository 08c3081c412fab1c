/**
 * The authentication figures (design/targets.md, "Reliability and security"). The spec's fixed
 * values are constants; what a deployment or a test may change (rate limits, the code-entry lock)
 * is in `AuthSettings`, given to `authRoutes` / `createApp({ auth })`.
 */

const MINUTE = 60_000

/** The absolute cap of a token chain: 12 hours after the original sign-in, reauth or not. */
export const SESSION_MAX_AGE_MS = 12 * 60 * MINUTE
/** An e-mailed code lives 15 minutes (spec part 1 section 9). */
export const CODE_TTL_MS = 15 * MINUTE
/** Wrong tries that kill an e-mailed code. */
export const CODE_MAX_ATTEMPTS = 5
/** A User-Agent is stored up to this many characters (a header can be long; the Security page needs little). */
export const MAX_USER_AGENT = 512

/** A trusted device skips the code for 30 days (spec part 1 section 9). */
export const TRUSTED_DEVICE_MS = 30 * 24 * 60 * MINUTE
/** A password-reset ref lives 60 minutes. */
export const RESET_TTL_MS = 60 * MINUTE
/** TOTP parameters of the authenticator app (RFC 6238 defaults): SHA-1, 6 digits, 30 s, one step of drift each way. */
export const TOTP = { algorithm: "SHA1", digits: 6, periodSeconds: 30, window: 1 } as const

/** At most `limit` attempts inside any `windowMs`. */
export interface RateLimit {
  readonly limit: number
  readonly windowMs: number
}

/** What `authRoutes` may be told; every field has a default (`DEFAULT_AUTH_SETTINGS`). */
export interface AuthSettings {
  /**
   * Sign-in (and reauth), registration, forgot password and code entry (and resend) are each
   * limited per account (the e-mail, or the user for code entry) and per client address.
   */
  readonly rateLimits: { readonly perAccount: RateLimit; readonly perAddress: RateLimit }
  /** Consecutive failed code entries (any method) that lock the account's code entry; a success resets the count. */
  readonly codeEntryLockAfter: number
}

/** Production defaults: 10 attempts per account and 100 per address in 15 minutes; lock after 100 failures. */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  rateLimits: {
    perAccount: { limit: 10, windowMs: 15 * MINUTE },
    perAddress: { limit: 100, windowMs: 15 * MINUTE },
  },
  codeEntryLockAfter: 100,
}

/** Settings with the given fields replacing the defaults (a partial `rateLimits` keeps the other limit). */
export const authSettings = (overrides: AuthSettingsOverrides = {}): AuthSettings => ({
  rateLimits: {
    perAccount: overrides.rateLimits?.perAccount ?? DEFAULT_AUTH_SETTINGS.rateLimits.perAccount,
    perAddress: overrides.rateLimits?.perAddress ?? DEFAULT_AUTH_SETTINGS.rateLimits.perAddress,
  },
  codeEntryLockAfter: overrides.codeEntryLockAfter ?? DEFAULT_AUTH_SETTINGS.codeEntryLockAfter,
})

/** A partial `AuthSettings`, e.g. `{ rateLimits: { perAccount: { limit: 3, windowMs: 60_000 } } }`. */
export interface AuthSettingsOverrides {
  readonly rateLimits?: { readonly perAccount?: RateLimit; readonly perAddress?: RateLimit }
  readonly codeEntryLockAfter?: number
}
