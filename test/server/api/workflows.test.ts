/**
 * The workflow explorer's approval trail (issue 13): the reviewer permission in GET /admins/me, a
 * reviewer approving and listing, 404 (the unknown-endpoint answer) for everyone else, and the
 * request checks. Every answer is decoded with the contract's schema.
 */
import { createHash } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import i18next from "i18next"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminUser } from "../../../src/contract/auth"
import { ErrorBody } from "../../../src/contract/errors"
import { Approval, APPROVAL_MESSAGES, ApprovalList, type ChartManifest } from "../../../src/contract/workflows"
import { diffCharts } from "../../../src/machines/chart-diff"
import { chartManifest } from "../../../scripts/chart-manifest"
import { loadCharts } from "../../machines/charts"
import { earlierVersion } from "../../support/changed-chart"
import { DEMO_EMAILS, DEMO_USERS } from "../../../server/db/seed/demo-users"
import { codedErrorText } from "../../../src/i18n/error-text"
import { decode, startApiHarness, type ApiHarness } from "./api-harness"

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")
/** A chart only this test's build has: the longest id a chart may have. */
const LONGEST_ID = "a".repeat(80)
const LONGEST_DEFINITION = '{"id":"longest","root":{}}'

const dir = mkdtempSync(join(tmpdir(), "chartfolio-charts-"))
let h: ApiHarness
/** The build the server serves: every chart of the registry (as `npm run build` lists them) and the test's own. */
let build: ChartManifest
beforeAll(async () => {
  const registry = await chartManifest((await loadCharts()).map((c) => ({ id: c.chartId, machine: c.machine })))
  build = { charts: { ...registry.charts, [LONGEST_ID]: { fingerprint: sha256(LONGEST_DEFINITION), definition: LONGEST_DEFINITION } } }
  writeFileSync(join(dir, "charts.json"), JSON.stringify(build))
  h = await startApiHarness({ env: { CHARTS_FILE: join(dir, "charts.json") } })
}, 60_000)
afterAll(() => {
  h?.close()
  rmSync(dir, { recursive: true, force: true })
})

type User = keyof typeof DEMO_EMAILS
const FINGERPRINT = "a".repeat(64)
const built = (chart: string) => {
  const found = build.charts[chart]
  if (!found) throw new Error(`no ${chart} in the build`)
  return found
}

const list = async (user: User = "reviewer") => h.call("GET", "/api/workflows/approvals", { token: await h.tokenOf(user) })
const errors = (lang: string) => JSON.parse(readFileSync(`src/i18n/locales/${lang}/errors.json`, "utf8")) as Record<string, unknown>
/** What the app says for an error body in `lang` (its own i18next setup of the errors namespace). */
const saidIn = async (lang: string, body: { code?: string; values?: Record<string, string> }) => {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng: lang,
    fallbackLng: "en",
    ns: ["errors"],
    defaultNS: "errors",
    resources: { en: { errors: errors("en") }, [lang]: { errors: errors(lang) } },
    interpolation: { escapeValue: false },
  })
  return codedErrorText(i18n, body.code, body.values)
}
const approve = async (body: unknown, user: User = "reviewer") => h.call("POST", "/api/workflows/approvals", { token: await h.tokenOf(user), body })

describe("GET /admins/me", () => {
  it("carries the reviewer permission: true for the reviewer demo user only", async () => {
    for (const user of ["demo", "new", "app", "reviewer"] as const) {
      const me = await h.call("GET", "/api/admins/me", { token: await h.tokenOf(user) })
      expect(me.status).toBe(200)
      expect(decode(AdminUser, me.body)).toMatchObject({ email: DEMO_EMAILS[user], reviewer: user === "reviewer" })
    }
    expect(DEMO_USERS.reviewer.email).toBe("reviewer@chartfolio.test")
  })
})

