import { compare, sub, toFixed } from "./decimal"
import { maskLast4 } from "./masks"
import { isFilled, isPositiveAmount, issue, ValidationCodes as C, type FormIssues } from "./validation"

/** The channels, in display order: NUBAN pays out to a local (NGN) bank account, WIRE to a foreign one. */
export const WITHDRAWAL_CHANNELS = ["NUBAN", "WIRE"] as const

/** A withdrawal channel. */
export type WithdrawalChannel = (typeof WITHDRAWAL_CHANNELS)[number]

/** A bank account as far as the withdrawal form is concerned. */
export interface WithdrawalBankAccount {
  readonly bankName?: string | null
  readonly accountNumber?: string | null
  readonly currency?: string | null
}

const isNaira = (currency: string | null | undefined): boolean => currency?.trim().toUpperCase() === "NGN"

/** Whether a bank account of `currency` can receive a withdrawal by `channel`: NUBAN takes NGN accounts, WIRE the others. */
export const channelFits = (channel: WithdrawalChannel, currency: string | null | undefined): boolean => (channel === "NUBAN") === isNaira(currency)

/** The bank accounts a channel offers (spec part 2 section 5): NUBAN lists NGN accounts, WIRE the others; no channel lists none. */
export const bankAccountsForChannel = <A extends WithdrawalBankAccount>(accounts: ReadonlyArray<A>, channel: WithdrawalChannel | null | undefined): A[] =>
  channel ? accounts.filter((a) => channelFits(channel, a.currency)) : []

/**
 * The masked last four and the currency of a bank account ("****6789 NGN"), missing parts left
 * out: what tells two accounts at one bank apart, so a list never cuts it (the bank's name may be).
 */
export const bankAccountDistinction = (account: Pick<WithdrawalBankAccount, "accountNumber" | "currency">): string =>
  [maskLast4(account.accountNumber), account.currency?.trim()].filter(Boolean).join(" ")

/** The option text of a bank account: bank name, masked last four, currency ("First Bank ****6789 NGN"), missing parts left out. */
export const bankAccountOptionText = (account: WithdrawalBankAccount): string =>
  [account.bankName?.trim(), bankAccountDistinction(account)].filter(Boolean).join(" ")

/**
 * The payout rail's statuses (server/money/payment-engine.ts), in the order a withdrawal meets them:
 * QUEUED (requested, waiting for the rail), PENDING (accepted, waiting for the next send to the
 * bank), SENT_TO_BANK (the transfer left; it can no longer be stopped), COMPLETED (paid); and the
 * ends where the cash comes back to the portfolio: CANCELLED (by the customer before it was sent),
 * FAILED (the rail could not send it: the bank account was removed or is not verified) and RETURNED
 * (the receiving bank sent it back). Written in upper case; the demo world's lower-case "pending"
 * withdrawal is held for review, not on the rail.
 */
export const PAYOUT_STATUSES = ["QUEUED", "PENDING", "SENT_TO_BANK", "COMPLETED", "CANCELLED", "FAILED", "RETURNED"] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/**
 * The payout rail's moves, the one transition table: QUEUED is accepted (PENDING) or cancelled;
 * PENDING is sent (SENT_TO_BANK), cancelled, or FAILED when it cannot be sent; SENT_TO_BANK is paid
 * (COMPLETED) or RETURNED. The four others are final. The rail and the customer's cancel refuse any
 * other step (server/money/payment-engine.ts, server/money/cancel-withdrawal.ts).
 */
export const PAYOUT_STATUS_MOVES: Readonly<Record<PayoutStatus, ReadonlyArray<PayoutStatus>>> = {
  QUEUED: ["PENDING", "CANCELLED"],
  PENDING: ["SENT_TO_BANK", "CANCELLED", "FAILED"],
  SENT_TO_BANK: ["COMPLETED", "RETURNED"],
  COMPLETED: [],
  CANCELLED: [],
  FAILED: [],
  RETURNED: [],
}

const isPayoutStatus = (status: string): status is PayoutStatus => Object.hasOwn(PAYOUT_STATUS_MOVES, status)

/** Whether a withdrawal on the rail may move from `from` to `to` (PAYOUT_STATUS_MOVES). */
export const isPayoutMove = (from: string, to: string): boolean => isPayoutStatus(from) && (PAYOUT_STATUS_MOVES[from] as ReadonlyArray<string>).includes(to)

/** The statuses a withdrawal still moves on from (it settles within seconds): those with a move. */
export const PAYOUT_OPEN_STATUSES = PAYOUT_STATUSES.filter((s) => PAYOUT_STATUS_MOVES[s].length > 0)

/** The final statuses: no move leaves them. */
export const PAYOUT_FINAL_STATUSES = PAYOUT_STATUSES.filter((s) => PAYOUT_STATUS_MOVES[s].length === 0)

