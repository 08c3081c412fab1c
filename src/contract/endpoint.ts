import { Schema } from "effect"
import { requiredString } from "./common"

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
  Params extends Schema.Top | undefined = Schema.Top | undefined,
> {
  readonly name: string
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  readonly path: string
  readonly request: Req
  readonly query: Query
  /** The `:name` path parameters as a struct of strings (checked by the server, filled by `buildPath`). */
  readonly params: Params
  readonly response: Res
  /** "json" (the default): the answer body is JSON decoded with `response`; "file": raw bytes (a PDF). */
  readonly responseType: "json" | "file"
  /** Money-moving and order calls: the pipeline sends an Idempotency-Key per user intent. */
  readonly idempotent: boolean
  /** "session": needs a signed-in bearer token; "public": signed with the public client key. */
  readonly auth: "public" | "session"
}

/**
 * Declares an endpoint; `request`, `query` and `params` default to none, `responseType` to
 * "json", `idempotent` to false, `auth` to "session".
 */
export const endpoint = <
  Res extends Schema.Top,
  Req extends Schema.Top | undefined = undefined,
  Query extends Schema.Top | undefined = undefined,
  Params extends Schema.Top | undefined = undefined,
>(e: {
  name: string
  method: Endpoint["method"]
  path: string
  response: Res
  request?: Req
  query?: Query
  params?: Params
  responseType?: "json" | "file"
  idempotent?: boolean
  auth?: "public" | "session"
}): Endpoint<Req, Res, Query, Params> => ({
  name: e.name,
  method: e.method,
  path: e.path,
  request: e.request as Req,
  query: e.query as Query,
  params: e.params as Params,
  response: e.response,
  responseType: e.responseType ?? "json",
  idempotent: e.idempotent ?? false,
  auth: e.auth ?? "session",
})

/** The `:name` path parameters of an endpoint: each a required, non-blank string. */
export const pathParams = <const K extends string>(...names: ReadonlyArray<K>) =>
  Schema.Struct(Object.fromEntries(names.map((n) => [n, requiredString()])) as { [P in K]: ReturnType<typeof requiredString> })

export { API_BASE, buildPath } from "./paths"

/** The decoded request body type of an endpoint (`undefined` when it sends none). */
export type RequestOf<E extends Endpoint> = E["request"] extends Schema.Top ? E["request"]["Type"] : undefined
/** The decoded answer type of an endpoint. */
export type ResponseOf<E extends Endpoint> = E["response"]["Type"]
/** The query type of an endpoint (`undefined` when it has none). */
export type QueryOf<E extends Endpoint> = E["query"] extends Schema.Top ? E["query"]["Type"] : undefined
/** The path parameters of an endpoint (`undefined` when its path has none). */
export type ParamsOf<E extends Endpoint> = E["params"] extends Schema.Top ? E["params"]["Type"] : undefined
