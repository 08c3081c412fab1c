import { createHash } from "node:crypto"
import { existsSync, readFileSync, statSync } from "node:fs"
import { join, sep } from "node:path"
import type { Context, MiddlewareHandler } from "hono"
import { getMimeType } from "hono/utils/mime"
import { acceptedEncoding, type ContentCoding } from "./compression"

/** Cache-Control of content-hashed build output under /assets/. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
/** Cache-Control of index.html and other unhashed files: always revalidate. */
export const REVALIDATE_CACHE = "no-cache"

/** The text answered while the static directory has no index.html. */
export const notBuiltText = (staticDir: string): string =>
  `Chartfolio's web app is not built yet: ${staticDir} has no index.html.\n` +
  "Run `npm run build` (or start with `npm start`, which builds first), then reload this page.\n" +
  "The API is available under /api.\n"

/** A built file held in memory with its precompressed variants (scripts/compress-assets.mjs). */
interface StaticFile {
  readonly mtimeMs: number
  readonly size: number
  readonly type: string
  readonly etag: string
  readonly lastModified: string
  readonly identity: Buffer
  readonly variants: Partial<Record<ContentCoding, Buffer>>
}

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/

const readVariant = (path: string, mtimeMs: number): Buffer | undefined => {
  try {
    // A variant older than its file is left over from an earlier build: not served.
    return statSync(path).mtimeMs >= mtimeMs ? readFileSync(path) : undefined
  } catch {
    return undefined
  }
}

/**
 * The built files, read once and kept while their modification time and size hold (a rebuild
 * under a running server is picked up on the next request). The build output is bounded, so the
 * cache is too.
 */
const fileCache = new Map<string, StaticFile>()

const loadFile = (path: string): StaticFile | null => {
  let stats
  try {
    stats = statSync(path)
  } catch {
    return null
  }
  if (!stats.isFile()) return null
  const cached = fileCache.get(path)
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached
  const identity = readFileSync(path)
  const type = getMimeType(path) ?? "application/octet-stream"
  const variants: Partial<Record<ContentCoding, Buffer>> = {}
  if (COMPRESSIBLE_TYPE.test(type)) {
    const br = readVariant(`${path}.br`, stats.mtimeMs)
    const gzip = readVariant(`${path}.gz`, stats.mtimeMs)
    if (br) variants.br = br
    if (gzip) variants.gzip = gzip
  }
  const file: StaticFile = {
    mtimeMs: stats.mtimeMs,
    size: stats.size,
    type,
    etag: `W/"${createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`,
    lastModified: stats.mtime.toUTCString(),
    identity,
    variants,
  }
  fileCache.set(path, file)
  return file
}

/**
 * The file under `root` a request path names, or null: percent signs, `..`, empty segments and
 * backslashes are refused (no built file has them), so nothing outside the build is reachable.
 */
const resolveFile = (root: string, requestPath: string): StaticFile | null => {
  if (requestPath.includes("%") || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/.test(requestPath)) return null
  const path = join(root, requestPath)
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) return null
  return loadFile(path)
}

const etagMatches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag.replace(/^W\//, ""))

/**
 * Answers a built file: the brotli or gzip variant when the browser accepts it (Content-Encoding,
 * and `Vary: Accept-Encoding` on every compressible file), a weak ETag of the content with 304 for
 * a matching If-None-Match, and the given Cache-Control.
 */
const answerFile = (c: Context, file: StaticFile, cacheControl: string): Response => {
  const headers = new Headers({ "Content-Type": file.type, "Cache-Control": cacheControl, ETag: file.etag, "Last-Modified": file.lastModified })
  const compressible = COMPRESSIBLE_TYPE.test(file.type)
  if (compressible) headers.set("Vary", "Accept-Encoding")
  if (etagMatches(c.req.header("If-None-Match"), file.etag)) return new Response(null, { status: 304, headers })
  const coding = compressible ? acceptedEncoding(c.req.header("Accept-Encoding"), (name) => file.variants[name] !== undefined) : null
  const body = coding ? (file.variants[coding] as Buffer) : file.identity
  if (coding) headers.set("Content-Encoding", coding)
  headers.set("Content-Length", String(body.length))
  return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status: 200, headers })
}

/**
 * Serves the built single-page app from `staticDir` (absolute): existing files as they are
 * (hashed /assets/* cached for a year as immutable, everything else `no-cache` with an ETag to
 * revalidate), precompressed (brotli or gzip, by Accept-Encoding) when the build wrote the
 * variants, and any other GET or HEAD answered with index.html (history fallback, so /login or
 * /dev/mailbox survive a reload). A missing /assets/ file, or any missing path ending in a file
 * extension, is a 404, not the page. Mount it after the /api routes; other methods fall through to
 * the app's not-found handler. Without a build it answers 503 with a text saying to run
 * `npm run build`.
 */
export const spaStatic =
  (staticDir: string): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next()
    const index = loadFile(join(staticDir, "index.html"))
    if (!index || !existsSync(staticDir)) {
      return c.text(notBuiltText(staticDir), 503, { "Cache-Control": "no-store" })
    }
    const inAssets = c.req.path === "/assets" || c.req.path.startsWith("/assets/")
    const file = resolveFile(staticDir, c.req.path)
    if (file) return answerFile(c, file, inAssets ? IMMUTABLE_CACHE : REVALIDATE_CACHE)
    // A missing file (a name with an extension, e.g. /logo.png) is a 404; only app routes get the page.
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(c.req.path.slice(c.req.path.lastIndexOf("/") + 1))
    if (inAssets || isFile) return c.text("Not Found", 404)
    return answerFile(c, index, REVALIDATE_CACHE)
  }
