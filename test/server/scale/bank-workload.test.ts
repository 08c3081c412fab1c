/**
 * A bank workload in the manner of Jepsen (issue 33): two real server processes on one PostgreSQL,
 * clients that for a fixed time place and cancel orders, withdraw in the portfolio's currency and
 * in another (at a quoted rate), add and delete bank accounts, and send requests again with the
 * same Idempotency-Key, while the test kills one process with SIGKILL at random moments and starts
 * it again, and cancel withdrawals the payout rail may or may not have sent to the bank yet.
 * Afterwards the invariants are checked from the database alone (and the history the clients
 * recorded):
 *   - every account's ledger sums to its cash, and no cash is below zero (nor was any ever read so);
 *   - every acknowledged request (200/201) is there exactly once, found by its unique figure (an
 *     order's quantity, a withdrawal's amount, a bank account's number); one never acknowledged
 *     is there at most once;
 *   - every replay of an acknowledged request answered the same status and body as the first;
 *   - every order and withdrawal ended in one final status reached by moves of the server's own
 *     tables (ORDER_STATUS_MOVES, PAYOUT_STATUS_MOVES), each step once, with one ledger entry per
 *     fill and two for a withdrawal whose cash came back (cancelled, failed, returned);
 *   - a withdrawal whose cancel was answered 200 is CANCELLED; one whose cancel was refused as sent
 *     to the bank is not.
 * The seed (BANK_WORKLOAD_SEED, else random), the counts and, on a failure, the history of the
 * broken invariant are printed. BANK_WORKLOAD_SECONDS sets the time (45; with start-up and settling about 60 s). PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compare, isNegative, sum } from "../../../src/domain/decimal"
import { nubanFor } from "../../../src/domain/nuban"
import { isOrderMove, type OrderStatus } from "../../../src/domain/order-ticket"
import { isPayoutMove, isWithdrawalCancellable, PAYOUT_FINAL_STATUSES, PAYOUT_OPEN_STATUSES } from "../../../src/domain/withdrawal"
import { cashEffect } from "../../../server/db/ledger"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { seedId } from "../../../server/db/seed/ids"
import { BANKS } from "../../../server/db/seed/world"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import { liveClient, startLiveServer, type LiveAnswer, type LiveServer } from "../support/live-server"
import { createTestDatabase, type TestDatabase } from "../support/test-database"

const SECONDS = Number(process.env.BANK_WORKLOAD_SECONDS ?? 45)
const SEED = Number(process.env.BANK_WORKLOAD_SEED ?? Math.floor(Math.random() * 2 ** 31))
const CLIENTS = 6
const USER = seedId("user", "demo")
const NGN = seedId("account", "demo-ngn")
const USD = seedId("account", "demo-usd")
const LCB = BANKS.find((b) => b.ref === "LCB")!
/** Limits high enough that the workload's own pace is never refused for it. */
const ENV = {
  RATE_LIMIT_PER_ACCOUNT: "1000000",
  RATE_LIMIT_PER_ADDRESS: "1000000",
  LOOKUP_LIMIT_PER_MINUTE: "1000000",
  LOOKUP_LIMIT_PER_DAY: "1000000",
  // The payout rail's waits, short enough that cancels meet every status and everything settles soon after the run.
  PAYOUT_QUEUED_MS: "1000",
  PAYOUT_PENDING_MS: "2000",
  PAYOUT_SENT_MS: "1000",
}

/** mulberry32: the workload's choices, from the printed seed. */
const prng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Kind = "order" | "withdrawal" | "bank-account"

/** One request the clients sent, as they saw it: status 0 when no answer came (the process died). */
interface Sent {
  readonly n: number
  readonly op: string
  readonly process: number
  readonly key: string | null
  readonly status: number
  readonly body: unknown
  readonly at: number
  /** The write it asked for, by its unique figure. */
  readonly write?: { readonly kind: Kind; readonly figure: string }
  /** For a replay: the request it repeats. */
  readonly replayOf?: number
  /** For a withdrawal's cancel: its ref. */
  readonly cancels?: string
  readonly path: string
  readonly request: unknown
}

