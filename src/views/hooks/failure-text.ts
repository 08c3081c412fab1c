import { useTranslation } from "react-i18next"
import { formatErrorValues } from "../../domain/error-values"
import { intlLocale, isLanguageCode } from "../../i18n/languages"
import type { Failure } from "../../machines/failure"

/**
 * The text to show for a failed call: the app's translation of the server's stable code when there
 * is one, else the server's own text, else the generic message, all in the user's language.
 */
export const useFailureText = () => {
  const { t, i18n } = useTranslation("errors")
  return (failure: Failure | null | undefined): string | undefined => {
    if (!failure) return undefined
    if (failure.code && i18n.exists(`errors:codes.${failure.code}`)) {
      return t(`codes.${failure.code}`, formatErrorValues(failure.values, isLanguageCode(i18n.language) ? intlLocale(i18n.language) : "en-GB"))
    }
    if (failure.tag === "NetworkError") return t("codes.network")
    if (failure.tag === "DecodeError") return t("codes.decode")
    return failure.text || t("common:generic.error")
  }
}
