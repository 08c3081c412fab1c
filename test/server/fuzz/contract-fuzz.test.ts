/**
 * Contract-driven fuzzing (issue 15): every endpoint of src/contract/endpoints/ gets valid
 * requests generated from its Schemas (effect's Arbitrary) and mutated ones (mutate.ts), signed
 * exactly as the app signs them, on a throwaway database (PGlite, or PostgreSQL when DATABASE_URL
 * is set). Asserted for every answer: never 5xx; a broken request is a 400 (413 when too large)
 * with the contract's error body and a clear text; a valid one gets one of the answers its rule
 * lists (fuzz-rules.ts), and a 2xx decodes with the contract's answer schema.
 *
 *   npx vitest run --project server test/server/fuzz               a fresh random seed, printed
 *   FUZZ_SEED=1234 npx vitest run --project server test/server/fuzz     replays that run
 *   FUZZ_RUNS=300 ...   cases per endpoint (default 60: 40 % valid, 60 % mutated, times the rule's budget)
 *   FUZZ_ONLY=placeOrder,withdraw ...   only these endpoints (same cases as in the full run)
 *   FUZZ_DEBUG=1 ...    prints every case's status, answer and body
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Arbitrary, Effect, Result, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { API_BASE, buildPath, type Endpoint } from "../../../src/contract/endpoint"
import { Endpoints, type EndpointName } from "../../../src/contract/endpoints"
import { ErrorBody, ErrorCodes } from "../../../src/contract/errors"
import { newNonce, sign, SignatureHeaders } from "../../../src/contract/signature"
import { DEFAULT_BODY_LIMIT } from "../../../server/http/body-limit"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import { hasUnsafeText, jsonDepthExceeds, unsafeTextPath } from "../../../server/http/safe-text"
import { isOrderCancellable } from "../../../src/domain/portfolio-rules"
import { isWithdrawalCancellable } from "../../../src/domain/withdrawal"
import { UPLOAD_BODY_LIMIT } from "../../../src/domain/upload"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { seedId } from "../../../server/db/seed/ids"
import { statementList } from "../../../server/statements/data"
import { listWatchlists } from "../../../server/queries/watchlists"
import { createPriceAlert } from "../../../server/queries/price-alerts"
import { startApiHarness, type ApiHarness } from "../api/api-harness"
import { fuzzDatabaseKind, openFuzzDatabase } from "./fuzz-database"
import { FUZZ_CHARTS, RULES, type Input, type Outcome, type World } from "./fuzz-rules"
import { hashText, mutateBody, mutateQuery, oddRawValue, rngOf, type Rng } from "./mutate"

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) >>> 0 : (Math.random() * 2 ** 32) >>> 0
const RUNS = Math.max(5, Number(process.env.FUZZ_RUNS ?? 60) || 60)
const ONLY = new Set(
  (process.env.FUZZ_ONLY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
)
const NAMES = (Object.keys(Endpoints) as EndpointName[]).filter((n) => ONLY.size === 0 || ONLY.has(n))
const REPLAY = `FUZZ_SEED=${SEED}${process.env.FUZZ_RUNS ? ` FUZZ_RUNS=${RUNS}` : ""} npx vitest run --project server test/server/fuzz`

/** What went on the wire, printable so a failing case can be sent again by hand. */
interface WireRequest {
  readonly method: string
  readonly target: string
  readonly body?: string
  readonly headers: Record<string, string>
}

interface Answer {
  readonly status: number
  readonly contentType: string
  readonly text: string
  readonly bytes: Uint8Array
}

interface Case {
  readonly kind: "valid" | "mutated"
  readonly index: number
  readonly label: string
  readonly input: Input
  /** For mutated cases: the raw wire parts that replace the encoded ones. */
  readonly raw?: { readonly body?: string; readonly query?: string; readonly path?: string }
}

