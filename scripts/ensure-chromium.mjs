// Finds the Chromium the browser tests drive (Debian's package: Playwright's own browser download
// cannot work on these machines). Installs it with apt-get when running as root, otherwise stops
// with the exact command to run. Prints the path it found.
import { existsSync } from "node:fs"
import { aptInstallOrExit } from "./apt-install.mjs"

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean)
export const findChromium = () => candidates.find((p) => existsSync(p)) ?? null

export const ensureChromium = () => {
  const found = findChromium()
  if (found) return found
  aptInstallOrExit({
    missing: "Chromium",
    why: "the browser tests drive it",
    packages: ["chromium"],
    hint: "(or set CHROMIUM_PATH to an existing Chromium binary)",
  })
  const installed = findChromium()
  if (!installed) {
    console.error("apt-get finished but no Chromium binary is at /usr/bin/chromium.")
    process.exit(1)
  }
  return installed
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
