import { Box, Heading, Skeleton, Stack } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { TAG } from "../../machines/kit"
import { marketInsightMachine } from "../../machines/market-insight.machine"
import { RetryState } from "../shared/retry-state"
import { ThemedFrame } from "../shared/themed-frame"
import { useWorkflowActor } from "../workflows"

/**
 * /market-insight (spec part 2 "Market insight"): the address from GET /overview/market-insight
 * in a full-height sandboxed frame in the app's colour mode, a skeleton until the frame has
 * loaded, a retry when the address could not be fetched or the frame did not load (the chart
 * decides which).
 */
export function MarketInsightPage() {
  const { t } = useTranslation("account")
  const actor = useWorkflowActor(marketInsightMachine)
  const loading = useSelector(actor, (s) => s.hasTag(TAG.loading))
  const failed = useSelector(actor, (s) => s.hasTag(TAG.failed))
  const url = useSelector(actor, (s) => (s.hasTag(TAG.failed) ? null : s.context.url))
  return (
    <Stack gap="4" height="full" minHeight="calc(100vh - 12rem)">
      <Heading as="h1" size="lg">
        {t("insight.title")}
      </Heading>
      {failed ? (
        <RetryState title={t("insight.failed")} retry={t("insight.retry")} onRetry={() => actor.send({ type: "insight.retry" })} />
      ) : (
        <Box position="relative" flex="1" minHeight="70vh">
          {loading && (
            <Stack position="absolute" inset="0" gap="3" role="status" aria-label={t("insight.loading")}>
              <Skeleton height="8" width="50%" />
              <Skeleton height="4" />
              <Skeleton height="4" width="85%" />
              <Skeleton flex="1" />
            </Stack>
          )}
          {url !== null && (
            <ThemedFrame
              title={t("insight.frameTitle")}
              src={url}
              onLoad={() => actor.send({ type: "frame.loaded" })}
              style={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0, visibility: loading ? "hidden" : "visible" }}
            />
          )}
        </Box>
      )}
    </Stack>
  )
}
