import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Approval, CoverageReports } from "../../src/contract/workflows"
import { workflowsMemoryLayer } from "../../src/services/workflows.memory"
import { Workflows } from "../../src/services/workflows.service"
import { json } from "./test-server"
import { useTestRuntime } from "./test-runtime"

const approval: Approval = {
  id: "3f1c2b9e-0000-4000-8000-000000000001",
  chart: "withdrawal",
  fingerprint: "ab".repeat(32),
  note: "Reviewed.",
  reviewer: { id: "u-9", email: "reviewer@chartfolio.test", name: "Ifeoma Eze" },
  approvedAt: "2026-03-16T12:00:00.000Z",
}

const { setup } = useTestRuntime()

describe("Workflows (live layer)", () => {
  it("lists GET /api/workflows/approvals and approves with POST, the body as the contract encodes it", async () => {
    const { server, runtime } = await setup({
      "/api/workflows/approvals": (request) => (request.method === "POST" ? json(201, approval) : json(200, { approvals: [approval], definitions: {} })),
    })
    expect(await runtime.runPromise(Workflows.approvals())).toEqual({ approvals: [approval], definitions: {} })
    const request = { chart: "withdrawal", fingerprint: "ab".repeat(32), note: "Reviewed." }
    expect(await runtime.runPromise(Workflows.approve(request))).toEqual(approval)
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ["GET", "/api/workflows/approvals"],
      ["POST", "/api/workflows/approvals"],
    ])
    expect(JSON.parse(server.requests[1]!.body)).toEqual(request)
  })

  it("a non-reviewer's 404 is an ApiError with the server's text", async () => {
    const { runtime } = await setup({
      "/api/workflows/approvals": () => json(404, { statusCode: 404, code: "not_found", error: "There is no API endpoint GET /api/workflows/approvals." }),
    })
    const failure = await runtime.runPromise(Effect.flip(Workflows.approvals()))
    expect(failure).toMatchObject({ _tag: "ApiError", status: 404, code: "not_found" })
  })
})

describe("Workflows (memory layer)", () => {
  const run = <A, E>(program: Effect.Effect<A, E, Workflows>, layer = workflowsMemoryLayer()) => Effect.runPromise(Effect.provide(program, layer))

  it("records approvals newest first with the note trimmed", async () => {
    let clock = Date.parse("2026-03-16T12:00:00.000Z")
    const layer = workflowsMemoryLayer({ approvals: [approval], now: () => new Date((clock += 60_000)) })
    const [made, list] = await run(
      Effect.all([Workflows.approve({ chart: "order-ticket", fingerprint: "cd".repeat(32), note: "  Ticket ok.  " }), Workflows.approvals()]),
      layer,
    )
    expect(made).toMatchObject({
      chart: "order-ticket",
      note: "Ticket ok.",
      approvedAt: "2026-03-16T12:01:00.000Z",
      reviewer: { email: "reviewer@chartfolio.test" },
    })
    expect(list.approvals.map((a) => a.chart)).toEqual(["order-ticket", "withdrawal"])
  })

  it("refuses a bad request with 400 and a non-reviewer with 404", async () => {
    const bad = await Effect.runPromise(Effect.provide(Effect.flip(Workflows.approve({ chart: "X", fingerprint: "no", note: " " })), workflowsMemoryLayer()))
    expect(bad).toMatchObject({ _tag: "ApiError", status: 400 })
    // A refused note carries its reason, as the server's answer does; the other fields alone do not.
    expect(bad).toMatchObject({ code: "bad_request", values: { reason: "approval_note", max: "500" } })
    const badChart = await Effect.runPromise(
      Effect.provide(Effect.flip(Workflows.approve({ chart: "X", fingerprint: "no", note: "fine" })), workflowsMemoryLayer()),
    )
    expect(badChart).toMatchObject({ _tag: "ApiError", status: 400, code: "bad_request" })
    expect("values" in badChart ? badChart.values : undefined).toBeUndefined()
    const hidden = await Effect.runPromise(Effect.provide(Effect.flip(Workflows.approvals()), workflowsMemoryLayer({ isReviewer: false })))
    expect(hidden).toMatchObject({ _tag: "ApiError", status: 404 })
  })
})

describe("Workflows (memory layer) with the build's charts", () => {
  const charts = { withdrawal: { fingerprint: "ab".repeat(32), definition: '{"id":"withdrawal"}' } }
  const run = <A, E>(program: Effect.Effect<A, E, Workflows>) => Effect.runPromise(Effect.provide(program, workflowsMemoryLayer({ charts })))

  it("refuses another chart (400) and another version (409) as the server does, and records one approval per reviewer and version", async () => {
    const [otherChart, otherVersion, first, again, list] = await run(
      Effect.all([
        Effect.flip(Workflows.approve({ chart: "no-such-chart", fingerprint: "ab".repeat(32), note: "ok" })),
        Effect.flip(Workflows.approve({ chart: "withdrawal", fingerprint: "cd".repeat(32), note: "ok" })),
        Workflows.approve({ chart: "withdrawal", fingerprint: "ab".repeat(32), note: "first" }),
        Workflows.approve({ chart: "withdrawal", fingerprint: "ab".repeat(32), note: "again" }),
        Workflows.approvals(),
      ]),
    )
    expect(otherChart).toMatchObject({ status: 400, values: { reason: "approval_unknown_chart", chart: "no-such-chart" } })
    expect(otherVersion).toMatchObject({ status: 409, values: { reason: "approval_unknown_version" } })
    expect(again).toEqual(first)
    expect(list.approvals).toEqual([first])
    expect(list.definitions).toEqual({ ["ab".repeat(32)]: '{"id":"withdrawal"}' })
  })
})

describe("Workflows coverage", () => {
  const reports: CoverageReports = {
    charts: [
      {
        chart: "order-cancel",
        model: { coveredKeys: ["idle: cancel.request -> confirming"], scenarios: null, samples: null, writtenAt: "2026-11-27T10:00:00.000Z" },
        e2e: null,
      },
    ],
  }

  it("reads GET /api/workflows/coverage as the contract decodes it, and refuses an answer of another shape", async () => {
    const { runtime } = await setup({ "/api/workflows/coverage": () => json(200, reports) })
    expect(await runtime.runPromise(Workflows.use((w) => w.coverage()))).toEqual(reports)
    const { runtime: bad } = await setup({ "/api/workflows/coverage": () => json(200, { charts: [{ chart: "order-cancel" }] }) })
    const failure = await bad.runPromise(Effect.flip(Workflows.use((w) => w.coverage())))
    expect(failure._tag).toBe("DecodeError")
  })

  it("in memory: none by default, the given reports, and 404 for a non-reviewer", async () => {
    const run = <A, E>(effect: Effect.Effect<A, E, Workflows>, options?: Parameters<typeof workflowsMemoryLayer>[0]) =>
      Effect.runPromise(Effect.provide(effect, workflowsMemoryLayer(options)))
    expect(await run(Workflows.use((w) => w.coverage()))).toEqual({ charts: [] })
    expect(
      await run(
        Workflows.use((w) => w.coverage()),
        { coverage: reports },
      ),
    ).toEqual(reports)
    expect(await run(Effect.flip(Workflows.use((w) => w.coverage())), { isReviewer: false })).toMatchObject({ _tag: "ApiError", status: 404 })
  })
})
