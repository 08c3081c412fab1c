import { Result, SchemaIssue, SchemaParser, type Schema } from "effect"
import type { Context } from "hono"
import type { AppEnv } from "./context"
import { ErrorCodes } from "../../src/contract/errors"
import { ApiError, ApiErrors } from "./errors"
import { jsonDepthExceeds, MAX_JSON_DEPTH, UNSAFE_TEXT_MESSAGE, unsafeTextPath } from "./safe-text"

const rawBodyOf = async (c: Context<AppEnv>): Promise<string> => c.get("rawBody") ?? (await c.req.text())

/**
 * Parses a JSON request body. An empty or malformed body throws a 400 `ApiError` ("The request
 * body is not valid JSON."), never a 500. Reads the text the signature middleware already read.
 */
export const readJsonBody = async (c: Context<AppEnv>): Promise<unknown> => parseJsonBody(await rawBodyOf(c))

/**
 * The parsing rule of `readJsonBody`, on a text: throws a 400 `ApiError` unless it is JSON nested
 * at most MAX_JSON_DEPTH deep (checked before parsing) whose keys and strings hold no NUL
 * character or lone surrogate (the field is named).
 */
export const parseJsonBody = (text: string): unknown => {
  if (text.trim() === "") throw ApiErrors.badRequest("The request body is empty; a JSON object was expected.")
  if (jsonDepthExceeds(text)) throw ApiErrors.badRequest(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`)
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    throw ApiErrors.badRequest("The request body is not valid JSON.")
  }
  const unsafe = unsafeTextPath(value)
  if (unsafe !== null) throw ApiErrors.badRequest(`Some fields are missing or invalid: ${unsafe}.`, { [unsafe]: UNSAFE_TEXT_MESSAGE })
  return value
}

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * Checks a value against a contract schema (unknown keys ignored). On failure throws a 400
 * `ApiError` whose `message` maps each bad field (dotted path, `body` for the whole value) to the
 * schema's text for it (its `message` annotation when it has one), and whose `error` names the
 * fields, e.g. "Some fields are missing or invalid: amount, side." `valuesOf` may give the answer's
 * `values` from the bad fields (a `reason` the app says in the user's language, and its figures).
 */
export const decodeOrBadRequest = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  value: unknown,
  valuesOf?: (fields: Readonly<Record<string, string>>) => Readonly<Record<string, string>> | undefined,
): S["Type"] => {
  const result = SchemaParser.decodeUnknownResult(schema)(value, { errors: "all", onExcessProperty: "ignore" })
  if (Result.isSuccess(result)) return result.success
  const fields: Record<string, string> = {}
  for (const issue of formatIssue(result.failure).issues) {
    const key = issue.path && issue.path.length > 0 ? issue.path.map((p) => String(typeof p === "object" ? p.key : p)).join(".") : "body"
    fields[key] ??= issue.message === "Missing key" ? "This field is required." : issue.message
  }
  const text = `Some fields are missing or invalid: ${Object.keys(fields).join(", ")}.`
  const values = valuesOf?.(fields)
  throw values ? new ApiError(400, ErrorCodes.badRequest, text, fields, values) : ApiErrors.badRequest(text, fields)
}

/** `readJsonBody` then `decodeOrBadRequest`: the typed body of a JSON request, or a 400. */
export const decodeJsonBody = async <S extends Schema.ConstraintDecoder<unknown>>(c: Context<AppEnv>, schema: S): Promise<S["Type"]> =>
  decodeOrBadRequest(schema, await readJsonBody(c))
