import type { MiddlewareHandler } from "hono"
import { isKeptAnswer } from "../queries/answer-cache"

/**
 * The JSON text of the answers `c.json` made on /api, by answer object. The ETag and the
 * compression (etag.ts, compression.ts) read an answer's body from here instead of from its
 * stream: reading a body (`res.clone().arrayBuffer()`, `res.arrayBuffer()`) turns the Node
 * adapter's light answer into a full WHATWG Response with its streams, a few hundred microseconds
 * and most of a request's garbage under load (issue 14, third pass). Keyed by the answer object
 * itself, so an answer replaced by a later middleware has no entry and is read as before.
 */
const texts = new WeakMap<Response, Sent>()

/** What `c.json` sent: the text, and for a kept answer what is kept with it. */
interface Sent {
  readonly text: string
  readonly kept: KeptText | undefined
}

/**
 * A kept answer's JSON text and its ETags by caller (etag.ts), made once and reused while the
 * answer is kept (server/queries/answer-cache.ts: a kept answer never changes). Reusing the same
 * string also makes the compression's lookup of it cheap (its hash is computed once). For the
 * instrument search (6.9 kB) that was about 35 us of CPU per request, for an account's details
 * (40 kB, polled every 2 s) about 200 us (issue 14, fourth pass).
 */
interface KeptText {
  readonly text: string
  readonly etags: Map<string, string>
}
const keptTexts = new WeakMap<object, KeptText>()
/** ETags kept per kept answer: one per caller (session token row); more callers than this start over. */
const ETAGS_PER_ANSWER = 16

/**
 * Middleware making `c.json` record the text it sends. It builds the answer exactly as Hono's own
 * `c.json` does (`c.newResponse(JSON.stringify(object), arg, { "Content-Type":
 * "application/json", ...headers })`).
 */
export const recordJsonText = (): MiddlewareHandler => async (c, next) => {
  const json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const isKept = isKeptAnswer(object)
    let kept = isKept ? keptTexts.get(object as object) : undefined
    const text = kept?.text ?? JSON.stringify(object)
    if (isKept && kept === undefined) keptTexts.set(object as object, (kept = { text, etags: new Map() }))
    const res = c.newResponse(text, arg as never, { "Content-Type": "application/json", ...headers })
    texts.set(res, { text, kept })
    return res
  }) as unknown as typeof c.json
  c.json = json
  await next()
}

/** The body of a JSON answer: its recorded text, else its bytes read from a copy (the answer stays readable). */
export const jsonBodyOf = async (res: Response): Promise<string | Uint8Array> => texts.get(res)?.text ?? new Uint8Array(await res.clone().arrayBuffer())

/**
 * The ETag of `res` for `caller` (a session's token row id, which names one bearer token) as `make`
 * computes it: once per caller when `c.json` sent a kept answer, else `make()` each time.
 */
export const keptEtag = (res: Response, caller: string, make: () => string): string => {
  const etags = texts.get(res)?.kept?.etags
  if (etags === undefined) return make()
  let etag = etags.get(caller)
  if (etag === undefined) {
    if (etags.size >= ETAGS_PER_ANSWER) etags.clear()
    etags.set(caller, (etag = make()))
  }
  return etag
}
