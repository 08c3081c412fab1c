import { Box, Heading, Link, List, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import type { TFunction } from "i18next"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import { chartTransitions } from "../../machines/anatomy"
import { orphanTransitions, REQUIREMENTS, requirementById, requirementUse, servedRequirements, type Requirement } from "../../machines/requirements"
import { EXPLORER_CHARTS } from "./charts"
import type { ChartCoverage, Coverage } from "./coverage"
import { CoverageBadges, transitionSentence } from "./text-form"
import { chartTitle, describeGuardName } from "./texts"

/**
 * Requirement traceability (issue 34): per requirement, the transitions and guards of a chart that
 * serve it (src/machines/requirements.ts), the model paths that walk them (the model report's
 * paths) and the browser tests that drove them (the browser report); per chart, the requirements it
 * serves; and the orphans both ways. The quotes are the spec's English, shown as quoted (decision 0280).
 */

/** Where a requirement comes from, in the user's language. */
export const sourceLabel = (t: TFunction, r: Requirement) =>
  r.source.kind === "spec"
    ? t("requirements.sourceSpec", { part: r.source.part, section: r.source.section })
    : t("requirements.sourceDocs", { file: r.source.file })

/** A requirement's id, source and English quote. */
function RequirementQuote({ requirement, level }: { requirement: Requirement; level: "h3" | "h4" }) {
  const { t } = useTranslation("explorer")
  return (
    <Box>
      <Heading as={level} size="sm">
        {requirement.id}
      </Heading>
      <Text fontSize="xs" color="fg.muted">
        {sourceLabel(t, requirement)}
      </Text>
      <Box as="blockquote" lang="en" borderStartWidth="3px" paddingStart="3" marginY="1" fontStyle="italic" fontSize="sm">
        {requirement.quote}
      </Box>
    </Box>
  )
}

/** The transitions and guards of one chart serving one requirement, and the tests that walk them. */
function RequirementInChart({ chart, machine, coverage, id }: { chart: string; machine: AnyStateMachine; coverage: ChartCoverage; id: string }) {
  const { t } = useTranslation("explorer")
  const details = useMemo(() => new Map(chartTransitions(machine).map((tr) => [tr.key, tr])), [machine])
  const use = requirementUse(machine, id)
  const keys = [...new Set([...use.transitions, ...use.guards.flatMap((g) => g.transitions)])]
  const paths = coverage.walks?.filter((w) => w.transitions.some((k) => keys.includes(k))).map((w) => w.name)
  const tests = coverage.e2eTests === undefined ? undefined : [...new Set(keys.flatMap((k) => coverage.e2eTests?.[k] ?? []))].sort()
  const sentence = (key: string) => {
    const tr = details.get(key)
    return tr ? transitionSentence(t, chart, machine, tr) : key
  }
  return (
    <Stack gap="2" fontSize="sm">
      {use.transitions.length > 0 && (
        <Box>
          <Text fontWeight="semibold">{t("requirements.transitions")}</Text>
          <List.Root as="ul" paddingStart="5" gap="1">
            {use.transitions.map((key) => (
              <List.Item key={key} data-transition={key}>
                {sentence(key)}
                <CoverageBadges coverage={coverage} transitionKey={key} />
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      {use.guards.length > 0 && (
        <Box>
          <Text fontWeight="semibold">{t("requirements.guards")}</Text>
          <List.Root as="ul" paddingStart="5" gap="1">
            {use.guards.map((g) => (
              <List.Item key={g.guard} data-guard={g.guard}>
                {t("requirements.guardDecides", { guard: describeGuardName(t, chart, machine, g.guard) })}
                <List.Root as="ul" paddingStart="5">
                  {g.transitions.map((key) => (
                    <List.Item key={key}>
                      {sentence(key)}
                      <CoverageBadges coverage={coverage} transitionKey={key} />
                    </List.Item>
                  ))}
                </List.Root>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      <Box>
        <Text fontWeight="semibold">{t("requirements.modelPaths")}</Text>
        {paths === undefined ? (
          <Text color="fg.muted">{t("requirements.noModelReport")}</Text>
        ) : paths.length === 0 ? (
          <Text color="fg.muted">{t("requirements.noModelPaths")}</Text>
        ) : (
          <List.Root as="ul" paddingStart="5">
            {paths.map((name) => (
              <List.Item key={name}>{t("requirements.modelPath", { chart, path: name })}</List.Item>
            ))}
          </List.Root>
        )}
      </Box>
      <Box>
        <Text fontWeight="semibold">{t("requirements.browserTests")}</Text>
        {tests === undefined ? (
          <Text color="fg.muted">{t("requirements.noBrowserReport")}</Text>
        ) : tests.length === 0 ? (
          <Text color="fg.muted">{t("requirements.noBrowserTests")}</Text>
        ) : (
          <List.Root as="ul" paddingStart="5">
            {tests.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List.Root>
        )}
      </Box>
    </Stack>
  )
}

/** The guarded transitions of a chart that serve no requirement. */
function OrphanTransitions({ chart, machine, level }: { chart: string; machine: AnyStateMachine; level: "h3" | "h4" }) {
  const { t } = useTranslation("explorer")
  const details = new Map(chartTransitions(machine).map((tr) => [tr.key, tr]))
  const orphans = orphanTransitions(machine)
  return (
    <Box as="section" aria-label={t("requirements.orphanTransitions")}>
      <Heading as={level} size="sm">
        {t("requirements.orphanTransitions")}
      </Heading>
      {orphans.length === 0 ? (
        <Text fontSize="sm">{t("requirements.noOrphanTransitions")}</Text>
      ) : (
        <List.Root as="ul" paddingStart="5" fontSize="sm">
          {orphans.map((key) => {
            const tr = details.get(key)
            return (
              <List.Item key={key} data-transition={key}>
                {tr ? transitionSentence(t, chart, machine, tr) : key}
              </List.Item>
            )
          })}
        </List.Root>
      )}
    </Box>
  )
}

/** The chart's Requirements tab: each requirement it serves with where and which tests walk it, then its orphan transitions. */
export function ChartRequirementsView({ chart, machine, coverage }: { chart: string; machine: AnyStateMachine; coverage: ChartCoverage }) {
  const { t } = useTranslation("explorer")
  const served = servedRequirements(machine)
  return (
    <Stack gap="4">
      <Text fontSize="sm">{t("requirements.quoteNote")}</Text>
      <Link asChild fontSize="sm" alignSelf="flex-start">
        <RouterLink to="/workflows" search={{ view: "requirements" }}>
          {t("requirements.open")}
        </RouterLink>
      </Link>
      {served.length === 0 ? (
        <Text fontSize="sm">{t("requirements.noneServed")}</Text>
      ) : (
        served.map((id) => {
          const requirement = requirementById(id)
          return requirement ? (
            <Box key={id} as="section" aria-label={id} borderWidth="1px" borderRadius="md" padding="3">
              <RequirementQuote requirement={requirement} level="h3" />
              <RequirementInChart chart={chart} machine={machine} coverage={coverage} id={id} />
            </Box>
          ) : null
        })
      )}
      <OrphanTransitions chart={chart} machine={machine} level="h3" />
    </Stack>
  )
}

/** /workflows?view=requirements: every requirement with the charts serving it, the requirements none serves, and each chart's orphan transitions. */
export function RequirementsPage({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation("explorer")
  const served = useMemo(() => EXPLORER_CHARTS.map((c) => ({ ...c, ids: new Set(servedRequirements(c.machine)) })), [])
  const orphans = REQUIREMENTS.filter((r) => !served.some((c) => c.ids.has(r.id)))
  const orphanCharts = EXPLORER_CHARTS.filter((c) => orphanTransitions(c.machine).length > 0)
  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        {t("requirements.title")}
      </Heading>
      <Text>{t("requirements.intro", { count: REQUIREMENTS.length })}</Text>
      <Text fontSize="sm">{t("requirements.quoteNote")}</Text>
      <Link asChild fontSize="sm" alignSelf="flex-start">
        <RouterLink to="/workflows">{t("requirements.back")}</RouterLink>
      </Link>
      <Box as="section" aria-labelledby="orphan-requirements">
        <Heading as="h2" id="orphan-requirements" size="md">
          {t("requirements.orphanRequirements")}
        </Heading>
        {orphans.length === 0 ? (
          <Text fontSize="sm">{t("requirements.noOrphanRequirements")}</Text>
        ) : (
          <List.Root as="ul" paddingStart="5" gap="1" fontSize="sm">
            {orphans.map((r) => (
              <List.Item key={r.id}>
                <Text as="span" fontWeight="semibold">
                  {r.id}
                </Text>{" "}
                ({sourceLabel(t, r)}):{" "}
                <Text as="q" lang="en">
                  {r.quote}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
      <Box as="section" aria-labelledby="all-requirements">
        <Heading as="h2" id="all-requirements" size="md">
          {t("requirements.all")}
        </Heading>
        <Stack gap="4" marginTop="2">
          {REQUIREMENTS.filter((r) => !orphans.includes(r)).map((r) => (
            <Box key={r.id} as="section" aria-label={r.id} borderWidth="1px" borderRadius="md" padding="3">
              <RequirementQuote requirement={r} level="h3" />
              {served
                .filter((c) => c.ids.has(r.id))
                .map((c) => (
                  <Box key={c.chart} marginTop="2">
                    <Heading as="h4" size="xs">
                      <Link asChild>
                        <RouterLink to="/workflows" search={{ chart: c.chart }}>
                          {t("requirements.servedIn", { chart: chartTitle(t, c.chart, c.machine) })}
                        </RouterLink>
                      </Link>
                    </Heading>
                    <RequirementInChart chart={c.chart} machine={c.machine} coverage={coverage.of(c.chart)} id={r.id} />
                  </Box>
                ))}
            </Box>
          ))}
        </Stack>
      </Box>
      <Box as="section" aria-labelledby="orphan-transitions">
        <Heading as="h2" id="orphan-transitions" size="md">
          {t("requirements.orphanTransitionsAll")}
        </Heading>
        {orphanCharts.length === 0 ? (
          <Text fontSize="sm">{t("requirements.noOrphanTransitions")}</Text>
        ) : (
          <Stack gap="3" marginTop="2">
            {orphanCharts.map((c) => (
              <Box key={c.chart}>
                <Heading as="h3" size="sm">
                  {chartTitle(t, c.chart, c.machine)}
                </Heading>
                <OrphanTransitions chart={c.chart} machine={c.machine} level="h4" />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  )
}
