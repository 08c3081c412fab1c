// Finds the PDF tools the statement tests check downloads with: qpdf (`qpdf --check`) and
// poppler-utils (`pdftotext`). Installs the missing Debian packages with apt-get when running as
// root, otherwise stops with the exact command to run, as ensure-chromium.mjs does for Chromium.
import { aptInstallOrExit, has } from "./apt-install.mjs"

const TOOLS = [
  { command: "qpdf", pkg: "qpdf" },
  { command: "pdftotext", pkg: "poppler-utils" },
]

export const ensurePdfTools = () => {
  const missing = TOOLS.filter((t) => !has(t.command))
  if (missing.length === 0) return
  aptInstallOrExit({
    missing: missing.map((t) => t.command).join(" and "),
    why: "the statement tests check PDFs with them",
    packages: missing.map((t) => t.pkg),
  })
  const still = TOOLS.filter((t) => !has(t.command))
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map((t) => t.command).join(" and ")} is still missing.`)
    process.exit(1)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensurePdfTools()
