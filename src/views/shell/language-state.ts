import { useTranslation } from "react-i18next"
import { isLanguageCode } from "../../i18n/languages"
import { languageMachine } from "../../machines/language.machine"
import { useWorkflowActor } from "../workflows"

/**
 * The language switcher's state for both of its looks (the Chakra one in the signed-in header, the
 * plain one on the signed-out pages): the current language and the choice, which the language
 * chart stores before it reloads the page in that language.
 */
export function useLanguageChoice() {
  const { t, i18n } = useTranslation("common")
  const language = useWorkflowActor(languageMachine, { input: { current: isLanguageCode(i18n.language) ? i18n.language : "en" } })
  return { label: t("language.label"), current: i18n.language, choose: (code: string) => language.send({ type: "language.choose", code }) }
}
