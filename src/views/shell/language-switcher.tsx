import { Field, NativeSelect } from "@chakra-ui/react"
import { LANGUAGES } from "../../i18n/languages"
import { useLanguageChoice } from "./language-state"

/**
 * Offers en, zh, es, ja, de, fr by their autonyms. Choosing one stores it locally and reloads the
 * page in that language (spec part 1 section 1). (The signed-out pages show the same switcher in
 * plain CSS: src/views/auth/plain-controls.tsx.)
 */
export function LanguageSwitcher({ size = "sm", compact = false }: { size?: "xs" | "sm" | "md"; compact?: boolean }) {
  const { label, current, choose } = useLanguageChoice()
  return (
    <Field.Root width="auto">
      {/* Compact (a phone's header): the label is read by assistive technology but not shown. */}
      <Field.Label fontSize="xs" color="fg.muted" srOnly={compact ? { base: true, md: false } : undefined}>
        {label}
      </Field.Label>
      <NativeSelect.Root size={size} width={compact ? { base: "6.5rem", md: "9rem" } : "9rem"}>
        <NativeSelect.Field value={current} onChange={(e) => choose(e.currentTarget.value)}>
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
