import { Schema } from "effect"
import { FX_ERROR_CODES } from "../domain/fx"
import { STEP_UP_REQUIRED_CODE } from "../domain/step-up"

/**
 * The error body every failing API answer carries (spec part 1 section 8). Clients read the text in
 * the spec's order: `error`, then `message` when an object (values joined by spaces), then
 * `message` when a string, then the generic text. The reference server always sets `error` to a
 * readable English sentence and `code` to a stable machine code that clients may translate
 * (`errors.<code>` in i18n); `message` carries per-field texts for bad input.
 */
export const ErrorBody = Schema.Struct({
  statusCode: Schema.optionalKey(Schema.Number),
  code: Schema.optionalKey(Schema.String),
  error: Schema.optionalKey(Schema.String),
  message: Schema.optionalKey(Schema.Union([Schema.String, Schema.Record(Schema.String, Schema.String)])),
  /** The figures `error` names (decimal strings, a currency code), for clients that say it by `code` (an addition to the spec's shape). */
  values: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
})
export type ErrorBody = typeof ErrorBody.Type

/** Stable codes the reference server puts in `ErrorBody.code`. */
export const ErrorCodes = {
  signatureMissing: "signature.missing",
  signatureInvalid: "signature.invalid",
  signatureStale: "signature.stale",
  signatureReplayed: "signature.replayed",
  unauthorized: "auth.unauthorized",
  forbidden: "auth.forbidden",
  notFound: "not_found",
  badRequest: "bad_request",
  conflict: "conflict",
  idempotencyMismatch: "idempotency.mismatch",
  rateLimited: "rate_limited",
  internal: "internal",
  /** A local account number whose NUBAN check digit does not fit the bank (lookup and add). */
  bankAccountInvalidNumber: "bank_account.invalid_number",
  /** The same bank and account number is already saved by this user. */
  bankAccountDuplicate: "bank_account.duplicate",
  /**
   * Too many account-name lookups by this user (429, Retry-After); `values`: `reason` "minute" or
   * "day" (the window that refused) and its `limit`.
   */
  bankAccountLookupLimited: "bank_account.lookup_limited",
  /** A withdrawal above the portfolio's cash; `values`: `cash` and `currency`. */
  withdrawalAboveCash: "withdrawal.above_cash",
  /** No market rate between the portfolio's and the bank account's currencies; `values`: `from` and `to`. */
  withdrawalNoRate: FX_ERROR_CODES.noRate,
  /** The withdrawal's rate quote ran out before it arrived: get a new one. */
  withdrawalQuoteExpired: FX_ERROR_CODES.quoteExpired,
  /** No rate quote, or one given for another user, portfolio, bank account or amount, or already used. */
  withdrawalQuoteInvalid: FX_ERROR_CODES.quoteInvalid,
  /** The amount converts to less than one cent of the bank account's currency. */
  withdrawalTooSmallToConvert: FX_ERROR_CODES.tooSmall,
  /** An uploaded image that does not decode (damaged, cut short, not really a JPEG or PNG). */
  documentUnreadable: "document.unreadable",
  /** An uploaded image above the pixel limit; `values`: `megapixels` (whole, rounded up) and `limit`. */
  documentTooManyPixels: "document.too_many_pixels",
  /** 429: the user already has as many uploads running as allowed at once; `values`: `limit`. */
  documentUploadsAtOnce: "document.uploads_at_once",
  /** 429: the user made as many uploads as allowed in 24 hours; `values`: `limit`. */
  documentDailyLimit: "document.daily_limit",
  /** The user already has MAX_WATCHLISTS lists; `values`: `limit`. */
  watchlistTooMany: "watchlist.too_many",
  /** The list already has MAX_WATCHLIST_INSTRUMENTS instruments; `values`: `limit`. */
  watchlistFull: "watchlist.full",
  /** Deleting the user's only list. */
  watchlistLast: "watchlist.last",
  /** Recovery codes asked for by a user whose code comes by e-mail (they stand in for an authenticator app only). */
  recoveryNotApp: "recovery.not_app",
  /** The password given to make new recovery codes is not the user's. */
  recoveryPasswordInvalid: "recovery.password_invalid",
  /** The user already has MAX_ACTIVE_PRICE_ALERTS armed alerts; `values`: `limit`. */
  priceAlertTooMany: "price_alert.too_many",
  /** The user already keeps MAX_PRICE_ALERTS alerts in all; `values`: `limit`. */
  priceAlertTooManyKept: "price_alert.too_many_kept",
  /**
   * 403: adding a bank account, or the first withdrawal to one less than 24 hours old, without a
   * one-time code verified for this session in the last 5 minutes (issue 35): the app asks for the
   * code (POST /auth/step-up, then /auth/step-up/verify) and sends the same request again.
   */
  stepUpRequired: STEP_UP_REQUIRED_CODE,
} as const
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes]

/**
 * The text to show for an error body, in the spec's order; `fallback` is the generic message
 * (already translated by the caller).
 */
export const errorText = (body: unknown, fallback: string): string => {
  if (body && typeof body === "object") {
    const { error, message } = body as { error?: unknown; message?: unknown }
    if (typeof error === "string" && error.trim() !== "") return error
    if (message && typeof message === "object") {
      const joined = Object.values(message as Record<string, unknown>)
        .filter((v) => v !== null && v !== undefined && String(v).trim() !== "")
        .map(String)
        .join(" ")
      if (joined !== "") return joined
    }
    if (typeof message === "string" && message.trim() !== "") return message
  }
  return fallback
}

/** The text the client uses for a request it cancelled itself; such failures are never shown. */
export const CANCEL_REQUEST = "Cancel Request"
/** The text of a request refused because the session expired (the reauth dialog opens). */
export const SESSION_EXPIRED = "Session Expired"
