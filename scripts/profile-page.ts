// Where a page's main thread goes before its largest paint, by package, through the build's source
// maps. Loads the page PROFILE_LOADS times (3) in a new tab of a signed-in context at 4x CPU
// throttling, samples the renderer's CPU profile from navigation to the page's largest paint, and
// prints the mean self time per package (react-dom, @chakra-ui, @emotion, xstate, effect, the app's
// folders) and per function for the top ones. The build `npm start` serves: `npm run build` first.
//
//   npx tsx scripts/profile-page.ts                     # /dashboard, signed in as app@
//   PROFILE_PATH=/login npx tsx scripts/profile-page.ts # a signed-out page
//   PROFILE_MODE=trace PROFILE_WATERFALL=1 ...          # also the last load's requests, long tasks and the
//                                                       # page's own marks (performance.mark("app:step"))
//   PROFILE_CALLERS=murmur2 ...                         # also the call chains into a function
//   PROFILE_TOPLEVEL=1 ...                              # also what each chunk's module body runs
//
// Figures move with the machine's load (printed): compare two builds in interleaved runs only.
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { type Browser, type BrowserContext, chromium } from "@playwright/test"
import { TOTP } from "otpauth"
import { SourceMapConsumer } from "source-map-js"

const PORT = Number(process.env.PROFILE_PORT ?? 4188)
const BASE = `http://localhost:${PORT}`
const PATH = process.env.PROFILE_PATH ?? "/dashboard"
const RATE = Number(process.env.PROFILE_RATE ?? 4)
const LOADS = Number(process.env.PROFILE_LOADS ?? 3)
const CALLERS = process.env.PROFILE_CALLERS
const CALLER_DEPTH = Number(process.env.PROFILE_CALLER_DEPTH ?? 6)
const LARGEST = process.env.PROFILE_LARGEST ?? (PATH === "/dashboard" ? '[data-testid="performance-summary"]' : "h1")

interface Node {
  id: number
  children?: number[]
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
}

const maps = new Map<string, SourceMapConsumer | null>()
const mapOf = (url: string) => {
  if (!maps.has(url)) {
    try {
      const file = join("dist/public", new URL(url).pathname)
      maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8"))))
    } catch {
      maps.set(url, null)
    }
  }
  return maps.get(url) ?? null
}
const packageOf = (source: string) => {
  const nm = source.lastIndexOf("node_modules/")
  if (nm >= 0) {
    const rest = source.slice(nm + "node_modules/".length).split("/")
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  const src = /(?:^|\/)(src\/[^/]+)\//.exec(source)
  return src ? src[1]! : source
}
const place = (frame: Node["callFrame"]) => {
  if (frame.url === "") return { pkg: frame.functionName === "" ? "(root)" : `(${frame.functionName.replace(/[()]/g, "")})`, fn: frame.functionName }
  const map = mapOf(frame.url)
  if (!map) return { pkg: new URL(frame.url, BASE).pathname, fn: frame.functionName }
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
  return {
    pkg: at.source ? packageOf(at.source) : "(unmapped)",
    fn: `${at.name ?? frame.functionName ?? "?"} ${at.source ? `${at.source.replace(/.*node_modules\//, "")}:${at.line}` : ""}${process.env.PROFILE_RAW ? ` [${frame.functionName} ${new URL(frame.url).pathname}:${frame.lineNumber + 1}:${frame.columnNumber}]` : ""}`,
  }
}

interface TraceEvent {
  name: string
  ph: string
  cat?: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string; navigationId?: string } }
}

/**
 * `PROFILE_WATERFALL=1` (trace mode): the last load's timeline until the largest paint, in ms from
 * the navigation: each request (sent, finished) and each main-thread task of 20 ms or more
 * (`PROFILE_TASK_MS`) with what it ran, so the chain the largest paint waits on shows (script,
 * then call, then render).
 */
const waterfall = (events: TraceEvent[], main: { pid: number; tid: number }, start: number, lcpTs: number) => {
  const at = (ts: number) => ((ts - start) / 1000).toFixed(0).padStart(6)
  type Resource = { url: string; sent: number; done?: number }
  const requests = new Map<string, Resource>()
  const rows: Array<[number, string]> = []
  // What a task ran: its longest events directly inside (a script's call by function, style, layout, paint).
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined)
  const inside = (task: TraceEvent) => {
    const end = task.ts + task.dur!
    const within = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end && e.dur! >= 2_000)
    const top = within.filter((e) => !within.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!))
    const named = top
      .sort((a, b) => b.dur! - a.dur!)
      .slice(0, 4)
      .map((e) => `${e.name}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ""} ${(e.dur! / 1000).toFixed(0)}`)
    return named.length > 0 ? `: ${named.join(", ")}` : ""
  }
  for (const e of events) {
    const data = e.args?.data as { requestId?: string; url?: string } | undefined
    if (e.name === "ResourceSendRequest" && data?.requestId && data.url) requests.set(data.requestId, { url: data.url, sent: e.ts })
    // The page's own marks (performance.mark, named "<app>:<step>" as chartfolio:ready), to place a
    // probe's steps among the tasks; the navigation's own timing marks have no colon.
    if (e.pid === main.pid && e.cat === "blink.user_timing" && e.ts >= start && e.ts <= lcpTs && e.name.includes(":"))
      rows.push([e.ts, `${at(e.ts)} ms  mark ${e.name}`])
    if (e.name === "ResourceFinish" && data?.requestId) {
      const r = requests.get(data.requestId)
      if (r) r.done = e.ts
    }
    if (
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.ph === "X" &&
      (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask" || e.name === "ThreadPool_RunTask") &&
      (e.dur ?? 0) >= Number(process.env.PROFILE_TASK_MS ?? 20) * 1000 &&
      e.ts >= start &&
      e.ts <= lcpTs
    )
      rows.push([e.ts, `${at(e.ts)} ms  task ${((e.dur ?? 0) / 1000).toFixed(0)} ms${inside(e)}`])
  }
  for (const r of requests.values())
    if (r.sent <= lcpTs) {
      const url = new URL(r.url, BASE)
      rows.push([r.sent, `${at(r.sent)} ms  ${url.pathname}${url.search} -> ${r.done === undefined ? "(not finished)" : `${at(r.done).trim()} ms`}`])
    }
  console.log("waterfall of the last load (ms from the navigation):")
  for (const [, row] of rows.sort((a, b) => a[0] - b[0])) console.log(`  ${row}`)
  console.log(`  ${at(lcpTs)} ms  largest paint`)
}