/** What the answer must be: the rule's business answers, or the refusal of a broken request. */
type Expectation = { readonly kind: "valid" } | { readonly kind: "invalid"; readonly statuses: ReadonlyArray<number>; readonly why: string }

let h: ApiHarness
const chartsFile = join(mkdtempSync(join(tmpdir(), "chartfolio-fuzz-charts-")), "charts.json")
const stats = new Map<string, { valid: number; mutated: number; statuses: Map<string, number> }>()
const startedAt = Date.now()

beforeAll(async () => {
  // The charts the fuzzed server's build lists (CHARTS_FILE): the only ones it approves.
  writeFileSync(
    chartsFile,
    JSON.stringify({ charts: Object.fromEntries(FUZZ_CHARTS.map((c) => [c.chart, { fingerprint: c.fingerprint, definition: c.definition }])) }),
  )
  h = await startApiHarness({ database: await openFuzzDatabase(), env: { CHARTS_FILE: chartsFile } })
  console.log(`contract fuzz: seed ${SEED}, ${RUNS} runs per endpoint, ${NAMES.length} endpoints, ${fuzzDatabaseKind()} database. Replay: ${REPLAY}`)
}, 120_000)

afterAll(async () => {
  await h?.close()
  const rows = [...stats].map(([name, s]) => {
    const seen = [...s.statuses].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}×${n}`)
    return `${name.padEnd(22)} ${String(s.valid).padStart(5)} ${String(s.mutated).padStart(7)}  ${seen.join(" ")}`
  })
  const total = [...stats.values()].reduce((n, s) => n + s.valid + s.mutated, 0)
  console.log(
    [
      `contract fuzz summary (seed ${SEED}, ${fuzzDatabaseKind()}): ${stats.size} endpoints, ${total} cases, ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      `${"endpoint".padEnd(22)} ${"valid".padStart(5)} ${"mutated".padStart(7)}  statuses seen (v = valid case, m = mutated case)`,
      ...rows,
    ].join("\n"),
  )
})

// --- generation -------------------------------------------------------------------------------

const asCodec = (schema: Schema.Top) => schema as unknown as Schema.Codec<unknown, unknown>

/** Valid values of a part (params, query or body) of an endpoint, safe text only (NUL and lone surrogates are refused by the server before the contract; mutations cover them). */
const sample = (arbitrary: Arbitrary.Arbitrary<unknown>, count: number, seed: number): ReadonlyArray<unknown> =>
  Effect.runSync(
    Arbitrary.sampleEffect(arbitrary.pipe(Arbitrary.filter((v) => unsafeTextPath(v) === null && (typeof v !== "object" || v === null || !hasDotSegment(v)))), {
      count,
      seed,
      maxDiscards: count * 500,
    }),
  )

/** Path parameters "." and ".." are valid strings but name another path once the URL is normalised: kept out of the valid cases (the mutations send them). */
const hasDotSegment = (v: object): boolean => Object.values(v).some((x) => x === "." || x === "..")

const arbitraryOf = (schema: Schema.Top): Arbitrary.Arbitrary<unknown> => Arbitrary.schema(Schema.toType(schema)) as Arbitrary.Arbitrary<unknown>

const validInputs = (name: EndpointName, count: number, seed: number): Input[] => {
  const e: Endpoint = Endpoints[name]
  const rule = RULES[name]
  const params = e.params ? sample(arbitraryOf(e.params), count, seed + 1) : []
  const query = e.query ? sample(arbitraryOf(e.query), count, seed + 2) : []
  const body = e.request ? sample(rule.body ?? arbitraryOf(e.request), count, seed + 3) : []
  return Array.from({ length: count }, (_, i) => ({
    ...(e.params ? { params: params[i % params.length] as Record<string, string> } : {}),
    ...(e.query ? { query: query[i % query.length] as Record<string, unknown> } : {}),
    ...(e.request ? { body: body[i % body.length] } : {}),
  }))
}

