import { serveStatic } from "@hono/node-server/serve-static"
import { existsSync } from "node:fs"
import { join } from "node:path"
import type { MiddlewareHandler } from "hono"

/** Cache-Control of content-hashed build output under /assets/. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
/** Cache-Control of index.html and other unhashed files: always revalidate. */
export const REVALIDATE_CACHE = "no-cache"

/** The text answered while the static directory has no index.html. */
export const notBuiltText = (staticDir: string): string =>
  `Chartfolio's web app is not built yet: ${staticDir} has no index.html.\n` +
  "Run `npm run build` (or start with `npm start`, which builds first), then reload this page.\n" +
  "The API is available under /api.\n"

/**
 * Serves the built single-page app from `staticDir` (absolute): existing files as they are
 * (hashed /assets/* cached for a year as immutable, everything else `no-cache`), and any other
 * GET or HEAD answered with index.html (history fallback, so /login or /dev/mailbox survive a
 * reload). A missing /assets/ file, or any missing path ending in a file extension, is a 404, not the page. Mount it after the /api routes; other
 * methods fall through to the app's not-found handler. Without a build it answers 503 with a
 * text saying to run `npm run build`.
 */
export const spaStatic = (staticDir: string): MiddlewareHandler => {
  // Created on first use: serveStatic complains on stderr when its root does not exist yet.
  let files: MiddlewareHandler | undefined
  let index: MiddlewareHandler | undefined

  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next()
    if (!existsSync(join(staticDir, "index.html"))) {
      return c.text(notBuiltText(staticDir), 503, { "Cache-Control": "no-store" })
    }
    files ??= serveStatic({ root: staticDir })
    index ??= serveStatic({ root: staticDir, path: "index.html" })
    const inAssets = c.req.path === "/assets" || c.req.path.startsWith("/assets/")
    // A missing file (a name with an extension, e.g. /logo.png) is a 404; only app routes get the page.
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(c.req.path.slice(c.req.path.lastIndexOf("/") + 1))
    const served = (await files(c, async () => {})) ?? (inAssets || isFile ? c.text("Not Found", 404) : await index(c, async () => {}))
    if (!served) return next()
    if (served.ok) served.headers.set("Cache-Control", inAssets ? IMMUTABLE_CACHE : REVALIDATE_CACHE)
    return served
  }
}
