/**
 * The reference server's payout rail: `advancePayments(db, now)` moves every open withdrawal one
 * step when it is due, by the moves of `PAYOUT_STATUS_MOVES` (src/domain/withdrawal.ts), so a
 * customer sees the lifecycle a bank transfer has:
 *
 *   QUEUED --acceptAfterMs--> PENDING --sendAfterMs--> SENT_TO_BANK --settleAfterMs--> COMPLETED
 *                                              \--> FAILED (cash back)            \--> RETURNED (cash back)
 *
 * and the customer may cancel it (./cancel-withdrawal.ts) while QUEUED or PENDING. Each step
 * appends `{ status, date, activityText }` (a code, src/domain/payment-step-text) to the payment's
 * `progress`. A withdrawal FAILS when its bank account cannot receive money at the moment it would
 * be sent: the account was removed, or it is not verified yet (status other than "active"); one
 * sent to a bank account that was removed or is no longer active by the time the transfer settles
 * is RETURNED by the receiving bank. Returned cash (FAILED, RETURNED, CANCELLED) is a reversal
 * transaction tied to the payment (the ledger's rule, db/ledger.ts `paymentEntries`), written in
 * the same database transaction as the final step and the raised cash balance (`returnCash`), so
 * cash stays the sum of the cash transactions.
 *
 * Lock order as everywhere: the account row, then the payment row; the payment is re-read under
 * the lock and skipped unless still in the status the pass saw, so passes running in parallel (or
 * in several processes), and a customer's cancel, take each step once: a cancel and the send of
 * the same withdrawal queue on the payment's row, and whichever comes second sees the other's
 * status (a cancel after the send is refused; a send after the cancel is skipped).
 */
import type { Kysely, Transaction } from "kysely"
import { add, toFixed } from "../../src/domain/decimal"
import { paymentStepText, type PaymentStepText } from "../../src/domain/payment-step-text"
import { transactionText, type TransactionText } from "../../src/domain/transaction-text"
import { isPayoutMove, PAYOUT_OPEN_STATUSES, type PayoutStatus } from "../../src/domain/withdrawal"
import { paymentEntry } from "../db/ledger"
import { json, type DB, type PaymentProgressStep, type Row } from "../db/schema"
import { notify } from "../notifications/notify"

/** How long a withdrawal waits in each open status before the rail moves it on. */
export interface PaymentTimings {
  /** QUEUED, then PENDING (accepted by the rail). */
  readonly acceptAfterMs: number
  /** PENDING, then sent to the bank (the last moment it can be cancelled). */
  readonly sendAfterMs: number
  /** SENT_TO_BANK, then COMPLETED (or RETURNED). */
  readonly settleAfterMs: number
}

/**
 * The reference rail's default waits: about 15 s from the request to the send, the window in which
 * the customer can cancel (docs/decisions/0240-cancel-a-withdrawal.md); PAYOUT_QUEUED_MS,
 * PAYOUT_PENDING_MS and PAYOUT_SENT_MS set them (server/config.ts).
 */
export const PAYMENT_TIMINGS: PaymentTimings = { acceptAfterMs: 5_000, sendAfterMs: 10_000, settleAfterMs: 3_000 }

/** The bank account status that can receive a payout. */
const PAYABLE_BANK_STATUS = "active"

/** One step the rail took. */
export interface PaymentStep {
  readonly ref: string
  readonly status: Exclude<PayoutStatus, "QUEUED" | "CANCELLED">
}

const lastStepMs = (progress: ReadonlyArray<PaymentProgressStep>, createdAt: Date | string): number => {
  const last = progress[progress.length - 1]
  return last ? Date.parse(last.date) : new Date(createdAt).getTime()
}

type Trx = Transaction<DB>
type PaymentRow = Row<"payments">

/** Moves `payment` to `to` with its timeline step; throws (nothing written) when PAYOUT_STATUS_MOVES has no such move. */
export const movePayment = async (trx: Trx, payment: PaymentRow, to: PayoutStatus, text: PaymentStepText, at: Date): Promise<void> => {
  if (!isPayoutMove(payment.status, to)) throw new Error(`A withdrawal cannot move from ${payment.status} to ${to}.`)
  const progress = [...payment.progress, { status: to, date: at.toISOString(), activity: null, activityText: text }]
  await trx
    .updateTable("payments")
    .set({ status: to, progress: json(progress), updatedAt: at })
    .where("id", "=", payment.id)
    .execute()
}

/**
 * Gives a withdrawal's total back to its portfolio: the reversal transaction tied to the payment
 * and the raised cash balance. Call in the transaction that moved the payment to a final status
 * where the cash comes back, with the account row locked.
 */
