/**
 * A withdrawal racing the deletion of its bank account (issue 30): two API processes on one
 * PostgreSQL, the withdrawal sent to one and the DELETE of its bank account to the other at the
 * same instant, forty times. Each withdrawal either went through before the deletion (then the
 * deletion detaches it and the payout rail returns the cash as its reversal) or is refused with the
 * spec's 'Select Bank Account'; never a 500 (the insert used to violate payments_bank_account_fk),
 * and no money leaves the portfolio either way. Runs in the PostgreSQL pass (DATABASE_URL set).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compare, sum } from "../../../src/domain/decimal"
import { nubanFor } from "../../../src/domain/nuban"
import { PAYOUT_OPEN_STATUSES } from "../../../src/domain/withdrawal"
import { cashEffect } from "../../../server/db/ledger"
import { BANKS } from "../../../server/db/seed/world"
import { seedId } from "../../../server/db/seed/ids"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import type { LiveClient } from "../support/live-server"
import type { TestDatabase } from "../support/test-database"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

const ACCOUNT = seedId("account", "demo-ngn")
const USER = seedId("user", "demo")
const ROUNDS = 40

let database: TestDatabase
let processes: TwoProcesses | undefined
let a: LiveClient
let b: LiveClient
let token: string

beforeAll(async () => {
  processes = await startTwoProcesses()
  ;({ database, a, b, token } = processes)
}, 180_000)

afterAll(async () => {
  await processes?.stop()
})

const db = () => database.db

const cashOf = async (): Promise<string> =>
  (await db().selectFrom("accounts").select("cashBalance").where("accountId", "=", ACCOUNT).executeTakeFirstOrThrow()).cashBalance
const ledgerOf = async (): Promise<string> => {
  const rows = await db().selectFrom("transactions").select(["tranType", "tranAmount"]).where("accountId", "=", ACCOUNT).execute()
  return sum(rows.map((r) => cashEffect(r.tranType, r.tranAmount)))
}

/** A verified local bank account of demo@ with a valid NUBAN of its own, written straight to the database (two days old). */
const newBankAccount = async (round: number): Promise<string> => {
  const bank = BANKS[round % BANKS.length]!
  const ref = `BA-RACE-${round}-${crypto.randomUUID().slice(0, 8)}`
  await db()
    .insertInto("bankAccounts")
    .values({
      userId: USER,
      ref,
      bankRef: bank.ref,
      bankName: bank.bankName,
      accountNumber: nubanFor(bank.code, String(100_000_000 + round * 7919 + Math.floor(Math.random() * 1000)).slice(0, 9))!,
      accountName: "ADAEZE CHIOMA OKAFOR",
      accountType: "Saving",
      currency: "NGN",
      status: "active",
      // Saved two days ago: the race is about the deletion, not the step-up of a new account (issue 35).
      createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000),
    })
    .execute()
  return ref
}

/** Waits (polling the database, no fixed wait) until none of the payments is still on its way. */
const settled = async (refs: ReadonlyArray<string>, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows =
      refs.length === 0
        ? []
        : await db()
            .selectFrom("payments")
            .select(["id", "ref", "status", "total", "bankAccountId"])
            .where("ref", "in", [...refs])
            .execute()
    if (rows.every((r) => !(PAYOUT_OPEN_STATUSES as ReadonlyArray<string>).includes(r.status))) return rows
    if (Date.now() > deadline) throw new Error(`payments still open after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe("a withdrawal racing the deletion of its bank account, on two processes", () => {
  it("is either refused with 'Select Bank Account' or detached and returned: never a 500, and no money leaves", async () => {
    const cashBefore = await cashOf()
    const paymentsBefore = new Set((await db().selectFrom("payments").select("ref").where("accountId", "=", ACCOUNT).execute()).map((p) => p.ref))
    const outcomes: Array<{ withdraw: number; remove: number }> = []
    for (let round = 0; round < ROUNDS; round++) {
      const bankAccountRef = await newBankAccount(round)
      const [first, second] = round % 2 === 0 ? [a, b] : [b, a]
      const [withdrawal, deletion] = await Promise.all([
        first.call("POST", "/api/users/withdraw", {
          token,
          body: { channel: "NUBAN", bankAccountRef, amount: "10.00", accountId: ACCOUNT },
          headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() },
        }),
        second.call("DELETE", `/api/users/bank-account/${bankAccountRef}`, { token }),
      ])
      expect(deletion.status, JSON.stringify(deletion.body)).toBe(200)
      if (withdrawal.status !== 200) {
        expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(400)
        expect(withdrawal.body.message).toEqual({ bankAccountRef: "Select Bank Account" })
      }
      outcomes.push({ withdraw: withdrawal.status, remove: deletion.status })
    }

    const created = (await db().selectFrom("payments").select("ref").where("accountId", "=", ACCOUNT).execute())
      .map((p) => p.ref)
      .filter((ref) => !paymentsBefore.has(ref))
    expect(created).toHaveLength(outcomes.filter((o) => o.withdraw === 200).length)
    const payments = await settled(created)
    // Every withdrawal that went through lost its bank account at once: the rail returned it.
    const completed = payments.filter((p) => p.status === "COMPLETED")
    for (const payment of payments) {
      expect(payment.bankAccountId).toBeNull()
      expect(["FAILED", "COMPLETED"]).toContain(payment.status)
    }
    const reversals = await db().selectFrom("transactions").select("paymentId").where("tranType", "=", "reversal").where("accountId", "=", ACCOUNT).execute()
    for (const payment of payments.filter((p) => p.status === "FAILED")) expect(reversals.filter((r) => r.paymentId === payment.id)).toHaveLength(1)
    // No money left the portfolio but what a bank account received, and the ledger still sums.
    const after = await cashOf()
    expect(compare(sum([after, ...completed.map((p) => p.total)]), cashBefore)).toBe(0)
    expect(compare(after, await ledgerOf())).toBe(0)
    const refused = outcomes.filter((o) => o.withdraw === 400).length
    console.log(
      `bank-account race: ${ROUNDS} rounds on ${a.url} and ${b.url}: ${outcomes.length - refused} withdrawals before the deletion (returned), ${refused} refused with 'Select Bank Account', no 500`,
    )
  })
})
