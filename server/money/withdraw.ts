/**
 * POST /users/withdraw (spec part 2 sections 5 and 7): a withdrawal from one of the user's
 * portfolios to one of the user's saved bank accounts. In one database transaction, with the
 * portfolio's row locked so parallel withdrawals queue: the bank account must be the user's and
 * fit the channel (NUBAN: NGN accounts; WIRE: the others), the amount (2 decimals at most) must
 * not exceed the cash, then the payment (WITHDRAWAL, PENDING, its first progress step), its
 * DEBIT transaction and the lowered cash balance are written together, so the ledger still sums
 * to the balance and the cash never goes below zero. Amount rule, fees and the cash check are src/domain/withdrawal.ts (the form's too).
 * Idempotency (one payment per Idempotency-Key) is the route's `idempotent` middleware.
 */
import { randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import type { WithdrawRequest } from "../../src/contract/money-movement"
import { toFixed } from "../../src/domain/decimal"
import { maskLast4 } from "../../src/domain/masks"
import { cashAfter, channelFits, exceedsCash, isWithdrawalAmount, withdrawalCharges } from "../../src/domain/withdrawal"
import { isUuid } from "../auth/users"
import { json, type DB } from "../db/schema"
import { ErrorCodes } from "../../src/contract/errors"
import { ApiError, ApiErrors } from "../http/errors"
import { ACCOUNT_NOT_FOUND } from "../queries/common"

/** The message of a withdrawal that was recorded. */
export const WITHDRAWAL_CREATED_MESSAGE = "Withdrawal Request Submitted Successfully"

/** Records a withdrawal for `userId` (see the module comment); answers the payment's ref. */
export const withdraw = async (db: Kysely<DB>, userId: string, request: WithdrawRequest, now: Date): Promise<string> => {
  if (!isWithdrawalAmount(request.amount)) throw ApiErrors.badRequest("Enter Valid Amount", { amount: "Enter Valid Amount" })
  const charges = withdrawalCharges(request.channel, request.amount)
  if (!isUuid(request.accountId)) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom("accounts").selectAll().where("accountId", "=", request.accountId).where("userId", "=", userId).forUpdate().executeTakeFirst()
    if (!account) throw ApiErrors.notFound(ACCOUNT_NOT_FOUND)
    const bank = await trx.selectFrom("bankAccounts").selectAll().where("ref", "=", request.bankAccountRef).where("userId", "=", userId).executeTakeFirst()
    if (!bank) throw ApiErrors.badRequest("Select Bank Account", { bankAccountRef: "Select Bank Account" })
    if (!channelFits(request.channel, bank.currency)) {
      const text = request.channel === "NUBAN" ? "NUBAN withdrawals go to an NGN bank account." : "WIRE withdrawals go to a bank account outside NGN."
      throw ApiErrors.badRequest(text, { bankAccountRef: text })
    }
    if (exceedsCash(charges.total, account.cashBalance)) {
      const cash = toFixed(account.cashBalance, 2)
      const text = `The amount is more than the cash available (${cash} ${account.currency}).`
      throw new ApiError(400, ErrorCodes.withdrawalAboveCash, text, { amount: text }, { cash, currency: account.currency })
    }
    const ref = `WDR-${randomBytes(9).toString("hex").toUpperCase()}`
    const total = charges.total
    const payment = await trx
      .insertInto("payments")
      .values({
        accountId: account.accountId,
        ref,
        gatewayRef: null,
        status: "PENDING",
        type: "WITHDRAWAL",
        method: request.channel,
        gateway: request.channel === "NUBAN" ? "Chartfolio Pay" : "Chartfolio Wire",
        rate: "1",
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
        progress: json([{ status: "PENDING", date: now.toISOString(), activity: "Withdrawal requested" }]),
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    await trx
      .insertInto("transactions")
      .values({
        accountId: account.accountId,
        tranType: "withdraw",
        tranAmount: total,
        tranTime: now,
        description: `Withdrawal to ${bank.bankName} ${maskLast4(bank.accountNumber)}`,
        comment: `${request.channel} withdrawal ${ref}`,
        orderId: null,
        paymentId: payment.id,
        createdAt: now,
      })
      .execute()
    await trx.updateTable("accounts").set({ cashBalance: toFixed(cashAfter(account.cashBalance, total), 2), updatedAt: now }).where("accountId", "=", account.accountId).execute()
    return ref
  })
}
