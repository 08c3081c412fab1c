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

/** The option text of a bank account: bank name, masked last four, currency ("First Bank ****6789 NGN"), missing parts left out. */
export const bankAccountOptionText = (account: WithdrawalBankAccount): string =>
  [account.bankName?.trim(), maskLast4(account.accountNumber), account.currency?.trim()].filter(Boolean).join(" ")

/** Withdrawal form fields; `amount` is the typed text. */
export interface WithdrawalForm {
  readonly channel: WithdrawalChannel | "" | null
  readonly bankAccountRef: string | null
  readonly amount: string
}

/**
 * Withdrawal rules: a channel ('Select Withdrawal Channel'), a bank account ('Select Bank
 * Account') and a positive decimal amount with no zero value ('Enter Valid Amount'). The amount is
 * trimmed first.
 */
export const validateWithdrawal = (form: WithdrawalForm): FormIssues<keyof WithdrawalForm> => {
  const issues: FormIssues<keyof WithdrawalForm> = {}
  if (form.channel !== "NUBAN" && form.channel !== "WIRE") issues.channel = issue(C.withdrawalChannel)
  if (!isFilled(form.bankAccountRef)) issues.bankAccountRef = issue(C.bankAccountRequired)
  if (!isPositiveAmount(form.amount.trim())) issues.amount = issue(C.validAmount)
  return issues
}
