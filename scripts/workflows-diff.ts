// `npm run workflows:diff` (issue 34): for a release pipeline, what changed in every chart since its
// last approval, in the sentences the workflow explorer writes (English), and exit 1 when a chart
// that moves money changed without approval (or was never approved). Not part of `npm test`.
//
// The approvals come from the server's database (the server's own settings: DATABASE_URL, else the
// embedded database of DATA_DIR, which must not be open in a running server), or from a saved
// GET /api/workflows/approvals answer:  npm run workflows:diff -- --approvals approvals.json
// The charts are the ones this checkout defines (as `npm run build` lists them), or a charts file:
// --charts dist/charts.json. Documented in docs/how-to/run-and-test.md.
import { readFileSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { Schema } from "effect"
import i18next, { type TFunction } from "i18next"
import { ApprovalList, ChartManifest } from "../src/contract/workflows"
import { diffCharts } from "../src/machines/chart-diff"
import { changeSentence } from "../src/views/explorer/diff-texts"
import { chartManifest, registryCharts } from "./chart-manifest"

/** The charts that move money or the means to: a change to them ships only once a reviewer approved it. */
export const MONEY_CHARTS: ReadonlyArray<string> = ["order-ticket", "withdrawal", "bank-accounts", "add-bank-account"]

export interface DiffReport {
  /** What to print, one line each. */
  readonly lines: ReadonlyArray<string>
  /** The money charts that changed without approval or were never approved. */
  readonly unapproved: ReadonlyArray<string>
}

/** The report of `charts` (the build's) against `approvals` (the trail and the approved definitions). */
export const diffReport = (t: TFunction, charts: ChartManifest, approvals: ApprovalList): DiffReport => {
  const lines: string[] = []
  const unapproved: string[] = []
  for (const [id, chart] of Object.entries(charts.charts).sort(([a], [b]) => a.localeCompare(b))) {
    const mine = approvals.approvals.filter((a) => a.chart === id)
    const money = MONEY_CHARTS.includes(id) ? " (money)" : ""
    const last = mine[0]
    if (last === undefined) {
      lines.push(`${id}${money}: never approved`)
      if (money) unapproved.push(id)
      continue
    }
    if (mine.some((a) => a.fingerprint === chart.fingerprint)) {
      lines.push(`${id}${money}: approved (${chart.fingerprint.slice(0, 12)})`)
      continue
    }
    if (money) unapproved.push(id)
    const approved = approvals.definitions[last.fingerprint]
    if (approved === undefined) {
      lines.push(`${id}${money}: changed since approval ${last.fingerprint.slice(0, 12)}, whose definition was not kept: read the whole chart`)
      continue
    }
    const changes = diffCharts(approved, chart.definition)
    lines.push(`${id}${money}: changed since approval ${last.fingerprint.slice(0, 12)} (${changes.length} changes)`)
    for (const change of changes) lines.push(`  ${change.change === "added" ? "+" : change.change === "removed" ? "-" : "±"} ${changeSentence(t, change)}`)
  }
  if (unapproved.length > 0) lines.push(`Money charts without an approval of this version: ${unapproved.join(", ")}`)
  return { lines, unapproved }
}

/** The explorer's English texts, as the app says them. */
export const englishTexts = async (): Promise<TFunction> => {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng: "en",
    ns: ["explorer"],
    defaultNS: "explorer",
    resources: { en: { explorer: JSON.parse(readFileSync("src/i18n/locales/en/explorer.json", "utf8")) as object } },
    interpolation: { escapeValue: false },
  })
  return i18n.t
}

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}

/** The approvals of the server's database (its own settings). */
const approvalsOfDatabase = async (): Promise<ApprovalList> => {
  const { loadConfig } = await import("../server/config")
  const { openDatabase } = await import("../server/db/database")
  const { listApprovals } = await import("../server/workflows/approvals")
  const config = loadConfig()
  const database = await openDatabase({ dataDir: config.dataDir, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}) })
  try {
    // Read only: the database is the server's, at the version its migrations made.
    return await listApprovals(database.db)
  } finally {
    await database.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const chartsFile = option("--charts")
  const approvalsFile = option("--approvals")
  const charts = chartsFile
    ? Schema.decodeUnknownSync(Schema.fromJsonString(ChartManifest))(readFileSync(chartsFile, "utf8"))
    : await chartManifest(await registryCharts())
  const approvals = approvalsFile
    ? Schema.decodeUnknownSync(Schema.fromJsonString(ApprovalList))(readFileSync(approvalsFile, "utf8"))
    : await approvalsOfDatabase()
  const report = diffReport(await englishTexts(), charts, approvals)
  console.log(report.lines.join("\n"))
  process.exit(report.unapproved.length > 0 ? 1 : 0)
}
