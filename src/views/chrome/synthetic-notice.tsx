import { Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"

/** Says that prices and figures of the reference server's demo world are synthetic. */
export function SyntheticNotice() {
  const { t } = useTranslation("common")
  return (
    <Text fontSize="xs" color="fg.muted">
      {t("syntheticNotice")}
    </Text>
  )
}