let database: TestDatabase
const slots: Array<LiveServer | null> = [null, null]
let token: string

beforeAll(async () => {
  database = await createTestDatabase()
  const url = database.databaseUrl
  if (!url) throw new Error("The bank workload needs a PostgreSQL server: run it with DATABASE_URL set (scripts/postgres-cluster.mjs)")
  const started = await Promise.all([startLiveServer({ databaseUrl: url }, ENV), startLiveServer({ databaseUrl: url }, ENV)])
  started.forEach((server, i) => (slots[i] = server))
  token = await liveClient(started[0]!.url).signIn(DEMO_EMAILS.demo)
  // Adding bank accounts needs the session's step-up (issue 35); it holds 5 minutes, longer than the workload.
  await liveClient(started[0]!.url).stepUp(DEMO_EMAILS.demo, token)
}, 180_000)

afterAll(async () => {
  await Promise.all(slots.map((s) => s?.stop()))
  await database?.close()
})

describe("a bank workload on two processes, one killed with SIGKILL now and then", () => {
  it("keeps every ledger, every acknowledged request exactly once, every replay's answer and every status sequence", async () => {
    const random = prng(SEED)
    const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(random() * xs.length)] as T
    const db = database.db
    const url = database.databaseUrl!
    const instrumentId = (
      await db.selectFrom("positions").select("instrumentId").where("accountId", "=", NGN).orderBy("instrumentId").executeTakeFirstOrThrow()
    ).instrumentId
    const ngnBank = (
      await db
        .selectFrom("bankAccounts")
        .select("ref")
        .where("userId", "=", USER)
        .where("currency", "=", "NGN")
        .where("status", "=", "active")
        .orderBy("createdAt")
        .executeTakeFirstOrThrow()
    ).ref
    const ordersBefore = new Set((await db.selectFrom("orders").select("id").execute()).map((r) => r.id))
    const paymentsBefore = new Set((await db.selectFrom("payments").select("id").execute()).map((r) => r.id))
    const banksBefore = new Set((await db.selectFrom("bankAccounts").select("id").execute()).map((r) => r.id))

    const history: Sent[] = []
    const cashRead: Array<{ n: number; account: string; cash: string }> = []
    const orderIds = new Set<string>()
    /** Withdrawals seen not yet sent to the bank (by ref), which the clients may cancel. */
    const withdrawalRefs = new Set<string>()
    const addedBanks = new Set<string>()
    let counter = 0
    let kills = 0
    const deadline = Date.now() + SECONDS * 1000

    /** Sends through a live process (any); status 0 when the process died before answering. */
    const send = async (op: string, method: string, path: string, request: unknown, key: string | null, extra: Partial<Sent> = {}): Promise<Sent> => {
      const n = ++counter
      let live = slots.flatMap((s, i) => (s ? [i] : []))
      while (live.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        live = slots.flatMap((s, i) => (s ? [i] : []))
      }
      const index = pick(live)
      let answer: LiveAnswer | null = null
      try {
        answer = await liveClient(slots[index]!.url).call(method, path, {
          token,
          ...(request !== undefined ? { body: request } : {}),
          ...(key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
        })
      } catch {
        answer = null
      }
      const sent: Sent = { n, op, process: index, key, path, request, status: answer?.status ?? 0, body: answer?.body, at: Date.now(), ...extra }
      history.push(sent)
      return sent
    }
    const idempotent = (op: string, path: string, request: unknown, write: Sent["write"]) => send(op, "POST", path, request, crypto.randomUUID(), { write })
    const next = () => counter + 1

    const operations: ReadonlyArray<readonly [number, () => Promise<unknown>]> = [
      [
        4,
        () => {
          // A MARKET BUY is sized by a unique amount, a MARKET SELL and a waiting LIMIT BUY (far below the market) by a unique quantity.
          const quantity = `1.${String(next()).padStart(6, "0")}1`
          const amount = `${50 + next()}.00`
          const shape = random()
          const [request, figure] =
            shape < 0.4
              ? [{ accountId: NGN, instrumentId, side: "BUY", type: "MARKET", priority: "amount", amount }, `amount ${amount}`]
              : shape < 0.7
                ? [{ accountId: NGN, instrumentId, side: "SELL", type: "MARKET", priority: "quantity", quantity }, `quantity ${quantity}`]
                : [{ accountId: NGN, instrumentId, side: "BUY", type: "LIMIT", priority: "quantity", price: "0.01", quantity }, `quantity ${quantity}`]
          return idempotent("place order", "/api/users/order", request, { kind: "order", figure })
        },
      ],
      [2, async () => (orderIds.size === 0 ? undefined : send("cancel order", "PATCH", `/api/users/order/${pick([...orderIds])}/cancel`, undefined, null))],
      [
        2,
        async () => {
          if (withdrawalRefs.size === 0) return undefined
          const ref = pick([...withdrawalRefs])
          return send("cancel withdrawal", "PATCH", `/api/users/withdraw/${ref}/cancel`, undefined, null, { cancels: ref })
        },
      ],
      [
        2,
        () => {
          const amount = `${100 + next()}.00`
          return idempotent(
            "withdraw NGN",
            "/api/users/withdraw",
            { channel: "NUBAN", bankAccountRef: ngnBank, amount, accountId: NGN },
            { kind: "withdrawal", figure: amount },
          )
        },
      ],
      [
        1,
        async () => {
          const amount = (next() / 100).toFixed(2)
          const request = { channel: "NUBAN", bankAccountRef: ngnBank, amount, accountId: USD }
          const quote = await send("quote USD to NGN", "POST", "/api/users/withdraw/quote", request, null)
          if (quote.status !== 200) return
          const quoteId = (quote.body as { quoteId: string }).quoteId
          return idempotent("withdraw USD to NGN", "/api/users/withdraw", { ...request, quoteId }, { kind: "withdrawal", figure: `USD ${amount}` })
        },
      ],
      [
        1,
        () => {
          const accountNumber = nubanFor(LCB.code, String(300_000_000 + next()))!
          const request = { bankRef: "LCB", bankName: "ignored", accountNumber, accountName: "ignored", accountType: "Saving", currency: "NGN" }
          return idempotent("add bank account", "/api/users/bank-account", request, { kind: "bank-account", figure: accountNumber })
        },
      ],
      [
        1,
        async () => {
          const listed = await send("list bank accounts", "GET", "/api/users/bank-account", undefined, null)
          if (listed.status !== 200) return
          // The list shows the last four digits of each number.
          const ours = (listed.body as Array<{ ref: string; accountNumber: string }>).filter((b) =>
            [...addedBanks].some((number) => b.accountNumber.slice(-4) === number.slice(-4)),
          )
          if (ours.length === 0) return
          return send("delete bank account", "DELETE", `/api/users/bank-account/${pick(ours).ref}`, undefined, null)
        },
      ],
      [
        2,
        async () => {
          const firsts = history.filter((h) => h.key !== null && h.replayOf === undefined)
          if (firsts.length === 0) return
          const first = pick(firsts)
          return send(`replay of ${first.op}`, "POST", first.path, first.request, first.key, {
            replayOf: first.n,
            ...(first.write ? { write: first.write } : {}),
          })
        },
      ],
      [
        2,
        async () => {
          const account = random() < 0.7 ? NGN : USD
          const read = await send("read account", "GET", `/api/users/account/${account}`, undefined, null)
          if (read.status !== 200) return
          const details = read.body as {
            cashBalance: string
            details: { orders: Array<{ id: string; status: string }>; payments: Array<{ ref: string; type: string; status: string }> }
          }
          cashRead.push({ n: read.n, account, cash: details.cashBalance })
          for (const order of details.details.orders) if (order.status === "PENDING" || order.status === "PROCESSING") orderIds.add(order.id)
          for (const payment of details.details.payments) if (isWithdrawalCancellable(payment)) withdrawalRefs.add(payment.ref)
        },
      ],
    ]
    const weights = operations.reduce((t, [w]) => t + w, 0)
    const client = async () => {
      while (Date.now() < deadline) {
        let r = random() * weights
        const operation = operations.find(([w]) => (r -= w) < 0) ?? operations[0]!
        const sent = (await operation[1]()) as Sent | undefined
        if (sent?.write?.kind === "bank-account" && sent.status === 201) addedBanks.add(sent.write.figure)
      }
    }
    // The nemesis: every 1 to 4 s one process is killed (SIGKILL) and, 0.3 to 1.5 s later, started again.
    const nemesis = async () => {
      while (Date.now() < deadline - 3000) {
        await new Promise((resolve) => setTimeout(resolve, 1000 + random() * 3000))
        if (Date.now() >= deadline - 3000) break
        const index = Math.floor(random() * 2)
        const victim = slots[index]
        if (!victim) continue
        slots[index] = null
        await victim.kill9()
        kills++
        await new Promise((resolve) => setTimeout(resolve, 300 + random() * 1200))
        slots[index] = await startLiveServer({ databaseUrl: url }, ENV)
      }
    }
    await Promise.all([nemesis(), ...Array.from({ length: CLIENTS }, client)])

    // The end of the run: the orders still open are cancelled, then the engines settle everything.
    const live = () => liveClient(slots.find((s) => s !== null)!.url)
    for (const order of await db.selectFrom("orders").select("id").where("status", "in", ["PENDING", "PROCESSING"]).execute()) {
      const cancelled = await live().call("PATCH", `/api/users/order/${order.id}/cancel`, { token })
      expect([200, 409]).toContain(cancelled.status)
    }
    const settleBy = Date.now() + 60_000
    for (;;) {
      const open = await db.selectFrom("orders").select("id").where("status", "in", ["PENDING", "PROCESSING"]).execute()
      const paying = await db
        .selectFrom("payments")
        .select("id")
        .where("type", "=", "WITHDRAWAL")
        .where("status", "in", [...PAYOUT_OPEN_STATUSES])
        .execute()
      if (open.length === 0 && paying.length === 0) break
      if (Date.now() > settleBy) throw new Error(`still open after 60 s: ${open.length} orders, ${paying.length} withdrawals`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    await Promise.all(slots.map(async (s, i) => (await s?.stop(), (slots[i] = null))))

    // From here on only the database and the history.
    const failures: string[] = []
    const fail = (what: string, related: ReadonlyArray<unknown>) => failures.push(`${what}\n${related.map((r) => `    ${JSON.stringify(r)}`).join("\n")}`)

    const accounts = await db.selectFrom("accounts").select(["accountId", "cashBalance"]).execute()
    const ledger = await db.selectFrom("transactions").select(["accountId", "tranType", "tranAmount", "id", "orderId", "paymentId"]).execute()
    for (const account of accounts) {
      const entries = ledger.filter((t) => t.accountId === account.accountId)
      const total = sum(entries.map((t) => cashEffect(t.tranType, t.tranAmount)))
      if (compare(total, account.cashBalance) !== 0) fail(`account ${account.accountId}: cash ${account.cashBalance}, ledger ${total}`, entries)
      if (isNegative(account.cashBalance)) fail(`account ${account.accountId}: cash below zero`, [account])
    }
    for (const read of cashRead) if (isNegative(read.cash)) fail(`request ${read.n} read cash below zero`, [read])

    const orders = (await db.selectFrom("orders").select(["id", "accountId", "side", "type", "quantity", "amount", "status", "progress"]).execute()).filter(
      (o) => !ordersBefore.has(o.id),
    )
    const payments = (
      await db.selectFrom("payments").select(["id", "ref", "amount", "status", "progress", "type", "accountId"]).where("type", "=", "WITHDRAWAL").execute()
    ).filter((p) => !paymentsBefore.has(p.id))
    const banks = (await db.selectFrom("bankAccounts").select(["id", "accountNumber", "userId"]).execute()).filter((b) => !banksBefore.has(b.id))
    const found = (write: NonNullable<Sent["write"]>): ReadonlyArray<unknown> =>
      write.kind === "order"
        ? write.figure.startsWith("amount ")
          ? orders.filter((o) => o.side === "BUY" && o.type === "MARKET" && compare(o.amount ?? "0", write.figure.slice(7)) === 0)
          : orders.filter((o) => !(o.side === "BUY" && o.type === "MARKET") && compare(o.quantity ?? "0", write.figure.slice(9)) === 0)
        : write.kind === "withdrawal"
          ? write.figure.startsWith("USD ")
            ? payments.filter((p) => p.accountId === USD && compare(p.amount, write.figure.slice(4)) === 0)
            : payments.filter((p) => p.accountId === NGN && compare(p.amount, write.figure) === 0)
          : banks.filter((b) => b.accountNumber === write.figure)
    const deletedLater = (figure: string) =>
      history.some((h) => h.op === "delete bank account" && h.status === 200) && banks.every((b) => b.accountNumber !== figure)
    const byKey = new Map<string, Sent[]>()
    for (const sent of history) if (sent.key) byKey.set(sent.key, [...(byKey.get(sent.key) ?? []), sent])
    let acknowledged = 0
    let unknown = 0
    for (const [, sends] of byKey) {
      const write = sends[0]!.write!
      const rows = found(write)
      const acked = sends.filter((s) => s.status === 200 || s.status === 201)
      if (acked.length > 0) acknowledged++
      if (sends.every((s) => s.status === 0)) unknown++
      const deleted = write.kind === "bank-account" && deletedLater(write.figure)
      if (acked.length > 0 && rows.length !== 1 && !(deleted && rows.length === 0))
        fail(`acknowledged ${write.kind} ${write.figure} is there ${rows.length} times`, [...sends, ...rows])
      if (acked.length === 0 && rows.length > 1) fail(`unacknowledged ${write.kind} ${write.figure} is there ${rows.length} times`, [...sends, ...rows])
      // Every answered replay of an acknowledged request is the same answer.
      const firstAck = acked[0]
      if (firstAck)
        for (const later of sends.filter((s) => s.n > firstAck.n && s.status !== 0))
          if (later.status !== firstAck.status || JSON.stringify(later.body) !== JSON.stringify(firstAck.body))
            fail(`replay ${later.n} of ${write.kind} ${write.figure} answered differently from ${firstAck.n}`, sends)
    }

    for (const order of orders) {
      const steps = order.progress.map((p) => p.status as OrderStatus)
      const legal = steps[0] === "PENDING" && steps.every((s, i) => i === 0 || isOrderMove(steps[i - 1]!, s))
      const final = ["FILLED", "REJECTED", "CANCELLED"].includes(order.status) && steps[steps.length - 1] === order.status
      if (!legal || !final) fail(`order ${order.id} went ${steps.join(" > ")} (status ${order.status})`, [order])
      const fills = ledger.filter((t) => t.orderId === order.id).length
      if (fills !== (order.status === "FILLED" ? 1 : 0)) fail(`order ${order.id} (${order.status}) has ${fills} ledger entries`, [order])
    }
    for (const payment of payments) {
      const steps = payment.progress.map((p) => p.status)
      const legal = steps[0] === "QUEUED" && steps.every((s, i) => i === 0 || isPayoutMove(steps[i - 1]!, s))
      const final = (PAYOUT_FINAL_STATUSES as ReadonlyArray<string>).includes(payment.status) && steps[steps.length - 1] === payment.status
      if (!legal || !final) fail(`withdrawal ${payment.ref} went ${steps.join(" > ")} (status ${payment.status})`, [payment])
      const entries = ledger.filter((t) => t.paymentId === payment.id).length
      const cashBack = ["CANCELLED", "FAILED", "RETURNED"].includes(payment.status)
      if (entries !== (cashBack ? 2 : 1)) fail(`withdrawal ${payment.ref} (${payment.status}) has ${entries} ledger entries`, [payment])
      // A cancel the server acknowledged took effect; one refused as sent found it sent.
      const cancels = history.filter((h) => h.cancels === payment.ref)
      if (cancels.some((c) => c.status === 200) && payment.status !== "CANCELLED")
        fail(`withdrawal ${payment.ref} was cancelled (200) but is ${payment.status}`, [...cancels, payment])
      const refusedAsSent = cancels.filter((c) => c.status === 409 && (c.body as { values?: { reason?: string } }).values?.reason === "withdrawal_sent")
      if (refusedAsSent.length > 0 && !steps.includes("SENT_TO_BANK"))
        fail(`withdrawal ${payment.ref}: a cancel was refused as sent, but it never was`, [...cancels, payment])
      if (cancels.some((c) => c.status !== 0 && c.status !== 200 && c.status !== 409))
        fail(`withdrawal ${payment.ref}: a cancel answered neither 200 nor 409`, cancels)
    }

    const count = (op: string) => history.filter((h) => h.op === op).length
    const replays = history.filter((h) => h.replayOf !== undefined)
    console.log(
      `bank workload, seed ${SEED} (BANK_WORKLOAD_SEED=${SEED} repeats its choices), ${SECONDS} s, ${CLIENTS} clients, two processes: ` +
        `${history.length} requests (${history.filter((h) => h.status === 0).length} unanswered: the process died), ${kills} kills with SIGKILL; ` +
        `${count("place order")} orders placed, ${count("cancel order")} cancels, ${count("cancel withdrawal")} withdrawal cancels (${history.filter((h) => h.op === "cancel withdrawal" && h.status === 200).length} took effect), ${count("withdraw NGN")} withdrawals in NGN, ${count("withdraw USD to NGN")} from USD to NGN, ` +
        `${count("add bank account")} bank accounts added, ${count("delete bank account")} deleted, ${replays.length} replays (${replays.filter((r) => r.status === 200 || r.status === 201).length} answered from the first); ` +
        `${acknowledged} writes acknowledged, ${unknown} never answered; ${orders.length} orders (${orders.filter((o) => o.status === "FILLED").length} filled), ${payments.length} withdrawals (${payments.filter((p) => p.status === "CANCELLED").length} cancelled), ${cashRead.length} cash reads; ` +
        `${failures.length} invariants broken`,
    )
    const statuses = new Map<string, Map<number, number>>()
    for (const h of history) {
      const counts = statuses.get(h.op) ?? new Map<number, number>()
      counts.set(h.status, (counts.get(h.status) ?? 0) + 1)
      statuses.set(h.op, counts)
    }
    console.log(
      `answers by request (status x count; 0 = no answer): ${[...statuses].map(([op, counts]) => `${op}: ${[...counts].map(([status, n]) => `${status} x${n}`).join(", ")}`).join("; ")}`,
    )
    const refusals = new Map<string, unknown>()
    for (const h of history) if (h.status >= 400 && !refusals.has(`${h.op} ${h.status}`)) refusals.set(`${h.op} ${h.status}`, h.body)
    console.log(`a refusal of each kind: ${JSON.stringify(Object.fromEntries(refusals))}`)
    if (failures.length > 0) console.log(`broken invariants (seed ${SEED}):\n${failures.join("\n")}`)
    expect(failures).toEqual([])
    expect(kills).toBeGreaterThan(0)
    expect(acknowledged).toBeGreaterThan(0)
    expect(replays.length).toBeGreaterThan(0)
    expect(history.some((h) => h.op === "cancel withdrawal" && h.status === 200)).toBe(true)
  }, 240_000)
})
