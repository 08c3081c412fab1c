/**
 * The authentication tables of migration 0002-auth, as Kysely sees them. They are not part of the
 * shared `DB` interface (server/db/schema.ts); `authDb(db)` gives a `Kysely` that knows both.
 * Timestamps read as ISO strings and are written as Dates made from the app's injected clock,
 * never SQL `now()`, so tests can move time.
 */
import type { ColumnType, Generated, Kysely } from "kysely"
import type { DB, GeneratedId, Timestamp } from "../db/schema"

/**
 * An access token. Only `tokenHash` (hex SHA-256 of the bearer value) is stored. `userId` is null
 * for the code-pending token of a registration with an already registered e-mail.
 * `chainStartedAt` is the original sign-in time, carried over by reauth (the 12-hour cap).
 */
export interface AccessTokensTable {
  id: GeneratedId
  tokenHash: string
  userId: string | null
  deviceHash: string
  otpSatisfied: Generated<boolean>
  createdAt: Timestamp
  lastUsedAt: Timestamp
  chainStartedAt: Timestamp
  revokedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>
  /** The session this token belongs to (migration 0031): the first token's chain id, carried over by reauth. */
  chainId: string
  /** The browser's User-Agent header when the token was issued ("" when it sent none). */
  userAgent: ColumnType<string, string | undefined, string>
  /** The client address the token was issued to ("unknown" when there was no socket). */
  clientAddress: ColumnType<string, string | undefined, string>
}

/** The user's current e-mailed code (one per user; a new one replaces it), bound to the token it was sent for. */
export interface OtpCodesTable {
  userId: string
  tokenId: string
  codeSalt: string
  codeHash: string
  attempts: Generated<number>
  createdAt: Timestamp
  expiresAt: Timestamp
  usedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>
}

/** Per-user code-entry state: the last accepted TOTP time step and consecutive failed code entries. */
export interface AuthUserStateTable {
  userId: string
  lastTotpStep: ColumnType<number | null, number | null | undefined, number | null>
  failedCodeEntries: Generated<number>
}

/** A device (hash of its X-Device-Id) on which a user skips the code until `expiresAt`. */
export interface TrustedDevicesTable {
  /** How the Security page names it (migration 0031). */
  id: GeneratedId
  userId: string
  deviceHash: string
  createdAt: Timestamp
  expiresAt: Timestamp
  /** The browser's User-Agent when the device was trusted ("" when unknown). */
  userAgent: ColumnType<string, string | undefined, string>
}

/** The user's current password-reset ref (hash only); a new request replaces it, use marks it. */
export interface PasswordResetsTable {
  userId: string
  refHash: string
  createdAt: Timestamp
  expiresAt: Timestamp
  usedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>
}

/** One recovery code of the user's current set (migration 0032): only its argon2id hash is stored. */
export interface RecoveryCodesTable {
  id: GeneratedId
  userId: string
  codeHash: string
  createdAt: Timestamp
  usedAt: ColumnType<string | null, Date | string | null | undefined, Date | string | null>
}

/** When a one-time code was last verified for a session (token chain), for the step-up before money leaves (migration 0033). */
export interface StepUpsTable {
  chainId: string
  userId: string
  verifiedAt: Timestamp
}

/** The authentication tables by their camelCase names. */
export interface AuthTables {
  accessTokens: AccessTokensTable
  otpCodes: OtpCodesTable
  authUserState: AuthUserStateTable
  trustedDevices: TrustedDevicesTable
  passwordResets: PasswordResetsTable
  recoveryCodes: RecoveryCodesTable
  stepUps: StepUpsTable
}

/** The shared tables plus the authentication tables. */
export type AuthDB = DB & AuthTables

/** The same connection (or transaction), typed to also know the authentication tables. */
export const authDb = (db: Kysely<DB>): Kysely<AuthDB> => db as unknown as Kysely<AuthDB>

/** A clock reading as the ISO string timestamp comparisons take (`.where("expiresAt", ">", iso(now))`). */
export const iso = (ms: number): string => new Date(ms).toISOString()
