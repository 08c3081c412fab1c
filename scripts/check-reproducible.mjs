// `npm run check:reproducible` (issue 32): the same commit builds the same app whatever ran before.
// Builds twice with `npm run build` (the build `npm start` serves): once with reports/ present and
// filled (the tests' coverage reports as they are, or a stand-in set when there are none) and once
// with reports/ moved away, then compares a SHA-256 of everything in dist/public (every file the
// browser can get, its brotli and gzip variants too). Exits 1, naming the files that differ, when the
// two builds differ. reports/ is put back as it was. About two builds' time (a few minutes on 2 cores);
// not part of `npm test`.
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { must } from "./run.mjs"

const OUT = "dist/public"
const REPORTS = "reports"
const ASIDE = `reports.aside-${process.pid}`

const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))

/** Each file's SHA-256 by path under dist/public, and one hash over all of them (paths sorted). */
const digest = () => {
  const each = new Map(
    files(OUT)
      .map((f) => [relative(OUT, f), createHash("sha256").update(readFileSync(f)).digest("hex")])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  )
  const all = createHash("sha256")
  for (const [path, hash] of each) all.update(`${path}\0${hash}\n`)
  return { each, all: all.digest("hex") }
}

const build = async (label) => {
  await must(`Building (${label})`, "npm", ["run", "build", "--silent"])
  const d = digest()
  console.log(`dist/public with ${label}: ${d.each.size} files, sha256 ${d.all}`)
  return d
}

// reports/ present and filled: the real reports, plus a stand-in model report when there is none.
const standIn = join(REPORTS, "model", "check-reproducible.json")
const hadModel = existsSync(join(REPORTS, "model")) && readdirSync(join(REPORTS, "model")).some((f) => f.endsWith(".json"))
if (!hadModel) {
  mkdirSync(join(REPORTS, "model"), { recursive: true })
  writeFileSync(standIn, `${JSON.stringify({ chart: "check-reproducible", transitions: { total: 1, covered: 1, coveredKeys: ["a: b -> c"] } })}\n`)
}
let withReports
let withoutReports
try {
  withReports = await build("reports/ present")
  if (!hadModel) rmSync(standIn)
  renameSync(REPORTS, ASIDE)
  try {
    withoutReports = await build("reports/ absent")
  } finally {
    renameSync(ASIDE, REPORTS)
  }
} finally {
  if (!hadModel) rmSync(standIn, { force: true })
}

if (withReports.all === withoutReports.all) {
  console.log("✓ The two builds are the same: dist/public does not depend on reports/.")
} else {
  const paths = new Set([...withReports.each.keys(), ...withoutReports.each.keys()])
  const differ = [...paths].filter((p) => withReports.each.get(p) !== withoutReports.each.get(p)).sort()
  console.error(`✗ The two builds differ in ${differ.length} file(s):\n${differ.map((p) => `  ${p}`).join("\n")}`)
  process.exit(1)
}
