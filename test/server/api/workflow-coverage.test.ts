/**
 * GET /workflows/coverage (issue 32): the coverage reports of the server's REPORTS_DIR, read at each
 * request, for reviewers only (the unknown-endpoint 404 for anyone else). Every answer is decoded
 * with the contract's schema.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorBody } from "../../../src/contract/errors"
import { CoverageReports } from "../../../src/contract/workflows"
import { decode, startApiHarness, type ApiHarness } from "./api-harness"

const reportsDir = mkdtempSync(join(tmpdir(), "chartfolio-reports-"))
let h: ApiHarness
beforeAll(async () => {
  h = await startApiHarness({ env: { REPORTS_DIR: reportsDir } })
}, 60_000)
afterAll(() => {
  h?.close()
  rmSync(reportsDir, { recursive: true, force: true })
})

const coverage = async (user: "reviewer" | "demo" = "reviewer") => h.call("GET", "/api/workflows/coverage", { token: await h.tokenOf(user) })

const write = (file: string, value: unknown) => {
  mkdirSync(join(reportsDir, file, ".."), { recursive: true })
  writeFileSync(join(reportsDir, file), typeof value === "string" ? value : JSON.stringify(value))
}

const scenario = {
  state: "confirming",
  steps: [
    {
      kind: "event",
      type: "cancel.request",
      payload: { orderId: "O1" },
      states: ["confirming"],
      transitions: ["idle: cancel.request [isCancellable] -> confirming"],
    },
  ],
}
const samples = { input: { locale: "en-GB" }, events: { "cancel.request": { orderId: "O1" } }, outputs: {}, errors: {} }

describe("GET /workflows/coverage", () => {
  it("answers no reports while the reports directory does not exist or holds none", async () => {
    rmSync(reportsDir, { recursive: true, force: true })
    const missing = await coverage()
    expect(missing.status).toBe(200)
    expect(decode(CoverageReports, missing.body)).toEqual({ charts: [] })
    mkdirSync(join(reportsDir, "model"), { recursive: true })
    expect(decode(CoverageReports, (await coverage()).body)).toEqual({ charts: [] })
  })

  it("answers the model and browser reports present now, by chart, with when each was written; a file that is no report is left out", async () => {
    write("model/order-cancel.json", {
      chart: "order-cancel",
      paths: 4,
      transitions: { total: 5, covered: 1, coveredKeys: ["idle: cancel.request [isCancellable] -> confirming"] },
      scenarios: [scenario],
      samples,
    })
    write("model/splash.json", { chart: "splash", transitions: { total: 2, covered: 2, coveredKeys: ["a", "b"] } })
    write("model/broken.json", "{ not json")
    write("model/other.json", { chart: "Not A Chart", transitions: { coveredKeys: [] } })
    write("e2e-coverage/order-cancel.json", { chart: "order-cancel", machine: "orderCancel", drivenKeys: ["confirming: cancel.confirm -> cancelling"] })
    write("e2e-coverage/session.json", { chart: "session", machine: "session", drivenKeys: [] })
    const at = new Date("2026-11-27T09:30:00.000Z")
    utimesSync(join(reportsDir, "model/order-cancel.json"), at, at)

    const answer = decode(CoverageReports, (await coverage()).body)
    expect(answer.charts.map((c) => c.chart)).toEqual(["order-cancel", "session", "splash"])
    expect(answer.charts[0]).toEqual({
      chart: "order-cancel",
      model: { coveredKeys: ["idle: cancel.request [isCancellable] -> confirming"], scenarios: [scenario], samples, writtenAt: at.toISOString() },
      e2e: { drivenKeys: ["confirming: cancel.confirm -> cancelling"], writtenAt: expect.any(String) },
    })
    expect(answer.charts[1]).toEqual({ chart: "session", model: null, e2e: { drivenKeys: [], writtenAt: expect.any(String) } })
    expect(answer.charts[2]).toMatchObject({ chart: "splash", model: { coveredKeys: ["a", "b"], scenarios: null, samples: null }, e2e: null })

    // Read at each request: a report removed is gone from the next answer, without a restart.
    rmSync(join(reportsDir, "model"), { recursive: true })
    const later = decode(CoverageReports, (await coverage()).body)
    expect(later.charts.map((c) => [c.chart, c.model])).toEqual([
      ["order-cancel", null],
      ["session", null],
    ])
  })

  it("answers the paths of the model test, its guard mutants and the browser tests behind each transition, when the reports have them", async () => {
    const walks = [{ name: "path 1: cancel.request", transitions: ["idle: cancel.request [isCancellable] -> confirming"] }]
    const mutation = {
      total: 2,
      killed: 1,
      replays: 3,
      sampled: false,
      mutants: [
        {
          guard: "isCancellable",
          kind: "negated",
          transitions: ["idle: cancel.request [isCancellable] -> confirming"],
          killed: true,
          by: walks[0]!.name,
          reason: "diverged",
          paths: 1,
          tried: 1,
        },
        { guard: "isCancellable", kind: "true", transitions: ["idle: cancel.request [isCancellable] -> confirming"], killed: false, paths: 1, tried: 1 },
      ],
    }
    const tests = { "confirming: cancel.confirm -> cancelling": ["order-journey.spec.ts › a customer cancels a pending order"] }
    write("model/order-cancel.json", { chart: "order-cancel", transitions: { coveredKeys: walks[0]!.transitions }, walks, mutation })
    write("e2e-coverage/order-cancel.json", { chart: "order-cancel", drivenKeys: Object.keys(tests), tests })
    const answer = decode(CoverageReports, (await coverage()).body)
    expect(answer.charts.find((c) => c.chart === "order-cancel")).toMatchObject({ model: { walks, mutation }, e2e: { drivenKeys: Object.keys(tests), tests } })
    // A mutation report of another shape is no report: left out, not half read.
    write("model/order-cancel.json", { chart: "order-cancel", transitions: { coveredKeys: [] }, mutation: { total: "all" } })
    expect(decode(CoverageReports, (await coverage()).body).charts.find((c) => c.chart === "order-cancel")?.model).toBeNull()
  })

  it("does not exist for a customer or without a session (the unknown-endpoint 404)", async () => {
    write("model/splash.json", { chart: "splash", transitions: { coveredKeys: ["a"] } })
    const customer = await coverage("demo")
    expect(customer.status).toBe(404)
    expect(decode(ErrorBody, customer.body)).toMatchObject({ code: "not_found" })
    const anonymous = await h.call("GET", "/api/workflows/coverage")
    expect(anonymous.status).toBe(404)
  })
})
