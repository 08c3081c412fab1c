import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { EnumKind } from "../../domain/enums"
import { enumKey, shownEnumLabel, underscoresToSpaces } from "../../domain/labels"
import { useIntlLocale } from "./locale"

export type { EnumKind }

/** Translates one value of `kind`; a value without a translation is shown as it came, underscores as spaces; none shows nothing. */
export type EnumLabel = (kind: EnumKind, value: string | null | undefined) => string

/**
 * The one way views show a value of the data's enumerations in the user's language: the mapping in
 * `common:enum.<kind>`, keyed by `enumKey` (so "Very High", "VERY_HIGH" and "very high" are one value),
 * in the casing rule of its kind (`shownEnumLabel`: statuses in upper case in every language).
 */
export const useEnumLabel = (): EnumLabel => {
  const { t } = useTranslation("common")
  const locale = useIntlLocale()
  return useCallback<EnumLabel>(
    (kind, value) => {
      if (value === null || value === undefined || value.trim() === "") return ""
      return shownEnumLabel(kind, t(`enum.${kind}.${enumKey(value)}`, { ns: "common", defaultValue: underscoresToSpaces(value) }), locale)
    },
    [t, locale],
  )
}
