import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { EnumKind } from "../../domain/enums"
import { enumKey, underscoresToSpaces } from "../../domain/labels"

export type { EnumKind }

/** Translates one value of `kind`; a value without a translation is shown as it came, underscores as spaces; none shows nothing. */
export type EnumLabel = (kind: EnumKind, value: string | null | undefined) => string

/**
 * The one way views show a value of the data's enumerations in the user's language: the mapping in
 * `common:enum.<kind>`, keyed by `enumKey` (so "Very High", "VERY_HIGH" and "very high" are one value).
 */
export const useEnumLabel = (): EnumLabel => {
  const { t } = useTranslation("common")
  return useCallback<EnumLabel>(
    (kind, value) => {
      if (value === null || value === undefined || value.trim() === "") return ""
      return t(`enum.${kind}.${enumKey(value)}`, { ns: "common", defaultValue: underscoresToSpaces(value) })
    },
    [t],
  )
}
