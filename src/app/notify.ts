import i18next from "i18next"
import { codedErrorText } from "../i18n/error-text"
import type { Notice } from "../machines/failure"
import { requestToaster } from "../views/shell/toaster-request"

/**
 * Shows a chart's notice as a toast in the user's language: an app text by its key; a server
 * error by its stable code when the app has a translation for it, else the server's own text.
 * The toast library loads with the first notice (no page needs it to show; the root frame mounts
 * its Toaster then), so the text is taken now, in the current language.
 */
export const showNotice = (notice: Notice): void => {
  // The error texts load once the first page is idle; a notice before that waits for them.
  if (!notice.key && !i18next.hasLoadedNamespace("errors")) {
    void i18next.loadNamespaces("errors").then(() => showNotice(notice))
    return
  }
  const text = noticeText(notice)
  if (text === "") return
  requestToaster()
  void import("react-hot-toast").then(({ default: toast }) => {
    if (notice.kind === "success") toast.success(text)
    else toast.error(text)
  })
}

export const noticeText = (notice: Notice): string => {
  if (notice.key) return i18next.t(notice.key, notice.values ?? {})
  return codedErrorText(i18next, notice.code, notice.values) ?? notice.text ?? i18next.t("common:generic.error")
}
