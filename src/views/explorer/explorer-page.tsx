import { Box, Flex, Heading, HStack, Link, List, Spinner, Stack, Tabs, Text } from "@chakra-ui/react"
import { getRouteApi, Link as RouterLink } from "@tanstack/react-router"
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { chartTransitions } from "../../machines/anatomy"
import { diffMarks } from "../../machines/chart-diff"
import { chartFingerprint } from "../../machines/fingerprint"
import { workflowApprovalMachine } from "../../machines/workflow-approval.machine"
import { useWorkflowActor } from "../workflows"
import { ApprovalPanel, StandingBadge, useStanding, type ApprovalActor } from "./approval-panel"
import { EXPLORER_CHARTS, type ExplorerChart } from "./charts"
import { useCoverage, type ChartCoverage, type Coverage } from "./coverage"
import { CoverageNotice } from "./coverage-notice"
import { ChangesSince, useChartDiff } from "./changes-since"
import { DiagramView } from "./diagram-view"
import { useDiagram } from "./use-diagram"
import { ScenariosView } from "./scenarios-view"
import { MutationView } from "./mutation-view"
import { ChartRequirementsView, RequirementsPage } from "./requirements-view"
import { QuestionsView } from "./questions-view"
import { Simulator } from "./simulator"
import { WorkflowBook } from "./workflow-book"
import { TextForm, transitionSentence, CoverageBadges } from "./text-form"
import { chartPurpose, chartTitle, stateDescription } from "./texts"

/**
 * /workflows, the workflow explorer (issue 13), for reviewers: every chart of src/machines as the
 * app imports it, one at a time (`?chart=`): its coverage from CI, its diagram (laid out by ELK
 * in a worker) and its text form. The coverage comes from the server (the workflow-coverage chart).
 */
const route = getRouteApi("/signed-in/workflows")

/** Every chart's fingerprint (SHA-256 of its canonical definition), computed once per page. */
const useFingerprints = (): ReadonlyMap<string, string> => {
  const [prints, setPrints] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => {
    let live = true
    void Promise.all(EXPLORER_CHARTS.map(async (c) => [c.chart, await chartFingerprint(c.machine)] as const)).then(
      (entries) => live && setPrints(new Map(entries)),
    )
    return () => {
      live = false
    }
  }, [])
  return prints
}

export function ExplorerPage() {
  const { t } = useTranslation("explorer")
  const { chart: chosen, view } = route.useSearch()
  const selected = EXPLORER_CHARTS.find((c) => c.chart === chosen) ?? EXPLORER_CHARTS[0]
  const approvals = useWorkflowActor(workflowApprovalMachine)
  const fingerprints = useFingerprints()
  const coverage = useCoverage()
  if (view === "book") return <WorkflowBook approvals={approvals} fingerprints={fingerprints} coverage={coverage} />
  if (view === "requirements") return <RequirementsPage coverage={coverage} />
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("title")}
      </Heading>
      <Text>{t("intro", { count: EXPLORER_CHARTS.length })}</Text>
      <CoverageNotice coverage={coverage} />
      <HStack gap="4" wrap="wrap" fontSize="sm">
        <Link asChild>
          <RouterLink to="/workflows" search={{ view: "book" }}>
            {t("book.open")}
          </RouterLink>
        </Link>
        <Link asChild>
          <RouterLink to="/workflows" search={{ view: "requirements" }}>
            {t("requirements.open")}
          </RouterLink>
        </Link>
      </HStack>
      <Flex gap="6" direction={{ base: "column", lg: "row" }} align="flex-start">
        <Box as="nav" aria-label={t("chartList")} minWidth="14rem" flexShrink={0}>
          <List.Root as="ul" gap="1" listStyleType="none">
            {EXPLORER_CHARTS.map((c) => (
              <List.Item key={c.chart}>
                <Link asChild fontSize="sm" fontWeight={c === selected ? "bold" : undefined}>
                  <RouterLink to="/workflows" search={{ chart: c.chart }} aria-current={c === selected ? "page" : undefined}>
                    {chartTitle(t, c.chart, c.machine)}
                  </RouterLink>
                </Link>{" "}
                <Text as="span" fontSize="xs" color="fg.muted">
                  {c.chart}
                </Text>{" "}
                <ChartStanding actor={approvals} chart={c.chart} fingerprint={fingerprints.get(c.chart)} />
              </List.Item>
            ))}
          </List.Root>
        </Box>
        {selected && (
          <ChartPanel key={selected.chart} chart={selected} approvals={approvals} fingerprint={fingerprints.get(selected.chart)} coverage={coverage} />
        )}
      </Flex>
    </Stack>
  )
}

