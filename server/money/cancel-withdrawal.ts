/**
 * PATCH /users/withdraw/:ref/cancel (issue 35): the customer cancels one of their withdrawals while
 * the payout rail has not sent it to the bank (QUEUED or PENDING, `isWithdrawalCancellable`). In
 * one database transaction, with the portfolio's row and then the payment's row locked (the rail's
 * lock order, ./payment-engine.ts): the payment is re-read, moved to CANCELLED with its timeline
 * step, and its total comes back to the portfolio as a reversal tied to it, with the raised cash
 * balance. A cancel and the rail's send of the same withdrawal queue on the payment's row, so the
 * withdrawal ends either CANCELLED with the cash back or SENT_TO_BANK with the cancel refused
 * (409, `conflict` with the reason `withdrawal_sent`), never both.
 *
 * A ref that is not one of this user's withdrawals answers 404, as for any other user's data.
 */
import type { Kysely } from "kysely"
import { paymentStepText } from "../../src/domain/payment-step-text"
import { transactionText } from "../../src/domain/transaction-text"
import { isWithdrawalCancellable, withdrawalCancelRefusal } from "../../src/domain/withdrawal"
import { ErrorCodes } from "../../src/contract/errors"
import type { DB } from "../db/schema"
import { ApiError, ApiErrors } from "../http/errors"
import { movePayment, returnCash } from "./payment-engine"

/** The message of a withdrawal that was cancelled. */
export const WITHDRAWAL_CANCELLED_MESSAGE = "Withdrawal cancelled; the cash is back in the portfolio."

/** What a ref that is not one of the user's withdrawals answers. */
const withdrawalNotFound = () => ApiErrors.notFound("No such withdrawal.")

/** The English sentence of each refusal (the app says it by `errors:codes.conflict_<reason>`). */
const REFUSAL_TEXTS = {
  withdrawal_sent: "This withdrawal has already been sent to the bank and can no longer be cancelled.",
  withdrawal_cancelled: "This withdrawal is already cancelled.",
  withdrawal_not_cancellable: "This withdrawal can no longer be cancelled.",
} as const

/** Cancels the withdrawal `ref` of `userId` (see the module comment). */
export const cancelWithdrawal = async (db: Kysely<DB>, userId: string, ref: string, now: Date): Promise<void> => {
  const owned = await db
    .selectFrom("payments")
    .innerJoin("accounts", "accounts.accountId", "payments.accountId")
    .select(["payments.id", "payments.accountId"])
    .where("payments.ref", "=", ref)
    .where("payments.type", "=", "WITHDRAWAL")
    .where("accounts.userId", "=", userId)
    .executeTakeFirst()
  if (!owned) throw withdrawalNotFound()
  await db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .select(["accountId", "cashBalance"])
      .where("accountId", "=", owned.accountId)
      .forUpdate()
      .executeTakeFirst()
    const payment = await trx.selectFrom("payments").selectAll().where("id", "=", owned.id).forUpdate().executeTakeFirst()
    if (!account || !payment) throw withdrawalNotFound()
    if (!isWithdrawalCancellable(payment)) {
      const reason = withdrawalCancelRefusal(payment.status)
      throw new ApiError(409, ErrorCodes.conflict, REFUSAL_TEXTS[reason], undefined, { reason, status: payment.status })
    }
    await movePayment(trx, payment, "CANCELLED", paymentStepText("cancelled-by-customer", {}), now)
    await returnCash(
      trx,
      account,
      payment,
      "CANCELLED",
      { description: transactionText("withdrawal-cancelled", { ref: payment.ref }), comment: transactionText("payment", { ref: payment.ref }) },
      now,
    )
  })
}
