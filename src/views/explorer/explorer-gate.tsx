import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import i18next from "i18next"
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { isReviewer } from "./reviewer"
import { useAppActors } from "../app-actors"

// The page and its texts load together, so it never shows a key.
const ExplorerPage = lazy(() =>
  Promise.all([import("./explorer-page"), i18next.loadNamespaces(["explorer", "workflows"])]).then(([m]) => ({ default: m.ExplorerPage })),
)

/**
 * /workflows: the explorer for a reviewer (its code loads only then); anyone else gets the
 * not-found page, as for any path that does not exist for them.
 */
export function ExplorerGate() {
  const reviewer = useSelector(useAppActors().session, (s) => isReviewer(s.context.user))
  if (!reviewer) return <NotFoundInFrame />
  return (
    <Suspense fallback={null}>
      <ExplorerPage />
    </Suspense>
  )
}

export function NotFoundInFrame() {
  const { t } = useTranslation("errors")
  return (
    <Stack gap="4" paddingY="8" align="flex-start">
      <Text fontSize="5xl" fontWeight="black" color="blue.600" lineHeight="1" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="xl">
        {t("page.notFoundTitle")}
      </Heading>
      <Text>{t("page.notFoundBody")}</Text>
      <Box>
        <Button asChild colorPalette="blue">
          <RouterLink to="/dashboard">{t("page.backHome")}</RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}