function CoverageSummary({ chart, coverage, status }: { chart: ExplorerChart; coverage: ChartCoverage; status: Coverage["status"] }) {
  const { t } = useTranslation("explorer")
  const keys = chartTransitions(chart.machine).map((tr) => tr.key)
  const count = (set: ReadonlySet<string>) => keys.filter((k) => set.has(k)).length
  return (
    <Stack gap="1" as="section" aria-label={t("coverage.title")}>
      <Heading as="h3" size="sm">
        {t("coverage.title")}
      </Heading>
      {status === "ready" && (
        <>
          <Text fontSize="sm">
            {coverage.model === undefined ? t("coverage.noModelReport") : t("coverage.modelCount", { covered: count(coverage.model), total: keys.length })}
          </Text>
          <Text fontSize="sm">
            {coverage.e2e === undefined ? t("coverage.noE2eReport") : t("coverage.e2eCount", { covered: count(coverage.e2e), total: keys.length })}
          </Text>
          <Text fontSize="sm">
            {coverage.mutation === undefined
              ? t("mutation.noReport")
              : t("mutation.score", { killed: coverage.mutation.killed, total: coverage.mutation.total })}
          </Text>
        </>
      )}
      {status === "none" && <Text fontSize="sm">{t("coverage.noneForChart")}</Text>}
      {(status === "loading" || status === "failed") && <Text fontSize="sm">{t("coverage.notLoaded")}</Text>}
    </Stack>
  )
}

function ChartStanding({ actor, chart, fingerprint }: { actor: ApprovalActor; chart: string; fingerprint: string | undefined }) {
  const standing = useStanding(actor, chart, fingerprint)
  return standing ? <StandingBadge standing={standing} /> : null
}

