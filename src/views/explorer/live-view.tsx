import { Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { listenToActors, type LiveActor } from "../inspection"
import { activePaths } from "../../machines/introspection"
import { useCoverage, type Coverage } from "./coverage"
import { DiagramView } from "./diagram-view"
import { useDiagram } from "./use-diagram"

/**
 * The live view (issue 13): for a reviewer, a panel docked to the right or the bottom of any
 * signed-in page listing the chart actors running on it (through the app's inspection hook) with
 * each one's current state highlighted on its diagram as the page is used.
 */

const leavesOf = (paths: Set<string>) => [...paths].filter((p) => ![...paths].some((q) => q.startsWith(`${p}.`)))

export function LiveView({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("explorer")
  const [actors, setActors] = useState<ReadonlyArray<LiveActor>>([])
  const [dock, setDock] = useState<"right" | "bottom">("right")
  const coverage = useCoverage()
  useEffect(() => listenToActors(setActors), [])
  // A stopped actor says so to its observers only: the list is read again then.
  useEffect(() => {
    const subscriptions = actors.map((a) => a.ref.subscribe({ complete: () => setActors((list) => list.filter((x) => x.ref !== a.ref)) }))
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actors])
  const placement =
    dock === "right" ? { top: "0", right: "0", bottom: "0", width: "min(34rem, 100vw)" } : { left: "0", right: "0", bottom: "0", height: "45vh" }
  return (
    <Box
      as="aside"
      aria-label={t("live.title")}
      position="fixed"
      zIndex="overlay"
      bg="bg"
      borderWidth="1px"
      boxShadow="lg"
      overflowY="auto"
      padding="4"
      {...placement}
    >
      <HStack justify="space-between" marginBottom="3" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {t("live.title")}
        </Heading>
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={() => setDock(dock === "right" ? "bottom" : "right")}>
            {dock === "right" ? t("live.dockBottom") : t("live.dockRight")}
          </Button>
          <Button size="xs" onClick={onClose}>
            {t("live.close")}
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="sm" marginBottom="3">
        {t("live.intro")}
      </Text>
      <Stack gap="5">
        {actors.length === 0 ? (
          <Text>{t("live.none")}</Text>
        ) : (
          actors.map((actor) => <LiveActorView key={actor.ref.sessionId} actor={actor} coverage={coverage} />)
        )}
      </Stack>
    </Box>
  )
}

function LiveActorView({ actor, coverage }: { actor: LiveActor; coverage: Coverage }) {
  const { t } = useTranslation("explorer")
  const { diagram } = useDiagram(actor.machine)
  const chart = actor.machine.id // a chart's id is its registry id (src/app/registry.ts)
  const paths = activePaths(actor.snapshot)
  return (
    <Stack as="section" aria-label={chart} gap="2">
      <Heading as="h3" size="sm">
        {chart}
      </Heading>
      <Text fontSize="sm" role="status" aria-label={t("live.stateOf", { chart })}>
        {t("live.state", { state: leavesOf(paths).join(", ") })}
      </Text>
      {diagram && <DiagramView diagram={diagram} coverage={coverage.of(chart)} title={t("live.diagram", { chart })} current={paths} compact />}
    </Stack>
  )
}
