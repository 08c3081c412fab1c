// Finds the Chromium the browser tests drive (Debian's package: Playwright's own browser download
// cannot work on these machines). Installs it with apt-get when running as root, otherwise stops
// with the exact command to run. Prints the path it found.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean)
export const findChromium = () => candidates.find((p) => existsSync(p)) ?? null

export const ensureChromium = () => {
  const found = findChromium()
  if (found) return found
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  const hasApt = spawnSync("which", ["apt-get"]).status === 0
  if (!isRoot || !hasApt) {
    console.error(
      "Chromium was not found. Install Debian's package, then run the tests again:\n\n" +
        "    sudo apt-get update && sudo apt-get install -y chromium\n\n" +
        "(or set CHROMIUM_PATH to an existing Chromium binary).",
    )
    process.exit(1)
  }
  console.log("Chromium not found: installing Debian's chromium package (apt-get)…")
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env })
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], { stdio: "inherit", env })
  const installed = findChromium()
  if (!installed) {
    console.error("apt-get finished but no Chromium binary is at /usr/bin/chromium.")
    process.exit(1)
  }
  return installed
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium())
