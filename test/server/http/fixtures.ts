import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { loadConfig, type Config } from "../../../server/config"

/** A fixed clock for app tests (ms since the epoch). */
export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0)

/** The index.html of the fake build. */
export const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>'

/** A directory shaped like `vite build` output: index.html, hashed assets, embedded pages. */
export const fakeBuild = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-static-"))
  writeFileSync(join(dir, "index.html"), INDEX_HTML)
  writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>")
  mkdirSync(join(dir, "assets"))
  writeFileSync(join(dir, "assets", "app-abc123.js"), "console.log('app')\n")
  mkdirSync(join(dir, "embedded"))
  writeFileSync(join(dir, "embedded", "legal-disclosure.html"), "<!doctype html><p>Legal disclosure</p>")
  return dir
}

/** A test configuration: defaults plus the given environment. */
export const testConfig = (env: Record<string, string>): Config => loadConfig(env, process.cwd())