/** The statuses a customer may cancel a withdrawal in: those with a move to CANCELLED (not yet sent to the bank). */
export const PAYOUT_CANCELLABLE_STATUSES = PAYOUT_STATUSES.filter((s) => PAYOUT_STATUS_MOVES[s].includes("CANCELLED"))

/** Whether a payment is a withdrawal the customer may still cancel (on the rail and not yet sent to the bank). */
export const isWithdrawalCancellable = (payment: { readonly type: string; readonly status: string }): boolean =>
  payment.type.toUpperCase() === "WITHDRAWAL" && isPayoutMove(payment.status, "CANCELLED")

/** Why a withdrawal's cancel is refused, by its status: it left for the bank, it is cancelled already, or it is not on the rail's cancellable steps. */
export const WITHDRAWAL_CANCEL_REFUSALS = ["withdrawal_sent", "withdrawal_cancelled", "withdrawal_not_cancellable"] as const
export type WithdrawalCancelRefusal = (typeof WITHDRAWAL_CANCEL_REFUSALS)[number]

/** The refusal of cancelling a withdrawal in `status` (one `isWithdrawalCancellable` says no to). */
export const withdrawalCancelRefusal = (status: string): WithdrawalCancelRefusal =>
  status === "SENT_TO_BANK" || status === "COMPLETED" || status === "RETURNED"
    ? "withdrawal_sent"
    : status === "CANCELLED"
      ? "withdrawal_cancelled"
      : "withdrawal_not_cancellable"

/** Whether a payment is a withdrawal still moving along the payout rail (it settles within seconds). */
export const isSettlingWithdrawal = (payment: { readonly type: string; readonly status: string }): boolean =>
  payment.type.toUpperCase() === "WITHDRAWAL" && (PAYOUT_OPEN_STATUSES as ReadonlyArray<string>).includes(payment.status)

/** A withdrawal is paid out in cents: at most this many decimals. */
export const WITHDRAWAL_DECIMALS = 2

/** A withdrawal amount: a positive decimal ("120", "120.5", "0.75") with at most two decimals; the text is trimmed first. */
export const isWithdrawalAmount = (text: string): boolean => {
  const trimmed = text.trim()
  const decimals = trimmed.includes(".") ? trimmed.length - trimmed.indexOf(".") - 1 : 0
  return isPositiveAmount(trimmed) && decimals <= WITHDRAWAL_DECIMALS
}

/** What a withdrawal costs, as decimal strings with two decimals: the amount, each fee and the total taken from cash. */
export interface WithdrawalCharges {
  readonly amount: string
  readonly serviceFee: string
  readonly instantFee: string
  readonly processFee: string
  /** Amount plus fees: what leaves the portfolio's cash. */
  readonly total: string
}

/**
 * The fee schedule of a withdrawal by channel. The platform charges none today (docs/decisions/0076-withdrawal-fees-one-place.md):
 * the review step shows the zero fees and the server records them, both from here, so a fee is
 * added in this one place. `amount` must pass `isWithdrawalAmount`.
 */
export const withdrawalCharges = (_channel: WithdrawalChannel, amount: string): WithdrawalCharges => {
  const fixed = toFixed(amount.trim(), WITHDRAWAL_DECIMALS)
  return { amount: fixed, serviceFee: "0.00", instantFee: "0.00", processFee: "0.00", total: fixed }
}

/** Whether taking `total` leaves the cash below zero. */
export const exceedsCash = (total: string, cash: string): boolean => compare(total, cash) > 0

/** The cash left after taking `total`. */
export const cashAfter = (cash: string, total: string): string => sub(cash, total)

/** Withdrawal form fields; `amount` is the typed text. */
export interface WithdrawalForm {
  readonly channel: WithdrawalChannel | "" | null
  readonly bankAccountRef: string | null
  readonly amount: string
}

/**
 * Withdrawal rules: a channel ('Select Withdrawal Channel'), a bank account ('Select Bank
 * Account') and a positive decimal amount with no zero value and at most two decimals ('Enter
 * Valid Amount'). With the portfolio's `cash` known, a total above it is refused before sending
 * ('The amount is more than the cash available').
 */
export const validateWithdrawal = (form: WithdrawalForm, cash?: string | null): FormIssues<keyof WithdrawalForm> => {
  const issues: FormIssues<keyof WithdrawalForm> = {}
  const channel = form.channel === "NUBAN" || form.channel === "WIRE" ? form.channel : null
  if (channel === null) issues.channel = issue(C.withdrawalChannel)
  if (!isFilled(form.bankAccountRef)) issues.bankAccountRef = issue(C.bankAccountRequired)
  if (!isWithdrawalAmount(form.amount)) issues.amount = issue(C.validAmount)
  else if (cash != null && channel !== null && exceedsCash(withdrawalCharges(channel, form.amount).total, cash)) issues.amount = issue(C.amountAboveCash)
  return issues
}
