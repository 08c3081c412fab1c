import { HStack, Text, type ConditionalValue } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { BrandGlyph } from "./brand-glyph"

/** The Chartfolio word mark with its small chart glyph; `wordmark` may hide the name (a phone's header shows the glyph). */
export function BrandMark({ inverted = false, wordmark = "inline" }: { inverted?: boolean; wordmark?: ConditionalValue<"none" | "inline"> }) {
  const { t } = useTranslation("common")
  return (
    <HStack gap="2">
      <BrandGlyph inverted={inverted} />
      <Text fontWeight="bold" fontSize="xl" color={inverted ? "white" : "fg"} display={wordmark}>
        {t("app.name")}
      </Text>
    </HStack>
  )
}
