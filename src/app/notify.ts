import i18next from "i18next"
import toast from "react-hot-toast"
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

export const noticeText = (notice: Notice): string => {
  if (notice.key) return i18next.t(notice.key, notice.values ?? {})
  if (notice.code && i18next.exists(`errors:codes.${notice.code}`)) return i18next.t(`errors:codes.${notice.code}`)
  return notice.text ?? i18next.t("common:generic.error")
}
