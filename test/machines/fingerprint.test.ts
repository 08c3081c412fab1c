import { describe, expect, it } from "vitest"
import { assign, not, setup } from "xstate"
import { canonicalChart, chartFingerprint } from "../../src/machines/fingerprint"
import { loadCharts } from "./charts"

/** A small chart with every feature the canonical form reads; `change` edits one part of its config. */
const build = (change: { state?: string; target?: string; guard?: string; description?: string; delay?: number; event?: string; tag?: string } = {}) =>
  setup({
    types: {} as { context: { n: number }; events: { type: "go" } | { type: "next" } | { type: "stop" } },
    guards: { canGo: () => true, canStop: () => true },
    actors: {},
  }).createMachine({
    id: "sample",
    context: { n: 0 },
    initial: "idle",
    meta: { events: { go: "Go on", next: "Next", stop: "Stop" }, guards: { canGo: "May go", canStop: "May stop" } },
    states: {
      idle: {
        meta: { description: change.description ?? "Waiting" },
        on: {
          [change.event ?? "go"]: {
            target: change.target ?? "working",
            guard: change.guard ?? "canGo",
            actions: assign({ n: ({ context }) => context.n + 1 }),
          },
        },
      },
      [change.state ?? "working"]: {
        meta: { description: "Working" },
        tags: [change.tag ?? "busy"],
        after: { [change.delay ?? 1000]: "idle" },
        on: { stop: { target: "#sample.done", guard: not("canStop") }, next: "idle" },
      },
      done: { type: "final", meta: { description: "Done" } },
    },
  })

describe("chartFingerprint", () => {
  it("is 64 lower-case hex characters, the same for every call and for an identical definition", async () => {
    const a = await chartFingerprint(build())
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(await chartFingerprint(build())).toBe(a)
    expect(await chartFingerprint(build())).toBe(a)
    expect(canonicalChart(build())).toBe(canonicalChart(build()))
  })

  it("is SHA-256 of the canonical text", async () => {
    const text = canonicalChart(build())
    const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))
    expect(await chartFingerprint(build())).toBe(Buffer.from(digest).toString("hex"))
  })

  it("changes when a state, a transition's target or event, a guard, a description, a delay or a tag changes", async () => {
    const base = await chartFingerprint(build())
    const variants = [
      build({ state: "busy", target: "busy" }),
      build({ target: "done" }),
      build({ event: "next" }),
      build({ guard: "canStop" }),
      build({ description: "Waiting for the user" }),
      build({ delay: 2000 }),
      build({ tag: "loading" }),
    ]
    const prints = await Promise.all(variants.map(chartFingerprint))
    for (const print of prints) expect(print).not.toBe(base)
    expect(new Set(prints).size).toBe(prints.length)
  })

  it("does not change when only an implementation is provided (the chart stays the same)", async () => {
    const machine = build()
    expect(await chartFingerprint(machine.provide({ guards: { canGo: () => false } }))).toBe(await chartFingerprint(machine))
  })

  it("reads names and types, never function source: the canonical text has guards, actions and targets", () => {
    const text = canonicalChart(build())
    const parsed = JSON.parse(text) as {
      root: {
        states: {
          idle: { on: { go: Array<{ guard: string; actions: string[]; target: string[] }> } }
          working: { on: { stop: Array<{ guard: unknown }> }; after: Array<{ delay: number }> }
        }
      }
    }
    expect(parsed.root.states.idle.on.go[0]).toMatchObject({ guard: "canGo", actions: ["xstate.assign"], target: ["sample.working"] })
    expect(parsed.root.states.working.on.stop[0]?.guard).toEqual({ type: "xstate.not", guards: ["canStop"] })
    expect(parsed.root.states.working.after[0]?.delay).toBe(1000)
    expect(text).not.toContain("context.n")
  })

  it("gives every chart of src/machines its own fingerprint", async () => {
    const charts = await loadCharts()
    const prints = await Promise.all(charts.map(({ machine }) => chartFingerprint(machine)))
    expect(prints.every((p) => /^[0-9a-f]{64}$/.test(p))).toBe(true)
    expect(new Set(prints).size).toBe(charts.length)
  })
})

describe("chartFingerprint in a minified build", () => {
  it("gives every chart the same fingerprint as the source does (names and built-in types, never minified function names)", async () => {
    const { build } = await import("esbuild")
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs")
    const { tmpdir } = await import("node:os")
    const { join, resolve } = await import("node:path")
    const { pathToFileURL } = await import("node:url")
    const charts = await loadCharts()
    const dir = mkdtempSync(join(tmpdir(), "chartfolio-fingerprint-"))
    try {
      const imports = charts.map(({ chartId }, i) => `import * as m${i} from ${JSON.stringify(resolve(`src/machines/${chartId}.machine.ts`))}`)
      const entries = charts.map(({ chartId }, i) => `[${JSON.stringify(chartId)}, m${i}]`)
      writeFileSync(
        join(dir, "entry.ts"),
        [
          `import { chartFingerprint } from ${JSON.stringify(resolve("src/machines/fingerprint.ts"))}`,
          ...imports,
          `const modules: Array<[string, Record<string, unknown>]> = [${entries.join(", ")}]`,
          `export const fingerprints = async () => Object.fromEntries(await Promise.all(modules.map(async ([id, m]) => [id, await chartFingerprint(Object.values(m).find((v: any) => v && typeof v === "object" && "root" in v && "provide" in v) as any)])))`,
        ].join("\n"),
      )
      await build({
        entryPoints: [join(dir, "entry.ts")],
        bundle: true,
        minify: true,
        format: "esm",
        platform: "node",
        outfile: join(dir, "out.mjs"),
        logLevel: "silent",
      })
      const minified = (await import(pathToFileURL(join(dir, "out.mjs")).href)) as { fingerprints: () => Promise<Record<string, string>> }
      const fromSource = Object.fromEntries(await Promise.all(charts.map(async ({ chartId, machine }) => [chartId, await chartFingerprint(machine)])))
      expect(await minified.fingerprints()).toEqual(fromSource)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