describe("approving charts", () => {
  it("records who approved which fingerprint of which chart, when, with the trimmed note; the list is newest first", async () => {
    const empty = await list()
    expect(empty.status).toBe(200)
    expect(decode(ApprovalList, empty.body)).toEqual({ approvals: [], definitions: {} })

    const first = await approve({ chart: "withdrawal", fingerprint: built("withdrawal").fingerprint, note: "  Reviewed the review step and the retry.  " })
    expect(first.status).toBe(201)
    const approval = decode(Approval, first.body)
    expect(approval).toEqual({
      id: expect.any(String),
      chart: "withdrawal",
      fingerprint: built("withdrawal").fingerprint,
      note: "Reviewed the review step and the retry.",
      reviewer: { id: expect.any(String), email: DEMO_USERS.reviewer.email, name: DEMO_USERS.reviewer.fullName },
      approvedAt: new Date(h.clock.now()).toISOString(),
    })
    const me = decode(AdminUser, (await h.call("GET", "/api/admins/me", { token: await h.tokenOf("reviewer") })).body)
    expect(approval.reviewer.id).toBe(me.userId)

    h.clock.advance(60_000)
    const second = decode(Approval, (await approve({ chart: "order-ticket", fingerprint: built("order-ticket").fingerprint, note: "Ticket approved." })).body)

    const all = decode(ApprovalList, (await list()).body)
    expect(all.approvals.map((a) => a.id)).toEqual([second.id, approval.id])
    expect(all.approvals[1]).toEqual(approval)
    expect(all.approvals.map((a) => [a.chart, a.fingerprint])).toEqual([
      ["order-ticket", built("order-ticket").fingerprint],
      ["withdrawal", built("withdrawal").fingerprint],
    ])
    // Each approved version's canonical definition, as the build listed it.
    expect(all.definitions).toEqual({
      [built("order-ticket").fingerprint]: built("order-ticket").definition,
      [built("withdrawal").fingerprint]: built("withdrawal").definition,
    })
  })

  it("records one approval per reviewer and version: a repeat answers 200 with the first, note and time unchanged", async () => {
    const fingerprint = built("order-cancel").fingerprint
    const first = await approve({ chart: "order-cancel", fingerprint, note: "Cancel flow reviewed." })
    expect(first.status).toBe(201)
    const before = decode(ApprovalList, (await list()).body).approvals.length
    h.clock.advance(60_000)
    for (let i = 0; i < 10; i++) {
      const again = await approve({ chart: "order-cancel", fingerprint, note: `Again ${i}.` })
      expect(again.status).toBe(200)
      expect(decode(Approval, again.body)).toEqual(decode(Approval, first.body))
    }
    expect(decode(ApprovalList, (await list()).body).approvals).toHaveLength(before)
  })

  it("refuses a chart the build does not have (400) and a version that is not the build's (409), said in the reviewer's language; records nothing", async () => {
    const before = decode(ApprovalList, (await list()).body).approvals.length
    const unknownChart = await approve({ chart: "no-such-chart", fingerprint: FINGERPRINT, note: "ok" })
    expect(unknownChart.status).toBe(400)
    const chartError = decode(ErrorBody, unknownChart.body)
    expect(chartError).toMatchObject({ code: "bad_request", values: { reason: "approval_unknown_chart", chart: "no-such-chart" } })
    expect(await saidIn("en", chartError)).toBe("There is no chart no-such-chart in the build the server runs.")
    const otherVersion = await approve({ chart: "withdrawal", fingerprint: FINGERPRINT, note: "ok" })
    expect(otherVersion.status).toBe(409)
    const versionError = decode(ErrorBody, otherVersion.body)
    expect(versionError).toMatchObject({ code: "conflict", values: { reason: "approval_unknown_version" } })
    for (const lang of ["en", "zh", "es", "ja", "de", "fr"]) {
      expect(await saidIn(lang, versionError), lang).not.toBe(await saidIn(lang, { code: "conflict" }))
      expect(await saidIn(lang, chartError), lang).toContain("no-such-chart")
    }
    expect(decode(ApprovalList, (await list()).body).approvals).toHaveLength(before)
  })

  it("keeps the definition of a version an earlier build served: the list carries it while that version is the chart's latest approval", async () => {
    // The earlier build's withdrawal chart: no expired quote yet, and the review step needed a valid amount only.
    const earlier = earlierVersion(built("withdrawal").definition, {
      withoutState: "open.reviewing.expired",
      withGuard: { source: "open.editing", event: "form.review", guard: "isAmountValid" },
    })
    const earlierFile = join(dir, "earlier.json")
    writeFileSync(earlierFile, JSON.stringify({ charts: { withdrawal: { fingerprint: sha256(earlier), definition: earlier } } }))
    const earlierServer = await startApiHarness({ database: h.database, env: { CHARTS_FILE: earlierFile } })
    // The reviewer approved the version the server runs (in this test or an earlier one of the file).
    const current = await approve({ chart: "withdrawal", fingerprint: built("withdrawal").fingerprint, note: "Reviewed the review step." })
    expect([200, 201]).toContain(current.status)
    // Served later than the approvals above.
    earlierServer.clock.advance(h.clock.now() - earlierServer.clock.now() + 60_000)
    const old = await earlierServer.call("POST", "/api/workflows/approvals", {
      token: await h.tokenOf("reviewer"),
      body: { chart: "withdrawal", fingerprint: sha256(earlier), note: "The earlier build." },
    })
    expect(old.status).toBe(201)
    const listed = decode(ApprovalList, (await list()).body)
    expect(listed.approvals[0]).toMatchObject({ chart: "withdrawal", fingerprint: sha256(earlier) })
    const approved = listed.definitions[sha256(earlier)]
    expect(approved).toBe(earlier)
    // What changed since, as the explorer and npm run workflows:diff say it.
    expect(diffCharts(approved ?? "", built("withdrawal").definition).map((c) => `${c.kind} ${c.change}`)).toEqual([
      "state added",
      "transition changed",
      "transition added",
      "transition added",
      "transition added",
    ])
    // The version the server runs is approved again by the same reviewer: it was already, so that one record stands.
    const again = await approve({ chart: "withdrawal", fingerprint: built("withdrawal").fingerprint, note: "Reviewed the expiry." })
    expect(again.status).toBe(200)
    expect(decode(Approval, again.body)).toEqual(decode(Approval, current.body))
  })

  it("does not exist for an admin without the permission: 404 like an unknown endpoint, whatever the body, nothing recorded", async () => {
    const before = decode(ApprovalList, (await list()).body).approvals.length
    for (const user of ["demo", "new", "app"] as const) {
      const get = await list(user)
      expect(get.status).toBe(404)
      expect(decode(ErrorBody, get.body)).toEqual({ statusCode: 404, code: "not_found", error: "There is no API endpoint GET /api/workflows/approvals." })
      for (const body of [{ chart: "withdrawal", fingerprint: FINGERPRINT, note: "Sneaky." }, { chart: "" }]) {
        const post = await approve(body, user)
        expect(post.status).toBe(404)
        expect(decode(ErrorBody, post.body)).toEqual({ statusCode: 404, code: "not_found", error: "There is no API endpoint POST /api/workflows/approvals." })
      }
    }
    const unknown = await h.call("GET", "/api/workflows/nothing-here", { token: await h.tokenOf("demo") })
    expect(unknown.body.error).toBe("There is no API endpoint GET /api/workflows/nothing-here.")
    expect(decode(ApprovalList, (await list()).body).approvals).toHaveLength(before)
  })

  it("answers everyone who is not a signed-in reviewer exactly like an unknown endpoint: no token, a bad token, a code still pending, a customer", async () => {
    const before = decode(ApprovalList, (await list()).body).approvals.length
    const pending = (await h.signIn(DEMO_EMAILS.demo, { deviceId: "device-pending-0001" })).token
    const callers: ReadonlyArray<[string, { token?: string; deviceId?: string }]> = [
      ["no token", {}],
      ["a bad token", { token: "bad-token-0123456789abcdefghijklmnop" }],
      ["a code still pending", { token: pending, deviceId: "device-pending-0001" }],
      ["a customer", { token: await h.tokenOf("demo") }],
      ["another customer", { token: await h.tokenOf("app") }],
    ]
    const body = { chart: "withdrawal", fingerprint: FINGERPRINT, note: "Sneaky." }
    for (const [who, opts] of callers) {
      for (const method of ["GET", "POST"] as const) {
        const send = (path: string) => h.call(method, path, { ...opts, ...(method === "POST" ? { body } : {}) })
        const real = await send("/api/workflows/approvals")
        const unknown = await send("/api/workflows/nothing-here")
        expect(unknown.status, `${who} ${method}`).toBe(404)
        expect(real.status, `${who} ${method}`).toBe(unknown.status)
        // The same body, but for the path it names.
        expect(JSON.stringify(real.body), `${who} ${method}`).toBe(
          JSON.stringify(unknown.body).replace("/api/workflows/nothing-here", "/api/workflows/approvals"),
        )
        expect(decode(ErrorBody, real.body)).toEqual({
          statusCode: 404,
          code: "not_found",
          error: `There is no API endpoint ${method} /api/workflows/approvals.`,
        })
        expect(real.headers.get("Content-Type"), `${who} ${method}`).toBe(unknown.headers.get("Content-Type"))
        expect(real.headers.get("Retry-After"), `${who} ${method}`).toBeNull()
      }
    }
    // An unsigned request is refused before any endpoint is looked for, the same for both paths.
    const unsigned = async (path: string) => {
      const res = await h.app.request(path, { method: "GET" })
      return { status: res.status, body: (await res.json()) as unknown }
    }
    expect(await unsigned("/api/workflows/approvals")).toEqual(await unsigned("/api/workflows/nothing-here"))
    expect(decode(ApprovalList, (await list()).body).approvals).toHaveLength(before)
  })

  it("answers 400 naming each bad field, and records nothing", async () => {
    const before = decode(ApprovalList, (await list()).body).approvals.length
    const cases: ReadonlyArray<[unknown, Record<string, string>]> = [
      [{ chart: "Withdrawal", fingerprint: FINGERPRINT, note: "ok" }, { chart: APPROVAL_MESSAGES.chart }],
      [{ chart: "a".repeat(81), fingerprint: FINGERPRINT, note: "ok" }, { chart: APPROVAL_MESSAGES.chart }],
      [{ chart: "", fingerprint: FINGERPRINT, note: "ok" }, { chart: APPROVAL_MESSAGES.chart }],
      [{ chart: "withdrawal", fingerprint: FINGERPRINT.toUpperCase(), note: "ok" }, { fingerprint: APPROVAL_MESSAGES.fingerprint }],
      [{ chart: "withdrawal", fingerprint: "abc", note: "ok" }, { fingerprint: APPROVAL_MESSAGES.fingerprint }],
      [{ chart: "withdrawal", fingerprint: FINGERPRINT, note: "   " }, { note: APPROVAL_MESSAGES.note }],
      [{ chart: "withdrawal", fingerprint: FINGERPRINT, note: "x".repeat(501) }, { note: APPROVAL_MESSAGES.note }],
      [{}, { chart: APPROVAL_MESSAGES.chart, fingerprint: APPROVAL_MESSAGES.fingerprint, note: APPROVAL_MESSAGES.note }],
    ]
    for (const [body, fields] of cases) {
      const res = await approve(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const error = decode(ErrorBody, res.body)
      expect(error.message).toEqual(fields)
    }
    // The note, the one field the reviewer types, is refused with its reason: the app says it in their language.
    const long = decode(ErrorBody, (await approve({ chart: "withdrawal", fingerprint: FINGERPRINT, note: "x".repeat(501) })).body)
    expect(long.values).toEqual({ reason: "approval_note", max: "500" })
    expect(await saidIn("de", long)).toBe("Schreiben Sie eine Notiz mit 1 bis 500 Zeichen.")
    expect(decode(ErrorBody, (await approve({ chart: "Withdrawal", fingerprint: FINGERPRINT, note: "ok" })).body).values).toBeUndefined()
    const longest = await approve({ chart: LONGEST_ID, fingerprint: sha256(LONGEST_DEFINITION), note: ` ${"é".repeat(500)} ` })
    expect(longest.status).toBe(201)
    expect(decode(Approval, longest.body).note).toBe("é".repeat(500))
    expect(decode(ApprovalList, (await list()).body).approvals).toHaveLength(before + 1)
  })
})