/** The query as the app's client encodes it (api-client.ts encodeQuery). */
const queryPairs = (e: Endpoint, query: Record<string, unknown> | undefined): Array<[string, string]> => {
  if (!e.query || !query) return []
  const encoded = Schema.encodeUnknownSync(asCodec(e.query))(query) as Record<string, unknown>
  const pairs: Array<[string, string]> = []
  for (const [k, v] of Object.entries(encoded))
    for (const item of Array.isArray(v) ? v : [v]) if (item !== undefined && item !== null) pairs.push([k, String(item)])
  return pairs
}

const mutatedCase = (name: EndpointName, input: Input, rng: Rng, index: number): Case => {
  const e: Endpoint = Endpoints[name]
  const sendsBody = e.method !== "GET"
  const parts: Array<"body" | "query" | "params"> = []
  if (sendsBody) parts.push("body", ...(e.request ? (["body", "body"] as const) : []))
  parts.push("query")
  if (e.params) parts.push("params", "params")
  const part = rng.pick(parts)
  if (part === "body") {
    const base = (input.body ?? {}) as Record<string, unknown>
    const m = mutateBody(e.request ? (Schema.encodeUnknownSync(asCodec(e.request))(base) as Record<string, unknown>) : {}, rng, {
      bodyLimit: bodyLimitOf(name),
    })
    return { kind: "mutated", index, label: `body: ${m.label}`, input, raw: { body: m.text } }
  }
  if (part === "query") {
    const m = mutateQuery(queryPairs(e, input.query), rng)
    return { kind: "mutated", index, label: `query: ${m.label}`, input, raw: { query: m.raw } }
  }
  const names = Object.keys(input.params ?? {})
  const which = rng.pick(names)
  const odd = rng.chance(0.1) ? { label: "empty", raw: "" } : rng.chance(0.1) ? { label: "blank", raw: "%20%20" } : oddRawValue(rng)
  const path = buildPath(e.path, { ...input.params, [which]: "\u0000PLACEHOLDER" }).replace(encodeURIComponent("\u0000PLACEHOLDER"), odd.raw)
  return { kind: "mutated", index, label: `path parameter ${which}: ${odd.label}`, input, raw: { path } }
}

const bodyLimitOf = (name: EndpointName): number => (name === "uploadDocument" ? UPLOAD_BODY_LIMIT : DEFAULT_BODY_LIMIT)

// --- the oracle -------------------------------------------------------------------------------

const decodes = (schema: Schema.Top, value: unknown): boolean =>
  Result.isSuccess(Schema.decodeUnknownResult(asCodec(schema))(value, { onExcessProperty: "ignore" }) as Result.Result<unknown, unknown>)

