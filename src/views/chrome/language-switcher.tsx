import { Field, NativeSelect } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { isLanguageCode, LANGUAGES } from "../../i18n/languages"
import { languageMachine } from "../../machines/language.machine"
import { useWorkflowActor } from "../workflows"

/**
 * Offers en, zh, es, ja, de, fr by their autonyms. Choosing one stores it locally and reloads the
 * page in that language (spec part 1 section 1).
 */
export function LanguageSwitcher({ size = "sm", compact = false }: { size?: "xs" | "sm" | "md"; compact?: boolean }) {
  const { t, i18n } = useTranslation("common")
  const language = useWorkflowActor(languageMachine, { input: { current: isLanguageCode(i18n.language) ? i18n.language : "en" } })
  return (
    <Field.Root width="auto">
      {/* Compact (a phone's header): the label is read by assistive technology but not shown. */}
      <Field.Label fontSize="xs" color="fg.muted" srOnly={compact ? { base: true, md: false } : undefined}>
        {t("language.label")}
      </Field.Label>
      <NativeSelect.Root size={size} width={compact ? { base: "6.5rem", md: "9rem" } : "9rem"}>
        <NativeSelect.Field value={i18n.language} onChange={(e) => language.send({ type: "language.choose", code: e.currentTarget.value })}>
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
