import { Context, Effect, Layer } from "effect"
import { takeEarlyAnswer } from "./early-answers"
import type { TransportAnswer, TransportFailure, TransportRequest } from "./transport-types"

export type { TransportAnswer, TransportFailure, TransportRequest } from "./transport-types"

/**
 * How the request pipeline (`ApiClient`) reaches the server: one `send` that resolves with the
 * whole answer. The live layer is the browser's fetch; interrupting the fiber aborts the request,
 * also while its body is being read. A first GET of a signed-in visit may be answered by the one the
 * start-up sent early (`./early-answers.ts`). A test or another runtime provides its own layer.
 *
 * (The pipeline used effect/http's FetchHttpClient before; it needs none of that module's request
 * builders, streams or tracing, which were about a fifth of the API runtime's JavaScript.)
 */
export class HttpTransport extends Context.Service<HttpTransport, { send(request: TransportRequest): Effect.Effect<TransportAnswer, TransportFailure> }>()(
  "chartfolio/services/HttpTransport",
) {
  static readonly layer: Layer.Layer<HttpTransport> = Layer.succeed(
    HttpTransport,
    HttpTransport.of({
      send: (request) =>
        Effect.tryPromise({
          try: async (signal) => {
            // (Interrupting the fiber does not wait for this promise: Effect leaves it.)
            const early = await takeEarlyAnswer(request)
            if (early) return early
            const response = await fetch(request.url, {
              method: request.method,
              headers: request.headers,
              ...(request.body !== undefined ? { body: request.body } : {}),
              signal,
            })
            const bytes = new Uint8Array(await response.arrayBuffer())
            return { status: response.status, etag: response.headers.get("etag"), bytes }
          },
          catch: (cause): TransportFailure => ({ aborted: isAbort(cause), detail: `${request.method} ${request.url}: ${describe(cause)}` }),
        }),
    }),
  )
}

const isAbort = (cause: unknown): boolean => typeof cause === "object" && cause !== null && (cause as { name?: unknown }).name === "AbortError"

const describe = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))
