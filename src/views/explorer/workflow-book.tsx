import { Box, Button, Code, Heading, HStack, Link, List, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { chartTransitions } from "../../machines/anatomy"
import { requirementById, servedRequirements, type Requirement } from "../../machines/requirements"
import { StandingBadge, shortFingerprint, useStanding, type ApprovalActor } from "./approval-panel"
import { EXPLORER_CHARTS, type ExplorerChart } from "./charts"
import type { Coverage } from "./coverage"
import { CoverageNotice } from "./coverage-notice"
import { DiagramView } from "./diagram-view"
import { SurvivorList } from "./mutation-view"
import { sourceLabel } from "./requirements-view"
import { useDiagram } from "./use-diagram"
import { TextForm } from "./text-form"
import { chartPurpose, chartTitle } from "./texts"

/** Only the book is printed: the app's frame, menus and buttons stay off the paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #workflow-book, #workflow-book * { visibility: visible !important; }
  #workflow-book { position: absolute; inset: 0 auto auto 0; width: 100%; }
  #workflow-book [data-no-print] { display: none !important; }
  #workflow-book section[data-chart] { break-before: page; }
}`

/**
 * The printable workflow book: every chart with its fingerprint, approval status, coverage,
 * diagram, text form, the requirements it serves (id, source, quoted rule) and its guard mutation
 * score with the surviving mutants, one chart per printed page group.
 */
export function WorkflowBook({
  approvals,
  fingerprints,
  coverage,
}: {
  approvals: ApprovalActor
  fingerprints: ReadonlyMap<string, string>
  coverage: Coverage
}) {
  const { t } = useTranslation("explorer")
  return (
    <Stack id="workflow-book" gap="6">
      <style>{PRINT_CSS}</style>
      <HStack data-no-print gap="3">
        <Button size="sm" colorPalette="blue" onClick={() => window.print()}>
          {t("book.print")}
        </Button>
        <Link asChild fontSize="sm">
          <RouterLink to="/workflows">{t("book.back")}</RouterLink>
        </Link>
      </HStack>
      <Heading as="h1" size="lg">
        {t("book.title")}
      </Heading>
      <Text>{t("book.intro", { count: EXPLORER_CHARTS.length, date: new Date().toISOString().slice(0, 10) })}</Text>
      <CoverageNotice coverage={coverage} />
      {EXPLORER_CHARTS.map((c) => (
        <BookChart key={c.chart} chart={c} approvals={approvals} fingerprint={fingerprints.get(c.chart)} coverage={coverage} />
      ))}
    </Stack>
  )
}

function BookChart({
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
  const standing = useStanding(approvals, chart.chart, fingerprint)
  const { diagram } = useDiagram(chart.machine)
  const keys = chartTransitions(chart.machine).map((tr) => tr.key)
  const count = (set: ReadonlySet<string>) => keys.filter((k) => set.has(k)).length
  return (
    <Stack as="section" data-chart={chart.chart} aria-labelledby={`book-${chart.chart}`} gap="2" borderTopWidth="1px" paddingTop="4">
      <Heading as="h2" id={`book-${chart.chart}`} size="md">
        {chartTitle(t, chart.chart, chart.machine)}
      </Heading>
      <Text fontSize="sm">{chartPurpose(t, chart.chart, chart.machine)}</Text>
      <Text fontSize="xs" color="fg.muted">
        {t("chartId", { chart: chart.chart })}
      </Text>
      <HStack gap="3" wrap="wrap" fontSize="sm">
        <Text>
          {t("approval.fingerprint")} {fingerprint ? <Code title={fingerprint}>{shortFingerprint(fingerprint)}</Code> : t("approval.computing")}
        </Text>
        {standing && <StandingBadge standing={standing} />}
      </HStack>
      <Text fontSize="sm" hidden={all.status !== "ready"}>
        {coverage.model === undefined ? t("coverage.noModelReport") : t("coverage.modelCount", { covered: count(coverage.model), total: keys.length })}{" "}
        {coverage.e2e === undefined ? t("coverage.noE2eReport") : t("coverage.e2eCount", { covered: count(coverage.e2e), total: keys.length })}
      </Text>
      <Box>{diagram && <DiagramView diagram={diagram} coverage={coverage} title={t("diagram.title", { chart: chart.chart })} compact />}</Box>
      <TextForm chart={chart.chart} machine={chart.machine} coverage={coverage} headingLevel={4} />
      <BookRequirements chart={chart} />
      <Box as="section" aria-labelledby={`book-${chart.chart}-mutants`}>
        <Heading as="h3" id={`book-${chart.chart}-mutants`} size="sm">
          {t("book.mutants")}
        </Heading>
        {all.status !== "ready" ? (
          <Text fontSize="sm">{t("coverage.notLoaded")}</Text>
        ) : coverage.mutation === undefined ? (
          <Text fontSize="sm">{t("mutation.noReport")}</Text>
        ) : coverage.mutation.total === 0 ? (
          <Text fontSize="sm">{t("mutation.none")}</Text>
        ) : (
          <>
            <Text fontSize="sm">{t("mutation.score", { killed: coverage.mutation.killed, total: coverage.mutation.total })}</Text>
            {coverage.mutation.sampled && <Text fontSize="sm">{t("mutation.sampled")}</Text>}
            <SurvivorList chart={chart.chart} machine={chart.machine} survivors={coverage.mutation.mutants.filter((m) => !m.killed)} />
          </>
        )}
      </Box>
    </Stack>
  )
}

/** The requirements a chart serves: id, where it comes from, and the rule quoted in the spec's English. */
function BookRequirements({ chart }: { chart: ExplorerChart }) {
  const { t } = useTranslation("explorer")
  const served = servedRequirements(chart.machine)
    .map(requirementById)
    .filter((r): r is Requirement => r !== undefined)
  return (
    <Box as="section" aria-labelledby={`book-${chart.chart}-requirements`}>
      <Heading as="h3" id={`book-${chart.chart}-requirements`} size="sm">
        {t("book.requirements")}
      </Heading>
      {served.length === 0 ? (
        <Text fontSize="sm">{t("book.noRequirements")}</Text>
      ) : (
        <List.Root as="ul" paddingStart="5" gap="1" fontSize="sm">
          {served.map((r) => (
            <List.Item key={r.id} data-requirement={r.id}>
              <Text as="span" fontWeight="bold">
                {r.id}
              </Text>{" "}
              <Text as="span" color="fg.muted">
                ({sourceLabel(t, r)})
              </Text>{" "}
              <Text as="span" lang="en" fontStyle="italic">
                “{r.quote}”
              </Text>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  )
}
