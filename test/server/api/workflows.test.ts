/**
 * The workflow explorer's approval trail (issue 13): the reviewer permission in GET /admins/me, a
 * reviewer approving and listing, 404 (the unknown-endpoint answer) for everyone else, and the
 * request checks. Every answer is decoded with the contract's schema.
 */
import { readFileSync } from "node:fs"
import i18next from "i18next"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminUser } from "../../../src/contract/auth"
import { ErrorBody } from "../../../src/contract/errors"
import { Approval, APPROVAL_MESSAGES, ApprovalList } from "../../../src/contract/workflows"
import { DEMO_EMAILS, DEMO_USERS } from "../../../server/db/seed/demo-users"
import { codedErrorText } from "../../../src/i18n/error-text"
import { decode, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness()
}, 60_000)
afterAll(() => h?.close())

type User = keyof typeof DEMO_EMAILS
const FINGERPRINT = "a".repeat(64)
const OTHER_FINGERPRINT = "0123456789abcdef".repeat(4)

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
    expect(decode(ApprovalList, empty.body)).toEqual({ approvals: [] })

    const first = await approve({ chart: "withdrawal", fingerprint: FINGERPRINT, note: "  Reviewed the review step and the retry.  " })
    expect(first.status).toBe(201)
    const approval = decode(Approval, first.body)
    expect(approval).toEqual({
      id: expect.any(String),
      chart: "withdrawal",
      fingerprint: FINGERPRINT,
      note: "Reviewed the review step and the retry.",
      reviewer: { id: expect.any(String), email: DEMO_USERS.reviewer.email, name: DEMO_USERS.reviewer.fullName },
      approvedAt: new Date(h.clock.now()).toISOString(),
    })
    const me = decode(AdminUser, (await h.call("GET", "/api/admins/me", { token: await h.tokenOf("reviewer") })).body)
    expect(approval.reviewer.id).toBe(me.userId)

    h.clock.advance(60_000)
    const second = decode(Approval, (await approve({ chart: "order-ticket", fingerprint: OTHER_FINGERPRINT, note: "Ticket approved." })).body)
    h.clock.advance(60_000)
    const third = decode(Approval, (await approve({ chart: "withdrawal", fingerprint: OTHER_FINGERPRINT, note: "Changed definition approved again." })).body)

    const all = decode(ApprovalList, (await list()).body)
    expect(all.approvals.map((a) => a.id)).toEqual([third.id, second.id, approval.id])
    expect(all.approvals[2]).toEqual(approval)
    expect(all.approvals.map((a) => [a.chart, a.fingerprint])).toEqual([
      ["withdrawal", OTHER_FINGERPRINT],
      ["order-ticket", OTHER_FINGERPRINT],
      ["withdrawal", FINGERPRINT],
    ])
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
    const longest = await approve({ chart: "a".repeat(80), fingerprint: FINGERPRINT, note: ` ${"é".repeat(500)} ` })
    expect(longest.status).toBe(201)
    expect(decode(Approval, longest.body).note).toBe("é".repeat(500))
    expect(decode(ApprovalList, (await list()).body).approvals).toHaveLength(before + 1)
  })
})
