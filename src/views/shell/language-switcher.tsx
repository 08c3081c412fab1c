import { Field, NativeSelect } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { isLanguageCode, LANGUAGES } from "../../i18n/languages"
import { languageMachine } from "../../machines/language.machine"
import { useWorkflowActor } from "../workflows"

/**
 * Offers en, zh, es, ja, de, fr by their autonyms. Choosing one stores it locally and reloads the
 * page in that language (spec part 1 section 1).
 */
export function LanguageSwitcher({ size = "sm" }: { size?: "xs" | "sm" | "md" }) {
  const { t, i18n } = useTranslation("common")
  const language = useWorkflowActor(languageMachine, { input: { current: isLanguageCode(i18n.language) ? i18n.language : "en" } })
  return (
    <Field.Root width="auto">
      <Field.Label fontSize="xs" color="fg.muted">
        {t("language.label")}
      </Field.Label>
      <NativeSelect.Root size={size} width="9rem">
        <NativeSelect.Field
          value={i18n.language}
          onChange={(e) => language.send({ type: "language.choose", code: e.currentTarget.value })}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.autonym}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}
