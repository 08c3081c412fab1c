/**
 * A customer's cancel racing the payout rail's send (issue 35): two API processes on one
 * PostgreSQL, each running the rail, and 50 withdrawals whose cancel is sent, through either
 * process, around the moment the rail is due to send it to the bank (from 0.4 s before to 1.2 s
 * after). Each withdrawal ends either CANCELLED with its cash back (the cancel answered 200) or
 * sent and paid (the cancel answered 409 with the reason `withdrawal_sent`), never both: checked
 * from the database alone, every withdrawal is in exactly one final status reached by moves of
 * PAYOUT_STATUS_MOVES, each step once, with the ledger entries of that outcome, and every
 * account's ledger sums to its cash. Runs in the PostgreSQL pass (DATABASE_URL set).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compare, sum } from "../../../src/domain/decimal"
import { isPayoutMove, PAYOUT_FINAL_STATUSES, PAYOUT_OPEN_STATUSES } from "../../../src/domain/withdrawal"
import { cashEffect } from "../../../server/db/ledger"
import { seedId } from "../../../server/db/seed/ids"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import type { LiveAnswer, LiveClient } from "../support/live-server"
import type { TestDatabase } from "../support/test-database"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

const ACCOUNT = seedId("account", "demo-ngn")
const USER = seedId("user", "demo")
const RACES = 50
/** The rail's waits on both processes: queued briefly, then 1.5 s in PENDING before the send. */
const QUEUED_MS = 200
const PENDING_MS = 1_500
const ENV = { PAYOUT_QUEUED_MS: String(QUEUED_MS), PAYOUT_PENDING_MS: String(PENDING_MS), PAYOUT_SENT_MS: "300" }

let database: TestDatabase
let processes: TwoProcesses | undefined
let clients: ReadonlyArray<LiveClient>
let token: string

beforeAll(async () => {
  processes = await startTwoProcesses(ENV)
  ;({ database, token } = processes)
  clients = [processes.a, processes.b]
}, 180_000)

afterAll(async () => {
  await processes?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

interface Race {
  readonly ref: string
  readonly amount: string
  readonly offsetMs: number
  readonly cancel: LiveAnswer
}

describe("a cancel racing the rail's send, on two processes", () => {
  it(`${RACES} races: each withdrawal is CANCELLED with the cash back or sent with the cancel refused, never both; the ledger sums to the balance`, async () => {
    const db = database.db
    const bank = (
      await db
        .selectFrom("bankAccounts")
        .select("ref")
        .where("userId", "=", USER)
        .where("currency", "=", "NGN")
        .where("status", "=", "active")
        .orderBy("createdAt")
        .executeTakeFirstOrThrow()
    ).ref

    const race = async (i: number): Promise<Race> => {
      const amount = `${10 + i}.${String(i).padStart(2, "0")}`
      const made = await clients[i % 2]!.call("POST", "/api/users/withdraw", {
        token,
        body: { channel: "NUBAN", bankAccountRef: bank, amount, accountId: ACCOUNT },
        headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
      })
      expect(made.status, JSON.stringify(made.body)).toBe(200)
      const row = await db.selectFrom("payments").select(["ref"]).where("accountId", "=", ACCOUNT).where("amount", "=", amount).executeTakeFirstOrThrow()
      // Wait for the rail to accept it (PENDING): its step's date plus PENDING_MS is when it is due to be sent.
      let acceptedAt: number | null = null
      while (acceptedAt === null) {
        const payment = await db.selectFrom("payments").select(["status", "progress"]).where("ref", "=", row.ref).executeTakeFirstOrThrow()
        const step = payment.progress.find((p) => p.status === "PENDING")
        if (step) acceptedAt = Date.parse(step.date)
        else await sleep(20)
      }
      // From 0.4 s before the send is due to 1.2 s after: some cancels win, some lose, and many meet the send itself.
      const offsetMs = -400 + ((i * 37) % 50) * 32
      await sleep(acceptedAt + PENDING_MS + offsetMs - Date.now())
      const cancel = await clients[(i + 1) % 2]!.call("PATCH", `/api/users/withdraw/${row.ref}/cancel`, { token })
      return { ref: row.ref, amount, offsetMs, cancel }
    }

    // Ten at a time, each started 100 ms after the one before.
    const races: Race[] = []
    for (let batch = 0; batch < RACES / 10; batch++)
      races.push(...(await Promise.all(Array.from({ length: 10 }, async (_, j) => (await sleep(j * 100), race(batch * 10 + j))))))

    // The rails settle what was sent.
    const settleBy = Date.now() + 60_000
    for (;;) {
      const open = await db
        .selectFrom("payments")
        .select("id")
        .where("type", "=", "WITHDRAWAL")
        .where("status", "in", [...PAYOUT_OPEN_STATUSES])
        .execute()
      if (open.length === 0) break
      if (Date.now() > settleBy) throw new Error(`${open.length} withdrawals still open after 60 s`)
      await sleep(200)
    }

    const failures: string[] = []
    const payments = await db
      .selectFrom("payments")
      .select(["id", "ref", "status", "progress"])
      .where(
        "ref",
        "in",
        races.map((r) => r.ref),
      )
      .execute()
    const ledger = await db.selectFrom("transactions").select(["accountId", "tranType", "tranAmount", "paymentId"]).execute()
    for (const r of races) {
      const payment = payments.find((p) => p.ref === r.ref)!
      const steps = payment.progress.map((p) => p.status)
      const legal = steps[0] === "QUEUED" && steps.every((s, i) => i === 0 || isPayoutMove(steps[i - 1]!, s))
      const final = (PAYOUT_FINAL_STATUSES as ReadonlyArray<string>).includes(payment.status) && steps[steps.length - 1] === payment.status
      const entries = ledger.filter((t) => t.paymentId === payment.id).map((t) => t.tranType)
      const line = `${r.ref} (cancel ${r.offsetMs} ms from the send): cancel ${r.cancel.status} ${JSON.stringify(r.cancel.body)}, ${steps.join(" > ")}, ledger ${entries.join(", ")}`
      if (!legal || !final) failures.push(`not one final status by legal moves: ${line}`)
      const cancelled =
        r.cancel.status === 200 &&
        payment.status === "CANCELLED" &&
        steps.join() === "QUEUED,PENDING,CANCELLED" &&
        entries.sort().join() === "reversal,withdraw"
      const sent =
        r.cancel.status === 409 &&
        r.cancel.body?.values?.reason === "withdrawal_sent" &&
        payment.status === "COMPLETED" &&
        steps.join() === "QUEUED,PENDING,SENT_TO_BANK,COMPLETED" &&
        entries.join() === "withdraw"
      if (cancelled === sent) failures.push(`neither outcome, or both: ${line}`)
    }
    const accounts = await db.selectFrom("accounts").select(["accountId", "cashBalance"]).execute()
    for (const account of accounts) {
      const total = sum(ledger.filter((t) => t.accountId === account.accountId).map((t) => cashEffect(t.tranType, t.tranAmount)))
      if (compare(total, account.cashBalance) !== 0) failures.push(`account ${account.accountId}: cash ${account.cashBalance}, ledger ${total}`)
    }
    const won = races.filter((r) => r.cancel.status === 200).length
    console.log(`${RACES} cancel/send races on two processes: ${won} cancelled with the cash back, ${RACES - won} sent with the cancel refused`)
    expect(failures).toEqual([])
    // The offsets span the send: both outcomes happen.
    expect(won).toBeGreaterThan(0)
    expect(won).toBeLessThan(RACES)
  }, 240_000)
})
