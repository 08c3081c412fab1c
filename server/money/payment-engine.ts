/**
 * The reference server's payout rail: `advancePayments(db, now)` moves every open withdrawal one
 * step when it is due, so a customer sees the lifecycle a bank transfer has:
 *
 *   PENDING --acceptAfterMs--> PROCESSING --settleAfterMs--> COMPLETED | FAILED (cash returned)
 *
 * Each step appends `{ status, date, activityText }` (a code, src/domain/payment-step-text) to the
 * payment's `progress`. A withdrawal FAILS
 * when its bank account cannot receive money by the time it is sent: the account was removed, or
 * it is not verified yet (status other than "active"). The returned cash is a reversal transaction
 * tied to the payment (the ledger's rule, db/ledger.ts `paymentEntries`), written in the same
 * database transaction as the FAILED step and the raised cash balance, so cash stays the sum of
 * the cash transactions.
 *
 * Lock order as everywhere: the account row, then the payment row; the payment is re-read under
 * the lock and skipped unless still in the status the pass saw, so passes running in parallel (or
 * in several processes) take each step once.
 */
import type { Kysely } from "kysely"
import { add, toFixed } from "../../src/domain/decimal"
import { paymentStepText } from "../../src/domain/payment-step-text"
import { transactionText } from "../../src/domain/transaction-text"
import { isPayoutMove, PAYOUT_OPEN_STATUSES } from "../../src/domain/withdrawal"
import { paymentEntry } from "../db/ledger"
import { json, type DB, type PaymentProgressStep } from "../db/schema"
import { notify } from "../notifications/notify"

/** How long a withdrawal waits in each open status. */
export interface PaymentTimings {
  readonly acceptAfterMs: number
  readonly settleAfterMs: number
}

export const PAYMENT_TIMINGS: PaymentTimings = { acceptAfterMs: 2_000, settleAfterMs: 3_000 }

/** The bank account status that can receive a payout. */
const PAYABLE_BANK_STATUS = "active"

/** One step the rail took. */
export interface PaymentStep {
  readonly ref: string
  readonly status: "PROCESSING" | "COMPLETED" | "FAILED"
}

const lastStepMs = (progress: ReadonlyArray<PaymentProgressStep>, createdAt: Date | string): number => {
  const last = progress[progress.length - 1]
  return last ? Date.parse(last.date) : new Date(createdAt).getTime()
}

/** Advances every open withdrawal due at `now` by one step (see the module comment); answers the steps taken, oldest first. */
export const advancePayments = async (db: Kysely<DB>, now: Date | number, timings: PaymentTimings = PAYMENT_TIMINGS): Promise<PaymentStep[]> => {
  const at = typeof now === "number" ? new Date(now) : now
  const open = await db
    .selectFrom("payments")
    .select(["id", "accountId", "status", "progress", "createdAt"])
    .where("type", "=", "WITHDRAWAL")
    .where("status", "in", [...PAYOUT_OPEN_STATUSES])
    .orderBy("createdAt")
    .orderBy("id")
    .execute()
  const steps: PaymentStep[] = []
  for (const seen of open) {
    const wait = seen.status === "PENDING" ? timings.acceptAfterMs : timings.settleAfterMs
    if (lastStepMs(seen.progress, seen.createdAt) + wait > at.getTime()) continue
    const step = await db.transaction().execute(async (trx) => {
      const account = await trx
        .selectFrom("accounts")
        .select(["accountId", "cashBalance", "userId"])
        .where("accountId", "=", seen.accountId)
        .forUpdate()
        .executeTakeFirst()
      const payment = await trx.selectFrom("payments").selectAll().where("id", "=", seen.id).forUpdate().executeTakeFirst()
      if (!account || !payment || payment.status !== seen.status) return null
      const date = at.toISOString()
      // Every step below is a move of the rail's table (PAYOUT_STATUS_MOVES); any other is an error, never written.
      const move = (to: string) => {
        if (!isPayoutMove(payment.status, to)) throw new Error(`A withdrawal cannot move from ${payment.status} to ${to}.`)
      }
      if (payment.status === "PENDING") {
        move("PROCESSING")
        const progress = [...payment.progress, { status: "PROCESSING", date, activity: null, activityText: paymentStepText("sent-to-bank", {}) }]
        await trx
          .updateTable("payments")
          .set({ status: "PROCESSING", progress: json(progress), updatedAt: at })
          .where("id", "=", payment.id)
          .execute()
        return { ref: payment.ref, status: "PROCESSING" } as const
      }
      const bank = payment.bankAccountId
        ? await trx.selectFrom("bankAccounts").select(["bankName", "accountNumber", "status"]).where("id", "=", payment.bankAccountId).executeTakeFirst()
        : undefined
      if (bank && bank.status === PAYABLE_BANK_STATUS) {
        move("COMPLETED")
        const progress = [
          ...payment.progress,
          { status: "COMPLETED", date, activity: null, activityText: paymentStepText("paid-to", { bank: bank.bankName, last4: bank.accountNumber.slice(-4) }) },
        ]
        await trx
          .updateTable("payments")
          .set({ status: "COMPLETED", progress: json(progress), updatedAt: at })
          .where("id", "=", payment.id)
          .execute()
        await notify(trx, {
          userId: account.userId,
          kind: "withdrawal-completed",
          dedupeKey: `withdrawal-completed:${payment.id}`,
          subject: { type: "withdrawal", id: payment.ref, accountId: account.accountId },
          params: { amount: payment.amount, currency: payment.currency, ref: payment.ref },
          at,
        })
        return { ref: payment.ref, status: "COMPLETED" } as const
      }
      move("FAILED")
      const reason = bank ? "bank-unverified" : "bank-removed"
      const progress = [...payment.progress, { status: "FAILED", date, activity: null, activityText: paymentStepText("returned", { reason }) }]
      await trx
        .updateTable("payments")
        .set({ status: "FAILED", progress: json(progress), updatedAt: at })
        .where("id", "=", payment.id)
        .execute()
      const reversal = paymentEntry({ ...payment, status: "FAILED" }, "reversal")
      await trx
        .insertInto("transactions")
        .values({
          accountId: account.accountId,
          tranType: reversal.tranType,
          tranAmount: reversal.tranAmount,
          tranTime: at,
          description: null,
          comment: null,
          descriptionText: json(transactionText("withdrawal-returned", { ref: payment.ref })),
          commentText: json(transactionText("payout-failed", { reason })),
          orderId: null,
          paymentId: payment.id,
          createdAt: at,
        })
        .execute()
      await trx
        .updateTable("accounts")
        .set({ cashBalance: toFixed(add(account.cashBalance, reversal.tranAmount), 2), updatedAt: at })
        .where("accountId", "=", account.accountId)
        .execute()
      await notify(trx, {
        userId: account.userId,
        kind: "withdrawal-failed",
        dedupeKey: `withdrawal-failed:${payment.id}`,
        subject: { type: "withdrawal", id: payment.ref, accountId: account.accountId },
        params: { amount: payment.amount, currency: payment.currency, ref: payment.ref },
        at,
      })
      return { ref: payment.ref, status: "FAILED" } as const
    })
    if (step) steps.push(step)
  }
  return steps
}
