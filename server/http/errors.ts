import type { Context } from "hono"
import type { ContentfulStatusCode } from "hono/utils/http-status"
import { ErrorCodes, type ErrorBody, type ErrorCode } from "../../src/contract/errors"

/**
 * A failure a route or middleware throws to answer with the contract's `ErrorBody`: the app's
 * error handler turns it into `{ statusCode, code, error, message? }` with this status. `error` is
 * a readable English sentence; `fields` (per-field texts for bad input) becomes `message`.
 * Prefer the constructors in `ApiErrors`, e.g. `throw ApiErrors.notFound("No such order.")`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly text: string,
    readonly fields?: Readonly<Record<string, string>>,
    /** The figures the text names, for clients that say it by `code` in their language. */
    readonly values?: Readonly<Record<string, string>>,
  ) {
    super(text)
    this.name = "ApiError"
  }

  /** The body sent for this error. */
  get body(): ErrorBody {
    const body = errorBody(this.status, this.code, this.text, this.fields)
    return this.values ? { ...body, values: { ...this.values } } : body
  }
}

/** Builds the contract's error body; `fields` goes to `message` when present. */
export const errorBody = (status: number, code: ErrorCode, text: string, fields?: Readonly<Record<string, string>>): ErrorBody =>
  fields && Object.keys(fields).length > 0 ? { statusCode: status, code, error: text, message: { ...fields } } : { statusCode: status, code, error: text }

/** Answers a request with an error body (for middleware that returns instead of throwing). */
export const errorResponse = (c: Context, error: ApiError): Response => c.json(error.body, error.status)

/**
 * The usual failures with their status and code. Each takes the English text to show; defaults
 * are given where one sentence fits every use.
 */
export const ApiErrors = {
  badRequest: (text: string, fields?: Readonly<Record<string, string>>) => new ApiError(400, ErrorCodes.badRequest, text, fields),
  unauthorized: (text = "You need to sign in again.") => new ApiError(401, ErrorCodes.unauthorized, text),
  forbidden: (text = "You are not allowed to do this.") => new ApiError(403, ErrorCodes.forbidden, text),
  notFound: (text = "The requested resource was not found.") => new ApiError(404, ErrorCodes.notFound, text),
  /** What a path no endpoint serves answers; also what a reviewer-only endpoint answers everyone else. */
  unknownEndpoint: (method: string, path: string) => new ApiError(404, ErrorCodes.notFound, `There is no API endpoint ${method} ${path}.`),
  conflict: (text: string) => new ApiError(409, ErrorCodes.conflict, text),
  payloadTooLarge: (maxBytes: number) => new ApiError(413, ErrorCodes.badRequest, `The request body is too large (at most ${formatBytes(maxBytes)}).`),
  idempotencyMismatch: (text = "This Idempotency-Key was already used with a different request.") => new ApiError(422, ErrorCodes.idempotencyMismatch, text),
  rateLimited: (text = "Too many attempts. Please wait a moment and try again.") => new ApiError(429, ErrorCodes.rateLimited, text),
  internal: () => new ApiError(500, ErrorCodes.internal, "Something went wrong on our side. Please try again."),
} as const

const formatBytes = (bytes: number): string =>
  bytes >= 1_000_000 && bytes % 1_000_000 === 0
    ? `${bytes / 1_000_000} MB`
    : bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
      ? `${bytes / (1024 * 1024)} MiB`
      : bytes >= 1_000 && bytes % 1_000 === 0
        ? `${bytes / 1_000} kB`
        : `${bytes} bytes`
