// Finds the PDF tools the statement tests check downloads with: qpdf (`qpdf --check`) and
// poppler-utils (`pdftotext`). Installs the missing Debian packages with apt-get when running as
// root, otherwise stops with the exact command to run, as ensure-chromium.mjs does for Chromium.
import { execFileSync, spawnSync } from "node:child_process"

const TOOLS = [
  { command: "qpdf", pkg: "qpdf" },
  { command: "pdftotext", pkg: "poppler-utils" },
]

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0

export const ensurePdfTools = () => {
  const missing = TOOLS.filter((t) => !has(t.command))
  if (missing.length === 0) return
  const packages = missing.map((t) => t.pkg)
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  if (!isRoot || !has("apt-get")) {
    console.error(
      `${missing.map((t) => t.command).join(" and ")} not found: the statement tests check PDFs with them. Install Debian's packages, then run the tests again:\n\n` +
        `    sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}\n`,
    )
    process.exit(1)
  }
  console.log(`${missing.map((t) => t.command).join(", ")} not found: installing ${packages.join(" ")} (apt-get)…`)
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env })
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { stdio: "inherit", env })
  const still = TOOLS.filter((t) => !has(t.command))
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map((t) => t.command).join(" and ")} is still missing.`)
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePdfTools()
