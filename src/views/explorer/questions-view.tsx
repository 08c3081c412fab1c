import { Box, Button, Field, Heading, HStack, List, NativeSelect, Stack, Text } from "@chakra-ui/react"
import type { TFunction } from "i18next"
import { useId, useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import { chartTransitions, stateDetails } from "../../machines/anatomy"
import { eventsBetween, reachableWithout, type ChartPath } from "../../machines/chart-questions"
import type { ChartCoverage } from "./coverage"
import { DiagramView } from "./diagram-view"
import type { Diagram } from "./layout"

/** One question asked and its answer. */
type Answer =
  | { readonly kind: "without"; readonly target: string; readonly avoided: string; readonly path: ChartPath | null }
  | { readonly kind: "events"; readonly from: string; readonly to: string; readonly direct: ReadonlyArray<string>; readonly path: ChartPath | null }

const stepSentence = (t: TFunction, step: ChartPath["steps"][number]) =>
  step.transition.guard
    ? t("questions.stepGuarded", { from: step.from, event: step.transition.event, guard: step.transition.guard, to: step.to })
    : t("questions.step", { from: step.from, event: step.transition.event, to: step.to })

function StateSelect({ label, value, states, onChange }: { label: string; value: string; states: ReadonlyArray<string>; onChange: (v: string) => void }) {
  const id = useId()
  return (
    <Field.Root width="auto">
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <NativeSelect.Root size="sm" width="16rem">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

/**
 * A reviewer's questions about the chart (src/machines/chart-questions.ts): "can STATE be reached
 * without passing STATE?" and "which events lead from STATE to STATE?". The answer is said in words
 * and its shortest path is listed step by step and drawn on the diagram (its states and transitions
 * highlighted).
 */
export function QuestionsView({
  chart,
  machine,
  diagram,
  coverage,
}: {
  chart: string
  machine: AnyStateMachine
  diagram: Diagram | null
  coverage: ChartCoverage
}) {
  const { t } = useTranslation("explorer")
  const states = useMemo(() => stateDetails(machine), [machine])
  const transitions = useMemo(() => chartTransitions(machine), [machine])
  const paths = useMemo(() => states.filter((s) => s.path !== "").map((s) => s.path), [states])
  const [target, setTarget] = useState(paths.at(-1) ?? "")
  const [avoided, setAvoided] = useState(paths[0] ?? "")
  const [from, setFrom] = useState(paths[0] ?? "")
  const [to, setTo] = useState(paths.at(-1) ?? "")
  const [answer, setAnswer] = useState<Answer | null>(null)
  const path = answer?.path ?? null
  const onPath = useMemo(() => new Set(path ? [path.start, ...path.steps.map((s) => s.to)] : []), [path])
  const pathKeys = useMemo(() => new Set(path ? path.steps.map((s) => s.transition.key) : []), [path])
  const askWithout = (e: FormEvent) => {
    e.preventDefault()
    setAnswer({ kind: "without", target, avoided, path: reachableWithout(states, transitions, target, avoided) })
  }
  const askEvents = (e: FormEvent) => {
    e.preventDefault()
    const found = eventsBetween(states, transitions, from, to)
    setAnswer({ kind: "events", from, to, direct: found.direct.map((d) => d.key), path: found.path })
  }
  return (
    <Stack gap="4">
      <Box as="form" aria-label={t("questions.withoutTitle")} onSubmit={askWithout}>
        <Heading as="h3" size="sm">
          {t("questions.withoutTitle")}
        </Heading>
        <HStack gap="3" align="flex-end" wrap="wrap">
          <StateSelect label={t("questions.target")} value={target} states={paths} onChange={setTarget} />
          <StateSelect label={t("questions.avoided")} value={avoided} states={paths} onChange={setAvoided} />
          <Button type="submit" size="sm" colorPalette="blue">
            {t("questions.ask")}
          </Button>
        </HStack>
      </Box>
      <Box as="form" aria-label={t("questions.eventsTitle")} onSubmit={askEvents}>
        <Heading as="h3" size="sm">
          {t("questions.eventsTitle")}
        </Heading>
        <HStack gap="3" align="flex-end" wrap="wrap">
          <StateSelect label={t("questions.from")} value={from} states={paths} onChange={setFrom} />
          <StateSelect label={t("questions.to")} value={to} states={paths} onChange={setTo} />
          <Button type="submit" size="sm" colorPalette="blue">
            {t("questions.ask")}
          </Button>
        </HStack>
      </Box>
      {answer && (
        <Stack as="section" aria-label={t("questions.answer")} gap="2" borderWidth="1px" borderRadius="md" padding="3">
          <Text role="status" fontWeight="medium">
            {answer.kind === "without"
              ? t(answer.path ? "questions.withoutYes" : "questions.withoutNo", { target: answer.target, avoided: answer.avoided })
              : answer.direct.length > 0
                ? t("questions.eventsDirect", { from: answer.from, to: answer.to, events: answer.direct.join(t("text.listSeparator")) })
                : t(answer.path ? "questions.eventsPath" : "questions.eventsNone", { from: answer.from, to: answer.to })}
          </Text>
          {path && (
            <>
              <Text fontSize="sm">{t("questions.pathIntro", { start: path.start })}</Text>
              <List.Root as="ol" gap="1" paddingStart="5" fontSize="sm" aria-label={t("questions.path")}>
                {path.steps.map((step, i) => (
                  <List.Item key={i}>{stepSentence(t, step)}</List.Item>
                ))}
              </List.Root>
            </>
          )}
        </Stack>
      )}
      {diagram && (
        <DiagramView diagram={diagram} coverage={coverage} title={t("questions.diagram", { chart })} current={onPath} highlighted={pathKeys} compact />
      )}
    </Stack>
  )
}
