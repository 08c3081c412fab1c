import { Box, Button, Heading, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react"
import { getRouteApi } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { instrumentDetailMachine } from "../../machines/instrument-detail.machine"
import { useWorkflowActor } from "../workflows"
import { publishInstrumentDetail, type InstrumentDetailActor } from "./instrument-detail-actor"
import { AboutSection, AnalysisSection, FundamentalsSection, NewsSection } from "./instrument-sections"
import { PriceChartSection } from "./price-chart-section"

const instrumentRoute = getRouteApi("/signed-in/instruments/view/$instrumentId")

/**
 * /instruments/view/{instrumentId}: starts the page's one instrument-detail actor (shared with the
 * subheader), asks it for another instrument when the URL's id changes, and shows the page.
 */
export function InstrumentRoute() {
  const { instrumentId } = instrumentRoute.useParams()
  const actor = useWorkflowActor(instrumentDetailMachine, { input: { instrumentId } })
  useEffect(() => publishInstrumentDetail(actor), [actor])
  useEffect(() => {
    if (actor.getSnapshot().context.instrumentId !== instrumentId) actor.send({ type: "instrument.load", instrumentId })
  }, [actor, instrumentId])
  return <InstrumentPage actor={actor} />
}

/**
 * The instrument page (spec part 1 "Instrument detail"): the price chart, the fundamentals, value
 * analysis, ratings and recommendation, news and the asset description; skeletons while loading,
 * and a retry when the instrument could not be loaded.
 */
export function InstrumentPage({ actor }: { actor: InstrumentDetailActor }) {
  const { t } = useTranslation("instruments")
  const instrument = useSelector(actor, (s) => s.context.instrument)
  const loading = useSelector(actor, (s) => s.hasTag("busy"))
  const failed = useSelector(actor, (s) => s.hasTag("error"))
  const instrumentId = useSelector(actor, (s) => s.context.instrumentId)

  if (loading) return <PageSkeleton label={t("page.loading")} />
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
      <Box display="grid" gridTemplateColumns={{ base: "1fr", lg: "1fr 1fr" }} gap="6">
        <FundamentalsSection instrument={instrument} />
        <AnalysisSection instrument={instrument} />
      </Box>
      <NewsSection instrument={instrument} />
      <AboutSection instrument={instrument} />
    </Stack>
  )
}

function PageSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="6" aria-busy="true">
      <Text srOnly role="status">
        {label}
      </Text>
      <Skeleton height="320px" />
      <Box display="grid" gridTemplateColumns={{ base: "1fr", lg: "1fr 1fr" }} gap="6">
        <SkeletonText noOfLines={6} />
        <SkeletonText noOfLines={6} />
      </Box>
      <SkeletonText noOfLines={4} />
    </Stack>
  )
}
