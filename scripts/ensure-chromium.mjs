// Finds the Chromium builds the project drives (Debian's packages: Playwright's own browser
// download cannot work on these machines). Installs one with apt-get when running as root,
// otherwise stops with the exact command to run. Prints the path it found.
// - The browser tests and the Fast Refresh check drive Chromium's headless shell
//   (`chromium-headless-shell`, the build Playwright itself runs headless tests on): the same Blink
//   and V8 without the full browser's shell, about a quarter less CPU per test on this machine
//   (docs/decisions/0186-ci-time.md). `CHROMIUM_PATH` overrides it.
// - `npm run bench` and `scripts/profile-page.ts` measure what users run: the full `chromium`.
import { existsSync } from "node:fs"
import { aptInstallOrExit } from "./apt-install.mjs"

const first = (paths) => paths.filter(Boolean).find((p) => existsSync(p)) ?? null

const FULL = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
const SHELL = ["/usr/bin/chromium-headless-shell"]

/** The full Chromium (the bench's), or null. */
export const findChromium = () => first([process.env.CHROMIUM_PATH, ...FULL])
/** The browser the tests drive: `CHROMIUM_PATH`, else the headless shell; null when neither is there. */
export const findTestBrowser = () => first([process.env.CHROMIUM_PATH, ...SHELL])

const ensure = (find, packageName, what, why) => {
  const found = find()
  if (found) return found
  aptInstallOrExit({ missing: what, why, packages: [packageName], hint: "(or set CHROMIUM_PATH to an existing Chromium binary)" })
  const installed = find()
  if (!installed) {
    console.error(`apt-get finished but ${packageName} is not where it was looked for.`)
    process.exit(1)
  }
  return installed
}

/** The full Chromium, installed when missing. */
export const ensureChromium = () => ensure(findChromium, "chromium", "Chromium", "npm run bench measures the app in it")
/** The browser the tests drive (Chromium's headless shell), installed when missing. */
export const ensureTestBrowser = () => ensure(findTestBrowser, "chromium-headless-shell", "Chromium's headless shell", "the browser tests drive it")

// `node scripts/ensure-chromium.mjs [--full]`: the tests' browser, or with --full the bench's.
if (import.meta.url === `file://${process.argv[1]}`) console.log(process.argv[2] === "--full" ? ensureChromium() : ensureTestBrowser())