/**
 * The trace mode: Chromium's own timeline events (instrumented, not sampled) of the renderer's main
 * thread from navigation to the largest paint, each task's time split by what ran inside it (a
 * script's evaluation by file, a function call by file, style, layout, paint, parsing, garbage
 * collection). The sampled mode's per-function split is skewed by CPU throttling (its pauses land
 * on whatever frame is running: a 13 ms hash function showed as 200-500 ms); the trace is not.
 */
const traceLoads = async (browser: Browser, context: BrowserContext) => {
  const totals = new Map<string, number>()
  const lcps: number[] = []
  for (let i = 0; i < LOADS; i++) {
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE })
    await browser.startTracing(tab, {
      categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline.stack", "v8.execute", "loading", "blink.user_timing"],
    })
    await tab.goto(PATH)
    await tab.waitForFunction((sel) => document.querySelector(sel) !== null, LARGEST, { timeout: 30_000, polling: 50 })
    await tab.waitForTimeout(500)
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents
    // The renderer's main thread: the thread with the most script events.
    const counts = new Map<string, number>()
    for (const e of events)
      if (e.name === "FunctionCall" || e.name === "EvaluateScript" || e.name === "v8.evaluateModule")
        counts.set(`${e.pid} ${e.tid}`, (counts.get(`${e.pid} ${e.tid}`) ?? 0) + 1)
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
    const main = busiest === undefined ? undefined : { pid: Number(busiest.split(" ")[0]), tid: Number(busiest.split(" ")[1]) }
    if (!main) throw new Error("no renderer main thread in the trace")
    const candidates = events.filter((e) => e.pid === main.pid && e.name === "largestContentfulPaint::Candidate")
    // The page's navigation, the one its largest paint belongs to (the trace has other frames' and
    // tabs' navigations, and a tab's first about:blank).
    const navigation = candidates[0]?.args?.data?.navigationId
    const start =
      events.find((e) => e.name === "navigationStart" && navigation !== undefined && e.args?.data?.navigationId === navigation)?.ts ??
      Math.min(...events.filter((e) => e.pid === main.pid).map((e) => e.ts))
    const lcpTs = Math.max(...candidates.map((e) => e.ts))
    lcps.push(Math.round((lcpTs - start) / 1000))
    const onMain = events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur !== undefined && e.ts >= start && e.ts <= lcpTs)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
    // Each event's self time (its duration less its children's), keyed by what it is.
    const stack: Array<TraceEvent & { child: number }> = []
    const add = (e: TraceEvent & { child: number }) => {
      const what =
        e.name === "EvaluateScript" || e.name === "FunctionCall" || e.name === "v8.compile" || e.name === "v8.compileModule"
          ? `${e.name} ${e.args?.data?.url ? new URL(e.args.data.url, BASE).pathname : ""}`
          : e.name
      totals.set(what, (totals.get(what) ?? 0) + (e.dur! - e.child) / 1000)
    }
    // Style and layout forced by a script (inside a script's own event) rather than by the frame.
    const forced = (e: TraceEvent, parent: TraceEvent | undefined) =>
      (e.name === "Layout" || e.name === "UpdateLayoutTree") &&
      parent !== undefined &&
      parent.name !== "RunTask" &&
      parent.name !== "ThreadControllerImpl::RunTask"
        ? `${e.name} forced inside ${parent.name}${forcedBy(e)}`
        : undefined
    const forcedBy = (e: TraceEvent) => {
      const frames = (
        e.args as { beginData?: { stackTrace?: Array<{ functionName: string; url: string; lineNumber: number; columnNumber: number }> } } | undefined
      )?.beginData?.stackTrace
      if (!frames || frames.length === 0) return ""
      return ` by ${frames
        .slice(0, 3)
        .map((f) => place({ ...f, lineNumber: f.lineNumber - 1, columnNumber: f.columnNumber - 1 }).fn)
        .join(" <- ")}`
    }
    for (const e of onMain) {
      while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) add(stack.pop()!)
      if (stack.length > 0) stack.at(-1)!.child += e.dur!
      const why = forced(e, stack.at(-1))
      if (why) totals.set(why, (totals.get(why) ?? 0) + e.dur! / 1000)
      stack.push({ ...e, child: 0 })
    }
    while (stack.length > 0) add(stack.pop()!)
    if (process.env.PROFILE_WATERFALL && i === LOADS - 1) waterfall(events, main, start, lcpTs)
    await tab.close()
  }
  console.log(
    `${PATH}: LCP at ${RATE}x ${lcps.join(", ")} ms (from the trace); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  )
  console.log("mean self time per load on the main thread until the largest paint:")
  let sum = 0
  for (const [what, ms] of totals) if (!what.includes(" forced inside ")) sum += ms
  for (const [what, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 40)))
    console.log(`  ${(ms / LOADS).toFixed(1).padStart(7)} ms  ${what}`)
  console.log(`  ${(sum / LOADS).toFixed(1).padStart(7)} ms  in all`)
}

const dataDir = mkdtempSync(join(tmpdir(), "chartfolio-profile-"))
const server = spawn(process.execPath, ["dist/server/main.js"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
  stdio: ["ignore", "pipe", "inherit"],
})
await new Promise<void>((resolve, reject) => {
  server.stdout.on("data", (d: Buffer) => d.toString().includes("is running at") && resolve())
  server.on("exit", (code) => reject(new Error(`server exited ${code}`)))
})
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] })
try {
  console.log(
    `load average at the start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  )
  const context = await browser.newContext({ baseURL: BASE })
  if (PATH !== "/login") {
    const page = await context.newPage()
    await page.goto("/login")
    await page.getByLabel("Email").fill("app@chartfolio.test")
    await page.getByLabel("Password").fill("Chartfolio#2026")
    await page.getByRole("button", { name: "Sign In" }).click()
    await page.getByLabel("One-time code").fill(new TOTP({ secret: "CHARTFOLIOAPPDEMOSECRETKEY234567", algorithm: "SHA1", digits: 6, period: 30 }).generate())
    await page.getByRole("button", { name: "Verify" }).click()
    await page.waitForURL(/\/dashboard$/)
    await page.getByTestId("performance-summary").waitFor({ timeout: 30_000 })
    await page.waitForLoadState("networkidle").catch(() => undefined)
  }
  const perPackage = new Map<string, number>()
  const perFunction = new Map<string, { pkg: string; ms: number }>()
  const lcps: number[] = []
  const callers = new Map<string, number>()
  const topLevel = new Map<string, number>()
  if (process.env.PROFILE_MODE === "trace") await traceLoads(browser, context)
  for (let i = 0; i < (process.env.PROFILE_MODE === "trace" ? 0 : LOADS); i++) {
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE })
    await cdp.send("Profiler.enable")
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 })
    await cdp.send("Profiler.start")
    await tab.goto(PATH)
    const ask = async (expression: string) =>
      ((await cdp.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true })) as { result: { value?: unknown } }).result.value
    for (const end = Date.now() + 30_000; (await ask(`document.querySelector(${JSON.stringify(LARGEST)}) !== null`)) !== true;) {
      if (Date.now() > end) throw new Error(`${PATH}: ${LARGEST} not there after 30 s`)
      await new Promise((r) => setTimeout(r, 50))
    }
    const lcp = Number(
      await ask(`new Promise((resolve) => {
        let last = 0
        new PerformanceObserver((list) => { for (const e of list.getEntries()) last = e.startTime }).observe({ type: "largest-contentful-paint", buffered: true })
        setTimeout(() => resolve(last), 300)
      })`),
    )
    lcps.push(Math.round(lcp))
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile }
    const origin = Number(await ask("performance.timeOrigin")) * 1000
    const byId = new Map(profile.nodes.map((n) => [n.id, n]))
    const parentOf = new Map<number, Node>()
    for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n)
    let t = profile.startTime
    for (let s = 0; s < profile.samples.length; s++) {
      t += profile.timeDeltas[s]!
      // Only samples up to the largest paint (profile times are in µs on the same clock as timeOrigin's).
      if (t > origin + lcp * 1000) break
      const node = byId.get(profile.samples[s]!)!
      const { pkg, fn } = place(node.callFrame)
      const ms = (profile.timeDeltas[s + 1] ?? 0) / 1000
      perPackage.set(pkg, (perPackage.get(pkg) ?? 0) + ms)
      const key = `${pkg} ${fn}`
      perFunction.set(key, { pkg, ms: (perFunction.get(key)?.ms ?? 0) + ms })
      if (process.env.PROFILE_TOPLEVEL) {
        // Inclusive time of what each chunk's top level (its module body) calls while it evaluates.
        const chain: Node[] = []
        for (let p: Node | undefined = node; p; p = parentOf.get(p.id)) chain.push(p)
        const body = chain.findLastIndex((n) => n.callFrame.url.includes("/assets/") && n.callFrame.functionName === "")
        if (body > 0) {
          const k = `${new URL(chain[body]!.callFrame.url).pathname} -> ${place(chain[body - 1]!.callFrame).fn}`
          topLevel.set(k, (topLevel.get(k) ?? 0) + ms)
        }
      }
      if (CALLERS && key.includes(CALLERS)) {
        // The chain of callers (app and library frames) of a function named by PROFILE_CALLERS.
        const chain: string[] = []
        for (let p = parentOf.get(node.id); p && chain.length < CALLER_DEPTH; p = parentOf.get(p.id)) chain.push(place(p.callFrame).fn)
        const k = chain.join("\n      <- ")
        callers.set(k, (callers.get(k) ?? 0) + ms)
      }
    }
    await tab.close()
  }
  if (lcps.length > 0) {
    console.log(
      `${PATH}: LCP at ${RATE}x ${lcps.join(", ")} ms; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    )
    console.log("mean self time per load until the largest paint, by package:")
    for (const [pkg, ms] of [...perPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(ms / LOADS).toFixed(0).padStart(6)} ms  ${pkg}`)
    console.log("top functions:")
    for (const [key, { ms }] of [...perFunction].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(process.env.PROFILE_TOP ?? 40)))
      console.log(`  ${(ms / LOADS).toFixed(1).padStart(7)} ms  ${key}`)
    if (CALLERS) {
      console.log(`callers of ${CALLERS}:`)
      for (const [chain, ms] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${(ms / LOADS).toFixed(1).padStart(7)} ms  ${chain}`)
    }
    if (topLevel.size > 0) {
      console.log("inclusive time of what each chunk's module body calls while it evaluates:")
      for (const [what, ms] of [...topLevel].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(ms / LOADS).toFixed(1).padStart(7)} ms  ${what}`)
    }
  }
} finally {
  await browser.close()
  server.kill("SIGINT")
  await new Promise((r) => server.on("exit", r))
  rmSync(dataDir, { recursive: true, force: true })
}
