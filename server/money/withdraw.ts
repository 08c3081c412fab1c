/**
 * POST /users/withdraw (spec part 2 sections 5 and 7): a withdrawal from one of the user's
 * portfolios to one of the user's saved bank accounts. In one database transaction, with the
 * portfolio's row locked so parallel withdrawals queue: the bank account must be the user's and
 * fit the channel (NUBAN: NGN accounts; WIRE: the others), the amount (2 decimals at most) must
 * not exceed the cash, then the payment (WITHDRAWAL, QUEUED on the payout rail, its first progress step), its
 * DEBIT transaction and the lowered cash balance are written together, so the ledger still sums
 * to the balance and the cash never goes below zero. Amount rule, fees and the cash check are src/domain/withdrawal.ts (the form's too).
 *
 * A bank account in another currency than the portfolio's is paid at the rate of the quote the
 * request names (./withdrawal-quote.ts, issue 30): the payment records that `rate` and what
 * arrives (`payoutAmount` in `payoutCurrency`); without a valid quote nothing is written. A payout
 * in the portfolio's own currency is at rate 1 and needs no quote.
 *
 * The bank account's row is read with a key-share lock: a deletion of that account running at
 * the same time (another process) either commits first, and the withdrawal is refused with the
 * spec's 'Select Bank Account', or waits until the withdrawal is written and then detaches it
 * (the payout FAILS on the rail and the cash returns as a reversal). Either way no money moves
 * without a bank account, and the insert never meets a vanished row.
 * Idempotency (one payment per Idempotency-Key) is the route's `idempotent` middleware.
 *
 * Step-up (issue 35, src/domain/step-up.ts): the first withdrawal to a bank account less than 24
 * hours old is refused (403 `step_up.required`) unless the caller's session verified a one-time
 * code in the last 5 minutes (`guard.freshStepUp`, server/auth/step-up.ts); checked after the
 * form's rules, so a code is asked for only for a withdrawal that would otherwise go ahead.
 */
import { randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import type { WithdrawRequest } from "../../src/contract/money-movement"
import { toFixed } from "../../src/domain/decimal"
import { needsConversion } from "../../src/domain/fx"
import { maskLast4 } from "../../src/domain/masks"
import { paymentStepText } from "../../src/domain/payment-step-text"
import { transactionText } from "../../src/domain/transaction-text"
import { cashAfter, channelFits, exceedsCash, isWithdrawalAmount, withdrawalCharges } from "../../src/domain/withdrawal"
import { withdrawalNeedsStepUp } from "../../src/domain/step-up"
import { stepUpRequired } from "../auth/step-up"
import { isUuid } from "../auth/users"
import { paymentEntry } from "../db/ledger"
import { json, type DB } from "../db/schema"
import { ApiErrors } from "../http/errors"
import { ACCOUNT_NOT_FOUND } from "../queries/common"
import { aboveCashRefused, bankAccountRefused, channelRefused, takeQuote } from "./withdrawal-quote"

/** The message of a withdrawal that was recorded. */
export const WITHDRAWAL_CREATED_MESSAGE = "Withdrawal Request Submitted Successfully"

/** What the withdrawal asks of the caller's session: whether it has a fresh step-up (read in the withdrawal's transaction). */
export interface WithdrawalGuard {
  readonly freshStepUp: (trx: Kysely<DB>) => Promise<boolean>
}

/** How many withdrawals were ever recorded to a bank account. */
const withdrawalsTo = async (trx: Kysely<DB>, bankAccountId: string): Promise<number> =>
  Number(
    (
      await trx
        .selectFrom("payments")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("bankAccountId", "=", bankAccountId)
        .where("type", "=", "WITHDRAWAL")
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Records a withdrawal for `userId` (see the module comment); answers the payment's ref. */
export const withdraw = async (db: Kysely<DB>, userId: string, request: WithdrawRequest, now: Date, guard: WithdrawalGuard): Promise<string> => {
  if (!isWithdrawalAmount(request.amount)) throw ApiErrors.badRequest("Enter Valid Amount", { amount: "Enter Valid Amount" })
  const charges = withdrawalCharges(request.channel, request.amount)
  if (!isUuid(request.accountId)) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
  return db.transaction().execute(async (trx) => {
    const account = await trx
      .selectFrom("accounts")
      .selectAll()
      .where("accountId", "=", request.accountId)
      .where("userId", "=", userId)
      .forUpdate()
      .executeTakeFirst()
    if (!account) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
    // Key-share: a deletion of this bank account waits for this transaction, or has already removed it (see the module comment).
    const bank = await trx
      .selectFrom("bankAccounts")
      .selectAll()
      .where("ref", "=", request.bankAccountRef)
      .where("userId", "=", userId)
      .forKeyShare()
      .executeTakeFirst()
    if (!bank) throw bankAccountRefused()
    if (!channelFits(request.channel, bank.currency)) throw channelRefused(request.channel)
    if (exceedsCash(charges.total, account.cashBalance)) throw aboveCashRefused(account.cashBalance, account.currency)
    const newPlace = withdrawalNeedsStepUp({ createdAt: Date.parse(bank.createdAt), earlierWithdrawals: await withdrawalsTo(trx, bank.id) }, now.getTime())
    if (newPlace && !(await guard.freshStepUp(trx))) throw stepUpRequired()
    const payout = needsConversion(account.currency, bank.currency)
      ? await takeQuote(
          trx,
          request.quoteId,
          {
            userId,
            accountId: account.accountId,
            bankAccountId: bank.id,
            channel: request.channel,
            amount: charges.amount,
            currency: account.currency,
            payoutCurrency: bank.currency,
          },
          now,
        )
      : { rate: "1", payoutAmount: charges.amount, payoutCurrency: account.currency }
    const ref = `WDR-${randomBytes(9).toString("hex").toUpperCase()}`
    const total = charges.total
    const payment = await trx
      .insertInto("payments")
      .values({
        accountId: account.accountId,
        ref,
        gatewayRef: null,
        status: "QUEUED",
        type: "WITHDRAWAL",
        method: request.channel,
        gateway: request.channel === "NUBAN" ? "Chartfolio Pay" : "Chartfolio Wire",
        rate: payout.rate,
        amount: charges.amount,
        serviceFee: charges.serviceFee,
        instantFee: charges.instantFee,
        processFee: charges.processFee,
        total,
        currency: account.currency,
        instantDeposit: false,
        last4: bank.accountNumber.slice(-4),
        ip: null,
        instantComment: null,
        description: `Withdrawal to ${bank.bankName} ${maskLast4(bank.accountNumber)}`,
        bankAccountId: bank.id,
        payoutAmount: payout.payoutAmount,
        payoutCurrency: payout.payoutCurrency,
        progress: json([{ status: "QUEUED", date: now.toISOString(), activity: null, activityText: paymentStepText("withdrawal-requested", {}) }]),
        createdAt: now,
        updatedAt: now,
      })
      .returning(["id", "type", "status", "amount", "total"])
      .executeTakeFirstOrThrow()
    // The ledger's rule: a withdrawal reserves its total the moment it is requested.
    const reserve = paymentEntry(payment, "reserve")
    await trx
      .insertInto("transactions")
      .values({
        accountId: account.accountId,
        tranType: reserve.tranType,
        tranAmount: reserve.tranAmount,
        tranTime: now,
        description: null,
        comment: null,
        descriptionText: json(transactionText("withdrawal-to", { bank: bank.bankName, last4: bank.accountNumber.slice(-4) })),
        commentText: json(transactionText("withdrawal-requested", { channel: request.channel, ref })),
        orderId: null,
        paymentId: payment.id,
        createdAt: now,
      })
      .execute()
    await trx
      .updateTable("accounts")
      .set({ cashBalance: toFixed(cashAfter(account.cashBalance, reserve.tranAmount), 2), updatedAt: now })
      .where("accountId", "=", account.accountId)
      .execute()
    return ref
  })
}