/** What a broken case must get, from the contract (and the server's documented transport rules). */
const expectationOf = (name: EndpointName, c: Case): Expectation => {
  const e: Endpoint = Endpoints[name]
  if (c.kind === "valid" || !c.raw) return { kind: "valid" }
  if (c.raw.path !== undefined) return { kind: "invalid", statuses: [400, 404], why: "a malformed or unknown path parameter is a 400 or a 404" }
  if (c.raw.query !== undefined) {
    const search = new URLSearchParams(c.raw.query)
    for (const [k, v] of search)
      if (hasUnsafeText(k) || hasUnsafeText(v)) return { kind: "invalid", statuses: [400], why: "a NUL or lone surrogate in the query is a 400" }
    // The sign-in path with action or userId is the re-authentication (its query, then its body).
    if (name === "login" && (search.has("action") || search.has("userId"))) {
      const query = { ...(search.has("action") ? { action: search.get("action") } : {}), ...(search.has("userId") ? { userId: search.get("userId") } : {}) }
      return decodes(Endpoints.reauth.query, query) && decodes(Endpoints.reauth.request, c.input.body)
        ? { kind: "valid" }
        : { kind: "invalid", statuses: [400], why: "the re-authentication query or body does not decode" }
    }
    if (!e.query) return { kind: "valid" }
    const fields = Object.keys((e.query as unknown as { fields: Record<string, unknown> }).fields)
    const query = Object.fromEntries(fields.filter((f) => search.has(f)).map((f) => [f, search.get(f)]))
    // The sign-in path without action and userId is a plain sign-in (the same body shape, login's bounds).
    if (name === "reauth" && !search.has("action") && !search.has("userId"))
      return decodes(Endpoints.login.request, c.input.body) ? { kind: "valid" } : { kind: "invalid", statuses: [400], why: "login body" }
    if (decodes(e.query, query)) return { kind: "valid" }
    const lenient = RULES[name].lenientQuery ?? []
    if (lenient.length > 0 && decodes(e.query, Object.fromEntries(Object.entries(query).filter(([k]) => !lenient.includes(k))))) return { kind: "valid" }
    return { kind: "invalid", statuses: [400], why: "the query does not decode with the contract" }
  }
  const text = c.raw.body ?? ""
  if (new TextEncoder().encode(text).length > bodyLimitOf(name)) return { kind: "invalid", statuses: [413], why: "a body over the limit is a 413" }
  if (!e.request) return { kind: "valid" }
  if (text.trim() === "" || jsonDepthExceeds(text)) return { kind: "invalid", statuses: [400], why: "an empty or too deeply nested body is a 400" }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: "invalid", statuses: [400], why: "a body that is not JSON is a 400" }
  }
  if (unsafeTextPath(value) !== null) return { kind: "invalid", statuses: [400], why: "a NUL or lone surrogate in the body is a 400" }
  return decodes(e.request, value) ? { kind: "valid" } : { kind: "invalid", statuses: [400], why: "the body does not decode with the contract" }
}

// --- sending ----------------------------------------------------------------------------------

const pendingTokens = new Map<string, { token: string; deviceId: string; uses: number }>()
let deviceCounter = 0
/** The device the demo session (tokenOf) was signed in on. */
const SESSION_DEVICE = "device-main-0001"

/** The token a case is signed with (none: the public client key) and the device it is bound to. */
const tokenFor = async (name: EndpointName): Promise<{ token?: string; deviceId: string }> => {
  const kind = RULES[name].token
  if (kind === "none") return { deviceId: RULES[name].deviceId ?? SESSION_DEVICE }
  if (kind === "session") return { token: await h.tokenOf("demo"), deviceId: SESSION_DEVICE }
  if (kind === "reviewer") return { token: await h.tokenOf("reviewer"), deviceId: SESSION_DEVICE }
  if (kind === "app") return { token: await h.tokenOf("app"), deviceId: SESSION_DEVICE }
  if (kind === "fresh") {
    const deviceId = `fuzz-fresh-${++deviceCounter}`
    return { token: (await h.signIn(DEMO_EMAILS.demo, { deviceId })).token, deviceId }
  }
  // A code-pending token, renewed every few cases so the code-entry lock does not answer for everything.
  const known = pendingTokens.get(name)
  if (known && known.uses < 3) {
    known.uses++
    return known
  }
  const deviceId = `fuzz-pending-${++deviceCounter}`
  const { token } = await h.signIn(kind === "appPending" ? DEMO_EMAILS.app : DEMO_EMAILS.demo, { deviceId })
  const fresh = { token, deviceId, uses: 1 }
  pendingTokens.set(name, fresh)
  return fresh
}

