import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { Transaction } from "../../contract/accounts"
import { formatMoney, formatQuantity } from "../../domain/format"
import { formattedTransactionValues, type TransactionTextFormatters } from "../../domain/transaction-text"
import { useEnumLabel } from "./enum-label"
import { useIntlLocale } from "./locale"

/** What a transaction says in the user's language: its description and its comment ("" when none). */
export interface ShownTransactionText {
  readonly description: string
  readonly comment: string
}

/**
 * The one way views say a transaction's description and comment: the code and values the server
 * gave, through `portfolio:transactions.text.<code>` with each value formatted by its kind
 * (src/domain/transaction-text: quantities by the quantity rule, money in the account's currency,
 * order types, channels and reasons through their labels); a free text (no code) as it was written.
 */
export const useTransactionText = (): ((transaction: Transaction, currency: string) => ShownTransactionText) => {
  const { t } = useTranslation("portfolio")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  return useCallback(
    (transaction, currency) => {
      const format: TransactionTextFormatters = {
        quantity: (value) => formatQuantity(value, locale),
        money: (value) => formatMoney(value, currency, locale),
        text: (value) => value,
        orderType: (value) => label("orderType", value),
        channel: (value) => t(`transactions.channel.${value}`, { defaultValue: value }),
        reason: (value) => t(`transactions.reason.${value}`, { defaultValue: value }),
      }
      const say = (text: Transaction["descriptionText"], free: string | null): string =>
        text ? t(`transactions.text.${text.code}`, formattedTransactionValues(text, format)) : (free ?? "")
      return { description: say(transaction.descriptionText, transaction.description), comment: say(transaction.commentText, transaction.comment) }
    },
    [t, label, locale],
  )
}
