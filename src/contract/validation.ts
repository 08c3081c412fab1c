import { SchemaIssue } from "effect"
import type { Schema } from "effect"

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

const keyOf = (segment: PropertyKey | { readonly key: PropertyKey }): string => String(typeof segment === "object" && segment !== null ? segment.key : segment)

/**
 * Turns a failed decode into one readable text per field, the shape of `ErrorBody.message` in a
 * 400 answer: `{ email: "Wrong email format", amount: "Enter Valid Amount" }`. Nested fields are
 * joined with dots ("trustData.nextOfKin.email"); a failure of the whole body (a cross-field rule
 * with no path, or a body that is not an object) is under "body". The first text of each field
 * wins. Decode with `{ errors: "all" }` to collect every field, e.g.
 * `Schema.decodeUnknownResult(CreateOrderRequest)(input, { errors: "all" })`.
 */
export const validationMessages = (error: Schema.SchemaError): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const issue of formatter(error.issue).issues) {
    const field = issue.path && issue.path.length > 0 ? issue.path.map(keyOf).join(".") : "body"
    if (!(field in out)) out[field] = issue.message
  }
  return out
}
