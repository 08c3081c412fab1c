import { Badge, Box, Heading, HStack, List, Stack, Text } from "@chakra-ui/react"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import { chartTransitions, stateDetails, type TransitionDetail } from "../../machines/anatomy"
import type { ChartCoverage } from "./coverage"
import { equivalentWhy, mutantLabel, mutantsOf } from "./mutants"
import { describeStatePath, describeEventType, describeGuardName, stateDescription } from "./texts"

/**
 * The text form of a chart, also its accessible alternative: each state with its description,
 * then each of its transitions as one sentence (in STATE, on EVENT, if GUARD, go to TARGET, doing
 * ACTIONS) with its coverage in words.
 */

/** One transition as a sentence in the user's language. */
export const transitionSentence = (t: TFunction, chart: string, machine: AnyStateMachine, tr: TransitionDetail): string => {
  const sep = t("text.separator")
  const parts = [
    t("text.in", { state: describeStatePath(t, chart, machine, tr.source) }),
    tr.delay !== undefined
      ? t("text.after", { delay: tr.delay })
      : tr.event === "always"
        ? t("text.always")
        : t("text.on", { event: describeEventType(t, chart, machine, tr.eventType) }),
    ...(tr.guard ? [t("text.if", { guard: describeGuardName(t, chart, machine, tr.guard) })] : []),
    tr.target === undefined ? t("text.stay") : t("text.goTo", { target: describeStatePath(t, chart, machine, tr.target) }),
    ...(tr.actions.length ? [t("text.doing", { actions: tr.actions.join(t("text.listSeparator")) })] : []),
  ]
  return `${parts.join(sep)}${t("text.end")}`
}

export function CoverageBadges({ coverage, transitionKey }: { coverage: ChartCoverage; transitionKey: string }) {
  const { t } = useTranslation("explorer")
  return (
    <HStack gap="1" display="inline-flex" marginStart="2">
      {coverage.model === undefined ? null : coverage.model.has(transitionKey) ? (
        <Badge colorPalette="green" variant="subtle">
          {t("coverage.model")}
        </Badge>
      ) : (
        <Badge colorPalette="red" variant="subtle">
          {t("coverage.notModel")}
        </Badge>
      )}
      {coverage.e2e === undefined ? null : coverage.e2e.has(transitionKey) ? (
        <Badge colorPalette="blue" variant="subtle">
          {t("coverage.e2e")}
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="subtle">
          {t("coverage.notE2e")}
        </Badge>
      )}
    </HStack>
  )
}

export function TextForm({
  chart,
  machine,
  coverage,
  headingLevel = 3,
}: {
  chart: string
  machine: AnyStateMachine
  coverage: ChartCoverage
  headingLevel?: 3 | 4
}) {
  const { t } = useTranslation("explorer")
  const states = stateDetails(machine)
  const transitions = chartTransitions(machine)
  const rootTransitions = transitions.filter((tr) => tr.source === "(root)")
  const sections = [
    ...(rootTransitions.length
      ? [
          {
            path: "(root)",
            title: t("text.anyState"),
            description: undefined as string | undefined,
            list: rootTransitions,
            tags: [] as ReadonlyArray<string>,
            invokes: [] as ReadonlyArray<string>,
          },
        ]
      : []),
    ...states
      .filter((s) => s.path !== "")
      .map((s) => ({
        path: s.path,
        title: describeStatePath(t, chart, machine, s.path),
        description: stateDescription(t, chart, machine, s.path),
        list: transitions.filter((tr) => tr.source === s.path),
        tags: s.tags,
        invokes: s.invokes.map((i) => i.src ?? i.id),
      })),
  ]
  return (
    <Stack gap="4">
      {sections.map((s) => (
        <Box key={s.path} as="section" aria-label={s.title}>
          <Heading as={headingLevel === 3 ? "h3" : "h4"} size="sm">
            {s.path === "(root)" ? s.title : t("text.state", { state: s.path })}
          </Heading>
          {s.description && <Text fontSize="sm">{s.description}</Text>}
          {(s.tags.length > 0 || s.invokes.length > 0) && (
            <Text fontSize="sm" color="fg.muted">
              {[...s.tags.map((tag) => t("text.tag", { tag })), ...s.invokes.map((src) => t("text.invokes", { actor: src }))].join(" · ")}
            </Text>
          )}
          {s.list.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t("text.noTransitions")}
            </Text>
          ) : (
            <List.Root as="ul" gap="1" paddingStart="5" fontSize="sm">
              {s.list.map((tr) => (
                <List.Item key={tr.key} data-transition={tr.key}>
                  {transitionSentence(t, chart, machine, tr)}
                  <CoverageBadges coverage={coverage} transitionKey={tr.key} />
                  <TransitionMutants chart={chart} machine={machine} coverage={coverage} transitionKey={tr.key} />
                </List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      ))}
    </Stack>
  )
}

/** What the text form says under a guarded transition: its mutants' score and each survivor with its explanation. */
export function TransitionMutants({
  chart,
  machine,
  coverage,
  transitionKey,
}: {
  chart: string
  machine: AnyStateMachine
  coverage: ChartCoverage
  transitionKey: string
}) {
  const { t } = useTranslation("explorer")
  if (coverage.mutation === undefined) return null
  const mutants = mutantsOf(coverage.mutation, transitionKey)
  if (mutants.length === 0) return null
  const killed = mutants.filter((m) => m.killed).length
  const survivors = mutants.filter((m) => !m.killed)
  return (
    <Box fontSize="xs" color="fg.muted">
      <Text as="span">{t("mutation.perTransition", { killed, total: mutants.length })}</Text>
      {survivors.map((m) => (
        <Text key={`${m.guard}-${m.kind}`} data-survivor={`${m.guard} ${m.kind}`}>
          {t("mutation.survivor", { mutant: mutantLabel(t, chart, machine, m) })} {equivalentWhy(t, chart, m) ?? t("mutation.missing")}
        </Text>
      ))}
    </Box>
  )
}
