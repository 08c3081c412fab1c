import type { MiddlewareHandler } from "hono"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { jsonBodyOf } from "./json-text"

/** The content codings the server sends, best first. */
export type ContentCoding = "br" | "gzip"
const PREFERENCE: ReadonlyArray<ContentCoding> = ["br", "gzip"]

/**
 * The best coding an Accept-Encoding header allows among those `available` (br before gzip), or
 * null for the identity. Quality values count: `br;q=0` refuses brotli, `*` stands for any coding
 * not named.
 */
export const acceptedEncoding = (header: string | undefined, available: (coding: ContentCoding) => boolean = () => true): ContentCoding | null => {
  if (!header) return null
  const quality = new Map<string, number>()
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";")
    if (name === "") continue
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    quality.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const wildcard = quality.get("*") ?? 0
  let best: ContentCoding | null = null
  let bestQ = 0
  for (const coding of PREFERENCE) {
    const q = quality.get(coding) ?? (coding === "gzip" ? (quality.get("x-gzip") ?? wildcard) : wildcard)
    if (q > bestQ && available(coding)) {
      best = coding
      bestQ = q
    }
  }
  return best
}

/** JSON answers at least this long are compressed (smaller ones gain less than the headers cost). */
export const COMPRESS_MIN_BYTES = 1024

/** How many recent compressed bodies are kept, by their exact text and coding (kept answers repeat theirs). */
const COMPRESSED_KEPT = 64
/** Longer texts are compressed every time: keeping them would hold megabytes for a rare repeat. */
const KEPT_TEXT_MAX = 256 * 1024

const compress = (body: Buffer, coding: ContentCoding): Buffer =>
  coding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 })

/**
 * Compresses JSON answers of at least COMPRESS_MIN_BYTES with brotli (quality 5: fast enough to
 * run on every answer) or gzip (level 6), as the request's Accept-Encoding allows, and sets
 * `Vary: Accept-Encoding` on every JSON answer. Other answers (PDFs, files, 304s) pass untouched.
 * The body is read from the text `c.json` recorded (json-text.ts), not from the answer's stream.
 * The last few compressed bodies are kept by their exact text and coding: an answer that repeats
 * byte for byte (a kept answer, a poll) is not compressed again. The key is the whole text, so a
 * kept body is only ever sent for that very text.
 */
export const compressJson = (): MiddlewareHandler => {
  const kept: Record<ContentCoding, Map<string, Buffer>> = { br: new Map(), gzip: new Map() }
  return async (c, next) => {
    await next()
    const res = c.res
    if (!(res.headers.get("Content-Type") ?? "").startsWith("application/json")) return
    res.headers.append("Vary", "Accept-Encoding")
    if (res.headers.has("Content-Encoding") || res.status === 304 || c.req.method === "HEAD") return
    const coding = acceptedEncoding(c.req.header("Accept-Encoding"))
    if (coding === null) return
    const body = await jsonBodyOf(res)
    const length = typeof body === "string" ? Buffer.byteLength(body) : body.length
    // Too short to gain: the answer goes as it is.
    if (length < COMPRESS_MIN_BYTES) return
    const keptOfCoding = kept[coding]
    let out = typeof body === "string" ? keptOfCoding.get(body) : undefined
    if (out === undefined) {
      out = compress(typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body.buffer, body.byteOffset, body.length), coding)
      if (typeof body === "string" && body.length <= KEPT_TEXT_MAX) {
        if (keptOfCoding.size >= COMPRESSED_KEPT) keptOfCoding.delete(keptOfCoding.keys().next().value as string)
        keptOfCoding.set(body, out)
      }
    }
    const headers = new Headers(res.headers)
    headers.set("Content-Encoding", coding)
    headers.set("Content-Length", String(out.length))
    c.res = undefined as unknown as Response
    c.res = new Response(new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.length), { status: res.status, headers })
  }
}
