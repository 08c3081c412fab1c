import { Box, Button, Flex, Heading, Stack, Text } from "@chakra-ui/react"
import { getRouteApi, Link as RouterLink } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { ErrorVariant } from "../../domain/route-input"

const look: Record<ErrorVariant, { bg: string; fg: string; accent: string; align: "flex-start" | "center" | "flex-end" }> = {
  1: { bg: "gray.50", fg: "gray.800", accent: "blue.600", align: "center" },
  2: { bg: "purple.900", fg: "white", accent: "purple.200", align: "flex-start" },
  3: { bg: "orange.50", fg: "gray.800", accent: "orange.600", align: "center" },
  4: { bg: "teal.900", fg: "white", accent: "teal.200", align: "flex-end" },
  5: { bg: "red.50", fg: "gray.800", accent: "red.600", align: "center" },
  6: { bg: "blue.900", fg: "white", accent: "blue.200", align: "flex-start" },
}

/**
 * One error page: odd variants show the 404 text, even ones 'Oops, something went wrong'; each
 * offers a way back to the dashboard.
 */
export function ErrorPage({ variant }: { variant: ErrorVariant }) {
  // The error texts load after the first paint: an error page that is the first page waits for them.
  const { t, ready } = useTranslation("errors")
  const style = look[variant]
  if (!ready) return null
  const notFound = variant % 2 === 1
  return (
    <Flex as="main" id="main" minHeight="100vh" bg={style.bg} color={style.fg} align="center" justify="center" padding="8">
      <Stack gap="5" align={style.align} maxWidth="40rem" textAlign={style.align === "center" ? "center" : "start"}>
        {notFound && (
          <Text fontSize="7xl" fontWeight="black" color={style.accent} lineHeight="1" aria-hidden="true">
            404
          </Text>
        )}
        <Heading as="h1" size="3xl">
          {notFound ? t("page.notFoundTitle") : t("page.oopsTitle")}
        </Heading>
        <Text fontSize="lg">{notFound ? t("page.notFoundBody") : t("page.oopsBody")}</Text>
        <Box>
          <Button asChild colorPalette="blue" variant={style.fg === "white" ? "subtle" : "solid"}>
            <RouterLink to="/dashboard">{t("page.backHome")}</RouterLink>
          </Button>
        </Box>
      </Stack>
    </Flex>
  )
}

/** /error/error-v{1..6} as a route component (the router has already checked the variant). */
const errorRoute = getRouteApi("/error/$variant")

export function ErrorRoute() {
  const { variant } = errorRoute.useParams()
  return <ErrorPage variant={variant ?? 1} />
}