/** Builds the request exactly as the app's client does (api-client.ts): URL, JSON body, signature over the normalised target. */
const wireRequest = async (name: EndpointName, c: Case, rng: Rng, lastStatus: number | undefined): Promise<WireRequest> => {
  const e: Endpoint = Endpoints[name]
  const { token, deviceId } = await tokenFor(name)
  const atSend = RULES[name].atSend
  const input = atSend ? await atSend(c.input, { h, rng, lastStatus }) : c.input
  const path = c.raw?.path ?? buildPath(e.path, input.params ?? {})
  const queryText = c.raw?.query ?? new URLSearchParams(queryPairs(e, input.query)).toString()
  const url = new URL(`${API_BASE}${path}${queryText === "" ? "" : `?${queryText}`}`, "http://localhost")
  const target = `${url.pathname}${url.search}`
  const body =
    e.method === "GET" ? undefined : (c.raw?.body ?? (e.request ? JSON.stringify(Schema.encodeUnknownSync(asCodec(e.request))(input.body)) : undefined))
  const now = h.clock.now()
  const nonce = newNonce()
  const headers: Record<string, string> = {
    Accept: e.responseType === "file" ? "*/*" : "application/json",
    [SignatureHeaders.timestamp]: String(now),
    [SignatureHeaders.nonce]: nonce,
    [SignatureHeaders.deviceId]: deviceId,
    [SignatureHeaders.signature]: await sign(token ?? "chartfolio-public-client-key-v1", { method: e.method, target, timestamp: now, nonce, body: body ?? "" }),
  }
  if (token) headers.Authorization = `Bearer ${token}`
  if (e.idempotent) headers[IDEMPOTENCY_KEY_HEADER] = crypto.randomUUID()
  if (body !== undefined) headers["Content-Type"] = "application/json"
  return { method: e.method, target, headers, ...(body !== undefined ? { body } : {}) }
}

const send = async (req: WireRequest): Promise<Answer> => {
  const env = { incoming: { socket: { remoteAddress: "192.0.2.77" } } }
  const res = await h.app.request(req.target, { method: req.method, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) }, env)
  const bytes = new Uint8Array(await res.arrayBuffer())
  const contentType = res.headers.get("Content-Type") ?? ""
  return { status: res.status, contentType, bytes, text: contentType.startsWith("application/pdf") ? "" : new TextDecoder().decode(bytes) }
}

// --- checks -----------------------------------------------------------------------------------

/** Texts that are not for a user: stack frames, error class names, parser and database internals. */
const UNCLEAR = [
  /\bat \S+ \(.*:\d+:\d+\)/,
  /node_modules|\.ts:\d+/,
  /\b(TypeError|ReferenceError|SyntaxError|RangeError|URIError|AggregateError)\b/,
  /Unexpected (token|end of JSON)|JSON\.parse|in JSON at position/,
  /\[object Object\]|is not a function|Cannot read propert|is not defined/,
  /violates|relation "|syntax error at|invalid input syntax|duplicate key|out of range for type|PGlite|kysely/i,
]

