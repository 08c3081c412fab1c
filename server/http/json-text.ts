import type { MiddlewareHandler } from "hono"

/**
 * The JSON text of the answers `c.json` made on /api, by answer object. The ETag and the
 * compression (etag.ts, compression.ts) read an answer's body from here instead of from its
 * stream: reading a body (`res.clone().arrayBuffer()`, `res.arrayBuffer()`) turns the Node
 * adapter's light answer into a full WHATWG Response with its streams, a few hundred microseconds
 * and most of a request's garbage under load (issue 14, third pass). Keyed by the answer object
 * itself, so an answer replaced by a later middleware has no entry and is read as before.
 */
const texts = new WeakMap<Response, string>()

/**
 * Middleware making `c.json` record the text it sends. It builds the answer exactly as Hono's own
 * `c.json` does (`c.newResponse(JSON.stringify(object), arg, { "Content-Type":
 * "application/json", ...headers })`).
 */
export const recordJsonText = (): MiddlewareHandler => async (c, next) => {
  const json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object)
    const res = c.newResponse(text, arg as never, { "Content-Type": "application/json", ...headers })
    texts.set(res, text)
    return res
  }) as unknown as typeof c.json
  c.json = json
  await next()
}

/** The body of a JSON answer: its recorded text, else its bytes read from a copy (the answer stays readable). */
export const jsonBodyOf = async (res: Response): Promise<string | Uint8Array> => texts.get(res) ?? new Uint8Array(await res.clone().arrayBuffer())
