import i18next from "i18next"
import toast from "react-hot-toast"
import { formatErrorValues } from "../domain/error-values"
import { intlLocale, isLanguageCode } from "../i18n/languages"
import type { Notice } from "../machines/failure"

/**
 * Shows a chart's notice as a toast in the user's language: an app text by its key; a server
 * error by its stable code when the app has a translation for it, else the server's own text.
 */
export const showNotice = (notice: Notice): void => {
  const text = noticeText(notice)
  if (text === "") return
  if (notice.kind === "success") toast.success(text)
  else toast.error(text)
}

/** A server error's figures for its translation, money formatted in the interface language. */
const codedValues = (values: Notice["values"]): Record<string, string> => {
  const texts = Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]))
  return formatErrorValues(texts, isLanguageCode(i18next.language) ? intlLocale(i18next.language) : "en-GB")
}

export const noticeText = (notice: Notice): string => {
  if (notice.key) return i18next.t(notice.key, notice.values ?? {})
  if (notice.code && i18next.exists(`errors:codes.${notice.code}`)) return i18next.t(`errors:codes.${notice.code}`, codedValues(notice.values))
  return notice.text ?? i18next.t("common:generic.error")
}