function ChartPanel({
  chart,
  approvals,
  fingerprint,
  coverage: all,
}: {
  chart: ExplorerChart
  approvals: ApprovalActor
  fingerprint: string | undefined
  coverage: Coverage
}) {
  const { t } = useTranslation("explorer")
  const coverage = all.of(chart.chart)
  const { diagram, failed } = useDiagram(chart.machine)
  const [state, setState] = useState<string | undefined>(undefined)
  const transitions = useMemo(() => chartTransitions(chart.machine), [chart.machine])
  const title = t("diagram.title", { chart: chart.chart })
  const diff = useChartDiff(approvals, chart.chart, chart.machine, fingerprint)
  const marks = useMemo(() => (diff.status === "changed" ? diffMarks(diff.changes, transitions) : undefined), [diff, transitions])
  // The diagram first; what changed since approval, the coverage and the approval after it.
  return (
    <Stack as="section" aria-labelledby="explorer-chart" gap="4" flex="1" minWidth="0">
      <Box>
        <Heading as="h2" id="explorer-chart" size="md">
          {chartTitle(t, chart.chart, chart.machine)}
        </Heading>
        <Text fontSize="sm">{chartPurpose(t, chart.chart, chart.machine)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {t("chartId", { chart: chart.chart })}
        </Text>
      </Box>
      <Tabs.Root defaultValue="diagram" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="diagram">{t("tabs.diagram")}</Tabs.Trigger>
          <Tabs.Trigger value="text">{t("tabs.text")}</Tabs.Trigger>
          <Tabs.Trigger value="scenarios">{t("tabs.scenarios")}</Tabs.Trigger>
          <Tabs.Trigger value="simulation">{t("tabs.simulation")}</Tabs.Trigger>
          <Tabs.Trigger value="questions">{t("tabs.questions")}</Tabs.Trigger>
          <Tabs.Trigger value="requirements">{t("tabs.requirements")}</Tabs.Trigger>
          <Tabs.Trigger value="mutants">{t("tabs.mutants")}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="diagram">
          {failed !== null ? (
            <Text role="alert">{t("diagram.failed", { reason: failed })}</Text>
          ) : diagram === null ? (
            <HStack role="status" aria-label={t("diagram.laying")}>
              <Spinner size="sm" />
              <Text>{t("diagram.laying")}</Text>
            </HStack>
          ) : (
            <Stack gap="3">
              <DiagramView diagram={diagram} coverage={coverage} title={title} selected={state} onSelect={setState} fileName={chart.chart} marks={marks} />
              <Legend coverage={coverage} changed={marks !== undefined} />
              <ChangesSince diff={diff} />
              {state !== undefined && (
                <Box as="section" aria-label={t("diagram.selected")} borderWidth="1px" borderRadius="md" padding="3" aria-live="polite">
                  <Heading as="h3" size="sm">
                    {t("text.state", { state })}
                  </Heading>
                  <Text fontSize="sm">{stateDescription(t, chart.chart, chart.machine, state)}</Text>
                  <List.Root as="ul" gap="1" paddingStart="5" fontSize="sm">
                    {transitions
                      .filter((tr) => tr.source === state)
                      .map((tr) => (
                        <List.Item key={tr.key}>
                          {transitionSentence(t, chart.chart, chart.machine, tr)}
                          <CoverageBadges coverage={coverage} transitionKey={tr.key} />
                        </List.Item>
                      ))}
                  </List.Root>
                </Box>
              )}
            </Stack>
          )}
        </Tabs.Content>
        <Tabs.Content value="text">
          <Stack gap="4">
            <ChangesSince diff={diff} />
            <TextForm chart={chart.chart} machine={chart.machine} coverage={coverage} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="scenarios">
          <ScenariosView chart={chart.chart} machine={chart.machine} scenarios={coverage.scenarios} status={all.status} />
        </Tabs.Content>
        <Tabs.Content value="simulation">
          <Simulator chart={chart.chart} machine={chart.machine} diagram={diagram} coverage={coverage} samplesLoading={all.status === "loading"} />
        </Tabs.Content>
        <Tabs.Content value="questions">
          <QuestionsView
            chart={chart.chart}
            machine={chart.machine}
            fingerprint={fingerprint}
            approved={diff.status === "changed" ? { fingerprint: diff.fingerprint, definition: diff.definition } : undefined}
            coverage={coverage}
          />
        </Tabs.Content>
        <Tabs.Content value="requirements">
          <ChartRequirementsView chart={chart.chart} machine={chart.machine} coverage={coverage} />
        </Tabs.Content>
        <Tabs.Content value="mutants">
          <MutationView chart={chart.chart} machine={chart.machine} coverage={coverage} ready={all.status === "ready"} />
        </Tabs.Content>
      </Tabs.Root>
      <CoverageSummary chart={chart} coverage={coverage} status={all.status} />
      <ApprovalPanel actor={approvals} chart={chart.chart} fingerprint={fingerprint} />
    </Stack>
  )
}

function Legend({ coverage, changed }: { coverage: ChartCoverage; changed: boolean }) {
  const { t } = useTranslation("explorer")
  return (
    <HStack gap="4" fontSize="xs" color="fg.muted" wrap="wrap">
      {changed && <Text>{t("diff.legend")}</Text>}
      {coverage.model !== undefined && <Text>{t("legend.model")}</Text>}
      {coverage.e2e !== undefined && <Text>{t("legend.e2e")}</Text>}
      <Text>{t("legend.shapes")}</Text>
    </HStack>
  )
}