const clearTextProblem = (text: unknown, where: string): string | null => {
  if (typeof text !== "string" || text.trim() === "") return `${where} is not a readable text`
  if (text.length > 400) return `${where} is ${text.length} characters long (echoes the input?)`
  if (hasUnsafeText(text) || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return `${where} holds control characters or lone surrogates`
  const hit = UNCLEAR.find((re) => re.test(text))
  return hit ? `${where} reads like an internal text (${hit}): ${text}` : null
}

const outcomeMatches = (o: Outcome, status: number, body: ErrorBody | null): boolean => {
  if (o.status !== status) return false
  if (status < 400 || !body) return true
  if (o.codes && !o.codes.includes(body.code ?? "")) return false
  if (o.fields) {
    const fields = body.message && typeof body.message === "object" ? Object.keys(body.message) : []
    if (fields.length === 0 || !fields.every((f) => o.fields!.includes(f))) return false
  }
  return true
}

/** The problems of an answer, or [] when it is what the contract and the rule say. */
const problemsOf = (name: EndpointName, expectation: Expectation, answer: Answer): string[] => {
  const e: Endpoint = Endpoints[name]
  const problems: string[] = []
  if (answer.status >= 500) problems.push(`answered ${answer.status} (a server error)`)
  let errorBody: ErrorBody | null = null
  if (answer.status >= 400) {
    let json: unknown
    try {
      json = JSON.parse(answer.text)
    } catch {
      problems.push(`the error answer is not JSON: ${answer.text.slice(0, 200)}`)
    }
    const decoded = Schema.decodeUnknownResult(ErrorBody)(json)
    if (Result.isFailure(decoded)) problems.push("the error answer does not decode with the contract's ErrorBody")
    else {
      errorBody = decoded.success
      const p = clearTextProblem(errorBody.error, "error")
      if (p) problems.push(p)
      if (typeof errorBody.code !== "string" || errorBody.code === "") problems.push("the error answer has no code")
      if (errorBody.statusCode !== undefined && errorBody.statusCode !== answer.status)
        problems.push(`statusCode ${errorBody.statusCode} differs from the status ${answer.status}`)
      if (errorBody.message && typeof errorBody.message === "object") {
        for (const [field, text] of Object.entries(errorBody.message)) {
          const q = clearTextProblem(text, `message.${field}`)
          if (q) problems.push(q)
        }
      }
    }
  }
  if (expectation.kind === "invalid") {
    if (!expectation.statuses.includes(answer.status)) problems.push(`expected ${expectation.statuses.join(" or ")} (${expectation.why}), got ${answer.status}`)
    else if (answer.status === 400 && errorBody && errorBody.code !== ErrorCodes.badRequest)
      problems.push(`a refused request carries code ${errorBody.code}, expected ${ErrorCodes.badRequest}`)
  } else {
    const allowed = RULES[name].valid
    if (!allowed.some((o) => outcomeMatches(o, answer.status, errorBody))) {
      problems.push(
        `a valid request got ${answer.status}${errorBody ? ` ${errorBody.code} ${JSON.stringify(errorBody.message ?? errorBody.error)}` : ""}; allowed: ${allowed
          .map((o) => `${o.status}${o.codes ? ` ${o.codes.join("|")}` : ""}${o.fields ? ` [${o.fields.join(",")}]` : ""}`)
          .join("; ")}`,
      )
    }
    if (answer.status >= 200 && answer.status < 300) {
      if (e.responseType === "file") {
        if (!answer.contentType.startsWith("application/pdf") || new TextDecoder().decode(answer.bytes.slice(0, 5)) !== "%PDF-")
          problems.push("the file answer is not a PDF")
      } else {
        let json: unknown
        try {
          json = JSON.parse(answer.text)
          const decoded = Schema.decodeUnknownResult(asCodec(e.response))(json, { errors: "all" }) as Result.Result<unknown, { message: string }>
          if (Result.isFailure(decoded)) problems.push(`the answer does not decode with the contract: ${decoded.failure.message.slice(0, 500)}`)
        } catch {
          problems.push(`the answer is not JSON: ${answer.text.slice(0, 200)}`)
        }
      }
    }
  }
  return problems
}

// --- the world --------------------------------------------------------------------------------

const readWorld = async (): Promise<World> => {
  const db = h.database.db
  const userId = seedId("user", "demo")
  // Seeded rows first (their ids are stable), then what earlier endpoints created.
  const accounts = await db
    .selectFrom("accounts")
    .select(["accountId", "currency", "cashBalance"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .orderBy("accountId")
    .execute()
  const ids = accounts.map((a) => a.accountId)
  const instruments = await db
    .selectFrom("instruments")
    .innerJoin("groupPartners", "groupPartners.partnerId", "instruments.partnerId")
    .innerJoin("users", "users.userGroupId", "groupPartners.userGroupId")
    .select(["instruments.id", "instruments.currency"])
    .where("users.id", "=", userId)
    .orderBy("instruments.id")
    .limit(200)
    .execute()
  const orders = await db.selectFrom("orders").select(["id", "status"]).where("accountId", "in", ids).orderBy("id").execute()
  const withdrawals = await db
    .selectFrom("payments")
    .select(["ref", "type", "status"])
    .where("accountId", "in", ids)
    .where("type", "=", "WITHDRAWAL")
    .orderBy("ref")
    .execute()
  const reserved = await db.selectFrom("reservedAccounts").select(["ref", "accountId"]).where("accountId", "in", ids).orderBy("ref").execute()
  // Trade confirmations (stored) and monthly account statements (worked out from the opening date), as the account details list them.
  const confirmations = await db.selectFrom("statements").select(["key", "accountId"]).where("accountId", "in", ids).orderBy("key").limit(25).execute()
  const opened = await db.selectFrom("accounts").select(["accountId", "createdAt"]).where("accountId", "in", ids).orderBy("accountId").execute()
  const monthly = (
    await Promise.all(
      opened.map(async (a) => (await statementList(db, a, new Date(h.clock.now()))).account.map((f) => ({ key: f.key, accountId: a.accountId }))),
    )
  ).flat()
  const statements = [...confirmations, ...monthly.slice(0, 25)]
  const bankAccounts = await db.selectFrom("bankAccounts").select(["ref", "currency"]).where("userId", "=", userId).orderBy("ref").execute()
  const documents = await db.selectFrom("documents").select("id").where("userId", "=", userId).orderBy("id").execute()
  // The default list is made by the user's first list call: made here too, so a run of the list endpoints alone has one.
  await listWatchlists(db, userId)
  const watchlists = await db.selectFrom("watchlists").select("id").where("userId", "=", userId).orderBy("position").orderBy("id").execute()
  // A few alerts of the demo user (made once), so editing, pausing and deleting one can reach a 2xx.
  if (!(await db.selectFrom("priceAlerts").select("id").where("userId", "=", userId).executeTakeFirst()))
    for (const [i, instrument] of instruments.slice(0, 3).entries())
      await createPriceAlert(db, userId, { instrumentId: instrument.id, condition: (["above", "below", "move"] as const)[i]!, threshold: "10" })
  const priceAlerts = await db.selectFrom("priceAlerts").select("id").where("userId", "=", userId).orderBy("id").execute()
  const notifications = await db.selectFrom("notifications").select("id").where("userId", "=", userId).orderBy("id").limit(25).execute()
  const appUser = seedId("user", "app")
  const foreignAccount = await db.selectFrom("accounts").select("accountId").where("userId", "=", appUser).orderBy("accountId").executeTakeFirstOrThrow()
  const foreignOrder = await db.selectFrom("orders").select("id").where("accountId", "=", foreignAccount.accountId).orderBy("id").executeTakeFirst()
  const foreignBank = await db.selectFrom("bankAccounts").select("ref").where("userId", "=", appUser).orderBy("ref").executeTakeFirst()
  const foreignWithdrawal = await db
    .selectFrom("payments")
    .innerJoin("accounts", "accounts.accountId", "payments.accountId")
    .select("payments.ref")
    .where("accounts.userId", "=", appUser)
    .where("payments.type", "=", "WITHDRAWAL")
    .orderBy("payments.ref")
    .executeTakeFirst()
  return {
    userId,
    accounts: accounts.map((a) => ({ accountId: a.accountId, currency: a.currency })),
    fundedAccounts: accounts
      .filter((a) => a.cashBalance.replace(/[-0.]/g, "") !== "" && !a.cashBalance.startsWith("-"))
      .map((a) => ({ accountId: a.accountId, currency: a.currency })),
    instruments: instruments.map((i) => ({ id: i.id, currency: i.currency })),
    orders: orders.map((o) => o.id),
    openOrders: orders.filter((o) => isOrderCancellable(o.status)).map((o) => o.id),
    reserved,
    withdrawals: withdrawals.map((w) => w.ref),
    openWithdrawals: withdrawals.filter(isWithdrawalCancellable).map((w) => w.ref),
    statements,
    bankAccounts,
    documents: documents.map((d) => d.id),
    watchlists: watchlists.map((w) => w.id),
    notifications: notifications.map((n) => n.id),
    priceAlerts: priceAlerts.map((a) => a.id),
    foreign: {
      accountId: foreignAccount.accountId,
      orderId: foreignOrder?.id ?? null,
      bankRef: foreignBank?.ref ?? null,
      withdrawalRef: foreignWithdrawal?.ref ?? null,
    },
    charts: FUZZ_CHARTS,
  }
}

// --- the run ----------------------------------------------------------------------------------

const printable = (req: WireRequest): string => {
  const body =
    req.body === undefined ? "" : `\n  body (${req.body.length} chars): ${JSON.stringify(req.body.length > 1500 ? `${req.body.slice(0, 1500)}…` : req.body)}`
  const headers = Object.entries(req.headers)
    .filter(([k]) => k !== SignatureHeaders.signature && k !== "Authorization")
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ")
  return `${req.method} ${req.target.length > 1500 ? `${req.target.slice(0, 1500)}…` : req.target}\n  headers: ${headers}${body}`
}

describe(`contract fuzz (seed ${SEED})`, () => {
  for (const name of NAMES) {
    it(`${name}: valid and mutated requests get the contract's answers`, async () => {
      const rule = RULES[name]
      const budget = rule.budget ?? 1
      const validCount = Math.max(4, Math.round(RUNS * 0.4 * budget))
      const mutatedCount = Math.max(6, Math.round(RUNS * 0.6 * budget))
      const seed = (SEED ^ hashText(name)) >>> 0
      const rng = rngOf(seed)
      const world = await readWorld()
      const base = validInputs(name, validCount + mutatedCount, seed)
      const realistic = (input: Input, sure = false) => (rule.realistic ? rule.realistic(input, world, sure ? { ...rng, sure } : rng) : input)
      const cases: Case[] = [
        ...base.slice(0, validCount).map((input, index): Case => ({ kind: "valid", index, label: "valid", input: realistic(input, index === 0) })),
        ...base.slice(validCount).map((input, index) => mutatedCase(name, realistic(input), rng, index)),
      ]
      const s = { valid: 0, mutated: 0, statuses: new Map<string, number>() }
      stats.set(name, s)
      const failures: string[] = []
      let reachedBusiness = false
      let lastStatus: number | undefined
      for (const c of cases) {
        const req = await wireRequest(name, c, rng, lastStatus)
        const answer = await send(req)
        lastStatus = answer.status
        if (process.env.FUZZ_DEBUG) console.log(name, c.kind, answer.status, answer.text.slice(0, 160), req.body?.slice(0, 200))
        s[c.kind]++
        const key = `${c.kind === "valid" ? "v" : "m"}${answer.status}`
        s.statuses.set(key, (s.statuses.get(key) ?? 0) + 1)
        const expectation = expectationOf(name, c)
        if (expectation.kind === "valid" && answer.status < 300) reachedBusiness = true
        const problems = problemsOf(name, expectation, answer)
        if (problems.length > 0 && failures.length < 5) {
          failures.push(
            [
              `seed ${SEED}, endpoint ${name}, ${c.kind} case #${c.index} (${c.label}):`,
              ...problems.map((p) => `  - ${p}`),
              `  request: ${printable(req)}`,
              `  answer: ${answer.status} ${answer.text.slice(0, 600)}`,
              `  replay: FUZZ_ONLY=${name} ${REPLAY}`,
            ].join("\n"),
          )
        }
      }
      expect(failures.join("\n\n")).toBe("")
      // A run that never reached a business answer proves nothing about the endpoint (the rate limiter or a missing session would pass it).
      if (name !== "resetPassword") expect(reachedBusiness, `${name}: no valid case got a 2xx business answer`).toBe(true)
    }, 120_000)
  }
})
