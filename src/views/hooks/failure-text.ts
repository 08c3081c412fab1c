import { useTranslation } from "react-i18next"
import { codedErrorText } from "../../i18n/error-text"
import type { Failure } from "../../machines/failure"

/**
 * The text to show for a failed call: the app's translation of the server's stable code when there
 * is one, else the server's own text, else the generic message, all in the user's language.
 */
export const useFailureText = () => {
  const { t, i18n } = useTranslation("errors")
  return (failure: Failure | null | undefined): string | undefined => {
    if (!failure) return undefined
    const coded = codedErrorText(i18n, failure.code, failure.values)
    if (coded !== undefined) return coded
    if (failure.tag === "NetworkError") return t("codes.network")
    if (failure.tag === "DecodeError") return t("codes.decode")
    return failure.text || t("common:generic.error")
  }
}
