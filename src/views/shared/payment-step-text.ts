import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { PaymentProgress } from "../../contract/accounts"
import { formatMoney, formatQuantity } from "../../domain/format"
import { formattedPaymentStepValues } from "../../domain/payment-step-text"
import type { TransactionTextFormatters } from "../../domain/transaction-text"
import { useEnumLabel } from "./enum-label"
import { useIntlLocale } from "./locale"

/**
 * The one way views say what a payment's step did: the code and values the server gave, through
 * `portfolio:payments.step.<code>` with each value formatted by its kind (src/domain/payment-step-text;
 * a payout's failure reason through `portfolio:transactions.reason`), or a free text (no code) as
 * it was written.
 */
export const usePaymentStepText = (): ((step: PaymentProgress, currency: string) => string) => {
  const { t } = useTranslation("portfolio")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  return useCallback(
    (step, currency) => {
      const text = step.activityText
      if (!text) return step.activity ?? ""
      const format: TransactionTextFormatters = {
        quantity: (value) => formatQuantity(value, locale),
        money: (value) => formatMoney(value, currency, locale),
        text: (value) => value,
        orderType: (value) => label("orderType", value),
        channel: (value) => t(`transactions.channel.${value}`, { defaultValue: value }),
        reason: (value) => t(`transactions.reason.${value}`, { defaultValue: value }),
      }
      return t(`payments.step.${text.code}`, formattedPaymentStepValues(text, format))
    },
    [t, label, locale],
  )
}
