import { useEffect, useReducer } from "react"
import { useTranslation } from "react-i18next"
import { codedErrorText } from "../../i18n/error-text"
import type { Failure } from "../../machines/failure"

/**
 * The text to show for a failed call: the app's translation of the server's stable code when there
 * is one, else the server's own text, else the generic message, all in the user's language.
 * The error texts load once the first page is idle (AFTER_PAINT_NAMESPACES): before they have,
 * a failure has no text yet (never the server's English in another language); it is said as soon
 * as they arrive (this hook renders again then).
 */
export const useFailureText = () => {
  const { i18n } = useTranslation()
  const [, errorTextsArrived] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (i18n.hasLoadedNamespace("errors")) return
    const added = (_language: string, namespace: string) => {
      if (namespace === "errors") errorTextsArrived()
    }
    i18n.store.on("added", added)
    return () => i18n.store.off("added", added)
  }, [i18n])
  return (failure: Failure | null | undefined): string | undefined => {
    if (!failure) return undefined
    if (!i18n.hasLoadedNamespace("errors")) {
      void i18n.loadNamespaces("errors")
      return undefined
    }
    const coded = codedErrorText(i18n, failure.code, failure.values)
    if (coded !== undefined) return coded
    if (failure.tag === "NetworkError") return i18n.t("errors:codes.network")
    if (failure.tag === "DecodeError") return i18n.t("errors:codes.decode")
    return failure.text || i18n.t("common:generic.error")
  }
}
