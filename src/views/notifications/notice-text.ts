import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { Notification } from "../../contract/notifications"
import { formatDateTime } from "../../domain/dates"
import { formatMoney, formatQuantity } from "../../domain/format"
import { formattedNotificationValues, type NotificationFormatters } from "../../domain/notifications"
import { useIntlLocale } from "../shared/locale"

/** What a notice says in the user's language: its title, its sentence (from its kind and values) and when it came. */
export interface ShownNotice {
  readonly title: string
  readonly text: string
  readonly when: string
}

/**
 * The one way views say a notice: `notifications:kind.<kind>.title` and `.text` with each value
 * formatted by its kind (src/domain/notifications: money in the notice's currency, quantities by the
 * quantity rule, codes through `notifications:value.<name>.<code>`).
 */
export const useNoticeText = (): ((notice: Notification) => ShownNotice) => {
  const { t } = useTranslation("notifications")
  const locale = useIntlLocale()
  return useCallback(
    (notice) => {
      const currency = notice.params.currency ?? ""
      const format: NotificationFormatters = {
        text: (value) => value,
        money: (value) => (currency ? formatMoney(value, currency, locale) : value),
        quantity: (value) => formatQuantity(value, locale),
        label: (value, name) => t(`value.${name}.${value}`, { defaultValue: value }),
      }
      const values = formattedNotificationValues(notice, format)
      if (notice.kind === "new-device-sign-in" && !values.browser) values.browser = t("value.browser.unknown")
      if (notice.kind === "new-device-sign-in" && !values.os) values.os = t("value.os.unknown")
      return { title: t(`kind.${notice.kind}.title`), text: t(`kind.${notice.kind}.text`, values), when: formatDateTime(notice.createdAt, locale) }
    },
    [t, locale],
  )
}
