import { HStack, Text, type ConditionalValue } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"

/** The Chartfolio word mark with its small chart glyph; `wordmark` may hide the name (a phone's header shows the glyph). */
export function BrandMark({ inverted = false, wordmark = "inline" }: { inverted?: boolean; wordmark?: ConditionalValue<"none" | "inline"> }) {
  const { t } = useTranslation("common")
  return (
    <HStack gap="2">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect width="28" height="28" rx="6" fill={inverted ? "#ffffff" : "#1e40af"} />
        <polyline points="5,20 11,13 16,16 23,7" fill="none" stroke={inverted ? "#1e40af" : "#ffffff"} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <Text fontWeight="bold" fontSize="xl" color={inverted ? "white" : "fg"} display={wordmark}>
        {t("app.name")}
      </Text>
    </HStack>
  )
}