export const returnCash = async (
  trx: Trx,
  account: { readonly accountId: string; readonly cashBalance: string },
  payment: PaymentRow,
  status: "FAILED" | "RETURNED" | "CANCELLED",
  texts: { readonly description: TransactionText; readonly comment: TransactionText },
  at: Date,
): Promise<void> => {
  const reversal = paymentEntry({ ...payment, status }, "reversal")
  await trx
    .insertInto("transactions")
    .values({
      accountId: account.accountId,
      tranType: reversal.tranType,
      tranAmount: reversal.tranAmount,
      tranTime: at,
      description: null,
      comment: null,
      descriptionText: json(texts.description),
      commentText: json(texts.comment),
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
}

/** The user's notice (and mail, per their preferences) that a withdrawal completed or failed: once per payment and kind. */
const notifyOutcome = (
  trx: Trx,
  account: { readonly accountId: string; readonly userId: string },
  payment: PaymentRow,
  kind: "withdrawal-completed" | "withdrawal-failed",
  at: Date,
): Promise<void> =>
  notify(trx, {
    userId: account.userId,
    kind,
    dedupeKey: `${kind}:${payment.id}`,
    subject: { type: "withdrawal", id: payment.ref, accountId: account.accountId },
    params: { amount: payment.amount, currency: payment.currency, ref: payment.ref },
    at,
  })

/** How long a withdrawal waits in `status` (an open one). */
const waitOf = (status: string, timings: PaymentTimings): number =>
  status === "QUEUED" ? timings.acceptAfterMs : status === "PENDING" ? timings.sendAfterMs : timings.settleAfterMs

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
    if (lastStepMs(seen.progress, seen.createdAt) + waitOf(seen.status, timings) > at.getTime()) continue
    const step = await db.transaction().execute(async (trx): Promise<PaymentStep | null> => {
      const account = await trx
        .selectFrom("accounts")
        .select(["accountId", "cashBalance", "userId"])
        .where("accountId", "=", seen.accountId)
        .forUpdate()
        .executeTakeFirst()
      const payment = await trx.selectFrom("payments").selectAll().where("id", "=", seen.id).forUpdate().executeTakeFirst()
      // Moved meanwhile (another pass, another process, or the customer's cancel): not this pass's step.
      if (!account || !payment || payment.status !== seen.status) return null
      if (payment.status === "QUEUED") {
        await movePayment(trx, payment, "PENDING", paymentStepText("payout-scheduled", {}), at)
        return { ref: payment.ref, status: "PENDING" }
      }
      const bank = payment.bankAccountId
        ? await trx.selectFrom("bankAccounts").select(["bankName", "accountNumber", "status"]).where("id", "=", payment.bankAccountId).executeTakeFirst()
        : undefined
      const payable = bank !== undefined && bank.status === PAYABLE_BANK_STATUS
      if (payment.status === "PENDING") {
        if (payable) {
          await movePayment(trx, payment, "SENT_TO_BANK", paymentStepText("sent-to-bank", {}), at)
          return { ref: payment.ref, status: "SENT_TO_BANK" }
        }
        const reason = bank ? "bank-unverified" : "bank-removed"
        await movePayment(trx, payment, "FAILED", paymentStepText("returned", { reason }), at)
        await returnCash(
          trx,
          account,
          payment,
          "FAILED",
          { description: transactionText("withdrawal-returned", { ref: payment.ref }), comment: transactionText("payout-failed", { reason }) },
          at,
        )
        await notifyOutcome(trx, account, payment, "withdrawal-failed", at)
        return { ref: payment.ref, status: "FAILED" }
      }
      if (payable) {
        await movePayment(trx, payment, "COMPLETED", paymentStepText("paid-to", { bank: bank.bankName, last4: bank.accountNumber.slice(-4) }), at)
        await notifyOutcome(trx, account, payment, "withdrawal-completed", at)
        return { ref: payment.ref, status: "COMPLETED" }
      }
      const reason = "bank-returned"
      await movePayment(trx, payment, "RETURNED", paymentStepText("returned", { reason }), at)
      await returnCash(
        trx,
        account,
        payment,
        "RETURNED",
        { description: transactionText("withdrawal-returned", { ref: payment.ref }), comment: transactionText("payout-failed", { reason }) },
        at,
      )
      await notifyOutcome(trx, account, payment, "withdrawal-failed", at)
      return { ref: payment.ref, status: "RETURNED" }
    })
    if (step) steps.push(step)
  }
  return steps
}
