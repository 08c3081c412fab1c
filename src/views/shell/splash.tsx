import { Flex, Spinner, Stack } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../app-actors"
import { BrandMark } from "../chrome/brand-mark"
import { TAG } from "../../machines/kit"

/** The start-up splash; the splash chart decides when it hides (3000 ms with nothing loading). */
export function Splash() {
  const { t } = useTranslation("common")
  const hidden = useSelector(useAppActors().splash, (s) => !s.hasTag(TAG.visible))
  if (hidden) return null
  return (
    <Flex role="status" aria-label={t("splash.loading")} position="fixed" inset="0" bg="bg" zIndex="overlay" align="center" justify="center">
      <Stack align="center" gap="6">
        <BrandMark />
        <Spinner size="lg" color="blue.600" />
      </Stack>
    </Flex>
  )
}
