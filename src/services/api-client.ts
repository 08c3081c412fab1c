import { Context, Effect, Layer, Schema } from "effect"
import { buildPath, type Endpoint } from "../contract/endpoint"
import { errorText } from "../contract/errors"
import { ApiConfig } from "./api-config"
import {
  ApiError,
  DecodeError,
  GENERIC_ERROR_TEXT,
  InvalidRequest,
  NETWORK_ERROR_TEXT,
  NetworkError,
  requestCancelled,
  sessionExpired,
  type ApiFailure,
} from "./api-errors"
import { Clock } from "./clock"
import { DeviceId } from "./device-id"
import { HttpTransport, type TransportAnswer, type TransportFailure } from "./http-transport"
import { SessionPort } from "./session-port"
import { signedHeaders } from "./signed-headers"

/** The header carrying the caller's per-intent key on idempotent (money-moving, order) endpoints. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key"

type BodyOption<Req> = Req extends Schema.Top ? { readonly body: Req["Type"] } : { readonly body?: undefined }
type QueryOption<Query> = Query extends Schema.Top
  ? object extends Query["Type"]
    ? { readonly query?: Query["Type"] }
    : { readonly query: Query["Type"] }
  : { readonly query?: undefined }
type ParamsOption<Params> = Params extends Schema.Top ? { readonly params: Params["Type"] } : { readonly params?: Readonly<Record<string, string | number>> }

/**
 * What a call takes besides the endpoint: the path parameters for its `:name` placeholders (typed
 * by the endpoint's params schema, required when it has one), the query (typed by its query
 * schema), the body (typed by its request schema, required when it has one) and, for idempotent
 * endpoints, the caller's idempotency key: a UUID made once per user intent (`crypto.randomUUID()`),
 * kept by the caller and passed again on a retry.
 */
export type CallOptions<Req extends Schema.Top | undefined, Query extends Schema.Top | undefined, Params extends Schema.Top | undefined = undefined> = {
  readonly idempotencyKey?: string
} & BodyOption<Req> &
  QueryOption<Query> &
  ParamsOption<Params>

type OptionsArg<O> = object extends O ? [options?: O] : [options: O]

interface AnyCallOptions {
  readonly params?: unknown
  readonly idempotencyKey?: string
  readonly body?: unknown
  readonly query?: unknown
}

/**
 * The one request pipeline every API service goes through (architecture.md, "The request
 * pipeline"). `call(endpoint, options)` checks the session (active but expired: expire it and fail
 * with SessionExpired without sending; active: extend the expiry), builds the URL from the API base,
 * path parameters and query, encodes the body with the endpoint's request schema, signs the
 * request (token while active, else the public client key), adds the bearer token while active,
 * the device id and the idempotency key, sends it with fetch (interrupting the fiber aborts the
 * fetch) and decodes a 2xx answer with the endpoint's response schema.
 *
 * Revalidation: the last decoded answer of a signed-in GET that came with an ETag is kept, per URL
 * and per session token (the keeper is emptied whenever the token changes, so one user's answers
 * are never offered to another). The next GET of that URL sends If-None-Match, and a 304 answers
 * with the kept value: polling an unchanged account moves no body and decodes nothing.
 *
 * Failures are ApiFailure values: ApiError (non-2xx, text in the spec's order), DecodeError,
 * NetworkError, SessionExpired, RequestCancelled, InvalidRequest. Services wrap it:
 *
 *   const api = yield* ApiClient
 *   return yield* api.call(Endpoints.createOrder, { body, idempotencyKey })
 *
 * Layers: `layer` (fetch; needs ApiConfig, Clock, DeviceId, SessionPort), `layerWithoutHttp`
 * (the same but needing an HttpTransport, to swap the transport).
 */
export class ApiClient extends Context.Service<
  ApiClient,
  {
    call<Req extends Schema.Top | undefined, Res extends Schema.Top, Query extends Schema.Top | undefined, Params extends Schema.Top | undefined>(
      endpoint: Endpoint<Req, Res, Query, Params>,
      ...options: OptionsArg<CallOptions<Req, Query, Params>>
    ): Effect.Effect<Res["Type"], ApiFailure>
  }
