import type { Schema } from "effect"

/**
 * One API call of the contract: method, path template (`:name` placeholders, relative to the API
 * base /api), the request body schema (if any), the success answer schema, and flags the request
 * pipeline reads. Both the browser client and the reference server import these descriptors, so a
 * renamed field breaks both at compile time.
 */
export interface Endpoint<
  Req extends Schema.Top | undefined = Schema.Top | undefined,
  Res extends Schema.Top = Schema.Top,
  Query extends Schema.Top | undefined = Schema.Top | undefined,
> {
  readonly name: string
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  readonly path: string
  readonly request: Req
  readonly query: Query
  readonly response: Res
  /** Money-moving and order calls: the pipeline sends an Idempotency-Key per user intent. */
  readonly idempotent: boolean
  /** "session": needs a signed-in bearer token; "public": signed with the public client key. */
  readonly auth: "public" | "session"
}

/** Declares an endpoint; `request`, `query` default to none, `idempotent` to false, `auth` to "session". */
export const endpoint = <
  Res extends Schema.Top,
  Req extends Schema.Top | undefined = undefined,
  Query extends Schema.Top | undefined = undefined,
>(e: {
  name: string
  method: Endpoint["method"]
  path: string
  response: Res
  request?: Req
  query?: Query
  idempotent?: boolean
  auth?: "public" | "session"
}): Endpoint<Req, Res, Query> => ({
  name: e.name,
  method: e.method,
  path: e.path,
  request: e.request as Req,
  query: e.query as Query,
  response: e.response,
  idempotent: e.idempotent ?? false,
  auth: e.auth ?? "session",
})

/** Fills `:name` placeholders of a path template, percent-encoding each value. */
export const buildPath = (template: string, params: Readonly<Record<string, string | number>> = {}): string =>
  template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`)
    return encodeURIComponent(String(value))
  })

/** The API base every path is relative to. */
export const API_BASE = "/api"
