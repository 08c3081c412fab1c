import { Schema } from "effect"
import { CANCEL_REQUEST, SESSION_EXPIRED } from "../contract/errors"

/** The English fallback when an error answer carries no text of its own; views translate by code when they can. */
export const GENERIC_ERROR_TEXT = "Something went wrong. Please try again."
/** The text of a request that never got an answer (offline, DNS, connection refused). */
export const NETWORK_ERROR_TEXT = "The server could not be reached. Check your connection and try again."

/**
 * The server answered with a non-2xx status. `text` follows the spec's order (`error`, `message`
 * object joined, `message` string, generic); `code` is the server's stable machine code when the
 * body carried one (ErrorCodes in src/contract/errors.ts), for views that translate by code.
 */
export class ApiError extends Schema.TaggedError<ApiError>()("ApiError", {
  status: Schema.Number,
  code: Schema.optionalKey(Schema.String),
  text: Schema.String,
  /** The figures the server's text names (ErrorBody.values), to say it by `code`. */
  values: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
}) {
  override get message(): string {
    return this.text
  }
}

/** A 2xx answer that is not JSON or does not match the endpoint's response schema; `detail` says why. */
export class DecodeError extends Schema.TaggedError<DecodeError>()("DecodeError", {
  endpoint: Schema.String,
  text: Schema.String,
  detail: Schema.String,
}) {
  override get message(): string {
    return `${this.text} ${this.detail}`
  }
}

/** No answer arrived: the request could not be sent or the connection broke. */
export class NetworkError extends Schema.TaggedError<NetworkError>()("NetworkError", {
  text: Schema.String,
  detail: Schema.String,
}) {
  override get message(): string {
    return `${this.text} ${this.detail}`
  }
}

/**
 * The session was active but past its expiry: the request was not sent, the session was marked
 * inactive and the session actor told (the reauth dialog opens). Text: 'Session Expired'.
 */
export class SessionExpired extends Schema.TaggedError<SessionExpired>()("SessionExpired", {
  text: Schema.Literal(SESSION_EXPIRED),
}) {
  override get message(): string {
    return this.text
  }
}

/** The caller cancelled the request (its actor left the state). Text: 'Cancel Request'; never shown. */
export class RequestCancelled extends Schema.TaggedError<RequestCancelled>()("RequestCancelled", {
  text: Schema.Literal(CANCEL_REQUEST),
}) {
  override get message(): string {
    return this.text
  }
}

/**
 * The call could not be built, so nothing was sent: a missing path parameter or idempotency key,
 * or a body or query that does not encode with the endpoint's schema. A programming error.
 */
export class InvalidRequest extends Schema.TaggedError<InvalidRequest>()("InvalidRequest", {
  endpoint: Schema.String,
  text: Schema.String,
}) {
  override get message(): string {
    return this.text
  }
}

/** A defect (a bug, not an expected failure) surfaced through the actor bridge; `detail` holds the cause. */
export class UnexpectedError extends Schema.TaggedError<UnexpectedError>()("UnexpectedError", {
  text: Schema.String,
  detail: Schema.String,
}) {
  override get message(): string {
    return `${this.text} ${this.detail}`
  }
}

/** Every way an ApiClient call can fail. All carry `_tag` and a `text` to show. */
export type ApiFailure = ApiError | DecodeError | NetworkError | SessionExpired | RequestCancelled | InvalidRequest

/** Makes a cancellation failure (the one failure callers ignore). */
export const requestCancelled = (): RequestCancelled => new RequestCancelled({ text: CANCEL_REQUEST })

/** Makes the failure of a request refused because the session expired. */
export const sessionExpired = (): SessionExpired => new SessionExpired({ text: SESSION_EXPIRED })

/**
 * True for failures a view must not show: a request cancelled with 'Cancel Request'. Accepts
 * anything (a machine's `event.error` is `unknown`).
 */
export const isSilent = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { _tag?: unknown })._tag === "RequestCancelled" || (error as { text?: unknown }).text === CANCEL_REQUEST)
