import { Box, Button, Heading, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useInstrumentDetailActor, type InstrumentDetailActor } from "./instrument-detail-actor"
import { AboutSection, AnalysisSection, FundamentalsSection, NewsSection } from "./instrument-sections"
import { PriceChartSection } from "./price-chart-section"
import { PriceAlertsSection } from "../price-alerts/price-alerts-section"
import { TAG } from "../../machines/kit"

/** /instruments/view/{instrumentId}: the page of the instrument-detail actor its route started (shared with the subheader). */
export function InstrumentRoute() {
  return <InstrumentPage actor={useInstrumentDetailActor()} />
}

/**
 * The instrument page (spec part 1 "Instrument detail"): the price chart, the fundamentals, value
 * analysis, ratings and recommendation, the user's price alerts on it, news and the asset description; skeletons while loading,
 * a way back to the search when no instrument has the id, and a retry when it could not be loaded.
 */
export function InstrumentPage({ actor }: { actor: InstrumentDetailActor }) {
  const { t } = useTranslation("instruments")
  const instrument = useSelector(actor, (s) => s.context.instrument)
  const loading = useSelector(actor, (s) => s.hasTag(TAG.loading))
  const failed = useSelector(actor, (s) => s.hasTag(TAG.failed))
  const notFound = useSelector(actor, (s) => s.hasTag("notFound"))
  const instrumentId = useSelector(actor, (s) => s.context.instrumentId)

  if (loading) return <PageSkeleton label={t("page.loading")} />
  if (notFound)
    return (
      <Stack gap="3" align="flex-start">
        <Heading as="h2" size="md">
          {t("page.notFound")}
        </Heading>
        <Text color="fg.muted">{t("page.notFoundHint")}</Text>
        <Button asChild size="sm">
          <RouterLink to="/instruments">{t("page.backToSearch")}</RouterLink>
        </Button>
      </Stack>
    )
  if (failed || !instrument)
    return (
      <Stack gap="3" align="flex-start">
        <Heading as="h2" size="md">
          {t("page.unavailable")}
        </Heading>
        <Button size="sm" onClick={() => actor.send({ type: "instrument.load", instrumentId })}>
          {t("page.retry")}
        </Button>
      </Stack>
    )
  return (
    <Stack gap="6">
      <PriceChartSection actor={actor} instrument={instrument} />
      <PriceAlertsSection
        key={instrument.id}
        instrument={{ id: instrument.id, symbol: instrument.symbol, currency: instrument.quote.currency, last: instrument.quote.last }}
      />
      <Box display="grid" gridTemplateColumns={{ base: "1fr", lg: "1fr 1fr" }} gap="6">
        <FundamentalsSection instrument={instrument} />
        <AnalysisSection instrument={instrument} />
      </Box>
      <NewsSection instrument={instrument} />
      <AboutSection instrument={instrument} />
    </Stack>
  )
}

/**
 * The page's sections in outline while the instrument loads: the chart's (its control row, the
 * drawing, the summary, the table's disclosure), the price alerts', then the facts; about as tall as
 * the page, so what is below (the footer) does not move when it comes.
 */
function PageSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="6" aria-busy="true">
      <Text srOnly role="status">
        {label}
      </Text>
      <Stack gap="3" borderWidth="1px" borderRadius="md" padding="4">
        <Skeleton height="9" width="50%" />
        <Skeleton height="320px" />
        <SkeletonText noOfLines={1} />
        <Skeleton height="9" width="40%" />
      </Stack>
      <Stack gap="3" borderWidth="1px" borderRadius="md" padding="4">
        <Skeleton height="9" width="30%" />
        <Skeleton height="6" />
      </Stack>
      <Box display="grid" gridTemplateColumns={{ base: "1fr", lg: "1fr 1fr" }} gap="6">
        <SkeletonText noOfLines={6} />
        <SkeletonText noOfLines={6} />
      </Box>
      <SkeletonText noOfLines={4} />
    </Stack>
  )
}