>()("chartfolio/services/ApiClient") {
  static readonly layerWithoutHttp: Layer.Layer<ApiClient, never, ApiConfig | Clock | DeviceId | SessionPort | HttpTransport> = Layer.effect(
    ApiClient,
    Effect.gen(function* () {
      const config = yield* ApiConfig
      const clock = yield* Clock
      const deviceId = yield* DeviceId
      const session = yield* SessionPort
      const http = yield* HttpTransport
      const kept = new Map<string, { readonly etag: string; readonly value: unknown }>()
      let keptFor: string | null = null

      const run = Effect.fn("ApiClient.call")(function* (endpoint: Endpoint, options: AnyCallOptions) {
        const invalid = (text: string) => new InvalidRequest({ endpoint: endpoint.name, text: `${endpoint.name}: ${text}` })
        const idempotencyKey = options.idempotencyKey?.trim()
        if (endpoint.idempotent && !idempotencyKey) {
          return yield* invalid("an idempotency key is required (one UUID per user intent, reused on retry)")
        }

        // 1. Session: refuse and expire when past expiry, else slide the expiry.
        const now = yield* clock.now()
        const current = yield* session.current()
        const active = current !== null && current.active
        if (active) {
          if (now >= current.expiresAt) {
            yield* session.expire()
            return yield* sessionExpired()
          }
          yield* session.extend(now + current.validityMinutes * 60_000)
        }

        // 2. URL: base + path with parameters + encoded query.
        const params = yield* encodeParams(endpoint, options.params, invalid)
        const query = yield* encodeQuery(endpoint, options.query, invalid)
        const url = yield* Effect.try({
          try: () => resolveUrl(`${config.baseUrl}${buildPath(endpoint.path, params)}${query}`),
          catch: (cause) => invalid(cause instanceof Error ? cause.message : String(cause)),
        })

        // 3. Body: encoded with the request schema, as JSON text.
        const body = yield* encodeBody(endpoint, options.body, invalid)

        // 4. Headers and signature.
        const token = active && current.token ? current.token : null
        const device = yield* deviceId.get()
        const headers = yield* Effect.promise(() =>
          signedHeaders({
            method: endpoint.method,
            target: `${url.pathname}${url.search}`,
            body: body ?? "",
            timestamp: now,
            token,
            clientKey: config.clientKey,
            deviceId: device,
            acceptsFile: endpoint.responseType === "file",
          }),
        )
        if (keptFor !== token) {
          kept.clear()
          keptFor = token
        }
        const revalidates = token !== null && endpoint.method === "GET" && endpoint.responseType !== "file"
        const last = revalidates ? kept.get(url.href) : undefined
        if (last) headers["If-None-Match"] = last.etag
        if (endpoint.idempotent && idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey
        if (body !== undefined) headers["Content-Type"] = "application/json"

        // 5. Send (and read the answer's bytes). Interrupting this fiber aborts the fetch.
        const response = yield* http
          .send({ method: endpoint.method, url: url.href, headers, ...(body !== undefined ? { body } : {}) })
          .pipe(Effect.mapError(transportFailure))

        // 6. Answer. A 401 to a request that carried the token means the server ended the
        // session (sliding or absolute expiry, revocation): treat it as an expired session.
        if (response.status === 304 && last && keptFor === token) return last.value
        const value = yield* readAnswer(endpoint, response).pipe(
          Effect.catch((error: ApiFailure): Effect.Effect<never, ApiFailure> =>
            error._tag === "ApiError" && error.status === 401 && token !== null
              ? session.expire().pipe(Effect.andThen(Effect.fail(sessionExpired())))
              : Effect.fail(error),
          ),
        )
        const etag = response.etag
        if (revalidates && keptFor === token) {
          if (etag) {
            // Bounded: the newest answers of a few dozen URLs.
            kept.delete(url.href)
            if (kept.size >= 50) kept.delete(kept.keys().next().value as string)
            kept.set(url.href, { etag, value })
          } else kept.delete(url.href)
        }
        return value
      })

      // A request that met an expired session waits for re-authentication and is retried once,
      // with the same options (and so the same idempotency key).
      const callOnce = (endpoint: Endpoint, options: AnyCallOptions): Effect.Effect<unknown, ApiFailure> =>
        run(endpoint, options).pipe(
          Effect.catch((error: ApiFailure): Effect.Effect<unknown, ApiFailure> =>
            error._tag === "SessionExpired"
              ? session.awaitRenewal().pipe(Effect.flatMap((renewed) => (renewed ? run(endpoint, options) : Effect.fail(error))))
              : Effect.fail(error),
          ),
        )

      return ApiClient.of({
        call: (endpoint, ...options) => callOnce(endpoint as Endpoint, (options[0] ?? {}) as AnyCallOptions) as Effect.Effect<never, ApiFailure>,
      })
    }),
  )

  static readonly layer: Layer.Layer<ApiClient, never, ApiConfig | Clock | DeviceId | SessionPort> = ApiClient.layerWithoutHttp.pipe(
    Layer.provide(HttpTransport.layer),
  )
}

/** Resolves against the page when the base is relative ("/api"); an absolute base stands alone. */
const resolveUrl = (href: string): URL => {
  const page = typeof location !== "undefined" && location.href ? location.href : undefined
  try {
    return new URL(href, page)
  } catch {
    throw new Error(`cannot make a URL of ${href} (the API base must be absolute outside a browser page)`)
  }
}

const asCodec = (schema: Schema.Top): Schema.Codec<unknown, unknown> => schema as unknown as Schema.Codec<unknown, unknown>

const encodeParams = (
  endpoint: Endpoint,
  params: unknown,
  invalid: (text: string) => InvalidRequest,
): Effect.Effect<Readonly<Record<string, string | number>>, InvalidRequest> => {
  if (endpoint.params === undefined) return Effect.succeed((params ?? {}) as Readonly<Record<string, string | number>>)
  return Schema.encodeUnknownEffect(asCodec(endpoint.params))(params ?? {}).pipe(
    Effect.mapError((error) => invalid(`the path parameters do not match the contract: ${error.message}`)),
    Effect.map((encoded) => encoded as Readonly<Record<string, string | number>>),
  )
}

const encodeQuery = (endpoint: Endpoint, query: unknown, invalid: (text: string) => InvalidRequest): Effect.Effect<string, InvalidRequest> => {
  if (endpoint.query === undefined) return Effect.succeed("")
  return Schema.encodeUnknownEffect(asCodec(endpoint.query))(query ?? {}).pipe(
    Effect.mapError((error) => invalid(`the query does not match the contract: ${error.message}`)),
    Effect.map((encoded) => {
      const params = new URLSearchParams()
      if (encoded && typeof encoded === "object") {
        for (const [name, value] of Object.entries(encoded)) {
          for (const item of Array.isArray(value) ? value : [value]) {
            if (item !== undefined && item !== null) params.append(name, String(item))
          }
        }
      }
      const text = params.toString()
      return text === "" ? "" : `?${text}`
    }),
  )
}

const encodeBody = (endpoint: Endpoint, body: unknown, invalid: (text: string) => InvalidRequest): Effect.Effect<string | undefined, InvalidRequest> => {
  if (endpoint.request === undefined) return Effect.succeed(undefined)
  return Schema.encodeUnknownEffect(asCodec(endpoint.request))(body).pipe(
    Effect.mapError((error) => invalid(`the body does not match the contract: ${error.message}`)),
    Effect.map((encoded) => JSON.stringify(encoded) ?? ""),
  )
}

const transportFailure = (failure: TransportFailure): ApiFailure =>
  failure.aborted ? requestCancelled() : new NetworkError({ text: NETWORK_ERROR_TEXT, detail: failure.detail })

const parseJson = (text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } => {
  if (text.trim() === "") return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

const utf8 = new TextDecoder()

/** An error body's `values`: an object of strings (anything else is ignored, the text still shows). */
const isTextRecord = (value: unknown): value is Record<string, string> =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string")

const readAnswer = (endpoint: Endpoint, response: TransportAnswer): Effect.Effect<unknown, ApiFailure> =>
  Effect.gen(function* () {
    const bytes = response.bytes
    const ok = response.status >= 200 && response.status <= 299
    if (!ok) {
      const parsed = parseJson(utf8.decode(bytes))
      const body = parsed.ok ? parsed.value : undefined
      const { code, values } = body && typeof body === "object" ? (body as { code?: unknown; values?: unknown }) : {}
      return yield* new ApiError({
        status: response.status,
        ...(typeof code === "string" ? { code } : {}),
        ...(isTextRecord(values) ? { values } : {}),
        text: errorText(body, GENERIC_ERROR_TEXT),
      })
    }
    const where = `${endpoint.name} (${endpoint.method} ${endpoint.path})`
    const unreadable = (detail: string) => new DecodeError({ endpoint: endpoint.name, text: `The answer to ${where} could not be read.`, detail })
    let value: unknown = bytes
    if (endpoint.responseType !== "file") {
      const text = utf8.decode(bytes)
      const parsed = parseJson(text)
      if (!parsed.ok) return yield* unreadable(`It is not JSON: ${text.slice(0, 80)}`)
      value = parsed.value
    }
    return yield* Schema.decodeUnknownEffect(asCodec(endpoint.response))(value).pipe(
      Effect.mapError((error) => unreadable(`It does not match the contract: ${error.message}`)),
    )
  })
