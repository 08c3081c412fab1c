import { Badge, Box, Heading, List, Stack, Table, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import { chartTransitions } from "../../machines/anatomy"
import type { ChartCoverage } from "./coverage"
import { equivalentWhy, mutantLabel, mutantsOf, type Mutant } from "./mutants"
import { transitionSentence } from "./text-form"
import { TableHead } from "../shared/table-head"

/**
 * Guard mutation (issue 34): the model test replays its paths with each named guard negated,
 * forced true and forced false (test/model/harness.ts `mutationReport`); a mutant no path notices
 * survives: a test the suite is missing, unless it is equivalent, which the explorer's
 * `mutation.equivalent.<chart>.<guard>.<kind>` text explains.
 */

/** The chart's Mutants tab: its score, per guarded transition how many mutants die, and the survivors. */
export function MutationView({ chart, machine, coverage, ready }: { chart: string; machine: AnyStateMachine; coverage: ChartCoverage; ready: boolean }) {
  const { t } = useTranslation("explorer")
  const mutation = coverage.mutation
  if (!ready) return <Text fontSize="sm">{t("coverage.notLoaded")}</Text>
  if (mutation === undefined) return <Text fontSize="sm">{t("mutation.noReport")}</Text>
  if (mutation.total === 0) return <Text fontSize="sm">{t("mutation.none")}</Text>
  const guarded = chartTransitions(machine).filter((tr) => mutantsOf(mutation, tr.key).length > 0)
  const survivors = mutation.mutants.filter((m) => !m.killed)
  return (
    <Stack gap="4">
      <Text fontWeight="semibold">{t("mutation.score", { killed: mutation.killed, total: mutation.total })}</Text>
      <Text fontSize="sm">{t("mutation.how")}</Text>
      {mutation.sampled && <Text fontSize="sm">{t("mutation.sampled")}</Text>}
      <Box as="section" aria-labelledby="mutation-survivors">
        <Heading as="h3" id="mutation-survivors" size="sm">
          {t("mutation.survivors")}
        </Heading>
        <SurvivorList chart={chart} machine={machine} survivors={survivors} />
      </Box>
      <Box as="section" aria-labelledby="mutation-transitions">
        <Heading as="h3" id="mutation-transitions" size="sm">
          {t("mutation.perTransitionTitle")}
        </Heading>
        <Table.Root size="sm" marginTop="2">
          <TableHead columns={[{ label: t("mutation.transition") }, { label: t("mutation.killedColumn"), end: true }]} />
          <Table.Body>
            {guarded.map((tr) => {
              const mutants = mutantsOf(mutation, tr.key)
              return (
                <Table.Row key={tr.key} data-transition={tr.key}>
                  <Table.Cell>{transitionSentence(t, chart, machine, tr)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {t("mutation.fraction", { killed: mutants.filter((m) => m.killed).length, total: mutants.length })}
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  )
}

/** The surviving mutants, each marked equivalent (with why) or as a test the suite is missing. */
export function SurvivorList({ chart, machine, survivors }: { chart: string; machine: AnyStateMachine; survivors: ReadonlyArray<Mutant> }) {
  const { t } = useTranslation("explorer")
  return survivors.length === 0 ? (
    <Text fontSize="sm">{t("mutation.noSurvivors")}</Text>
  ) : (
    <List.Root as="ul" paddingStart="5" gap="1" fontSize="sm">
      {survivors.map((m) => {
        const why = equivalentWhy(t, chart, m)
        return (
          <List.Item key={`${m.guard}-${m.kind}`}>
            <Badge colorPalette={why ? "gray" : "red"} variant="subtle" marginEnd="2">
              {why ? t("mutation.equivalentBadge") : t("mutation.missingBadge")}
            </Badge>
            {mutantLabel(t, chart, machine, m)}: {why ?? t("mutation.missing")}
          </List.Item>
        )
      })}
    </List.Root>
  )
}
