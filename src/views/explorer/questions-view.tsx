import { Box, Button, Field, Heading, HStack, List, NativeSelect, Stack, Text } from "@chakra-ui/react"
import type { TFunction } from "i18next"
import { useId, useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import type { AnyStateMachine } from "xstate"
import { chartTransitions, stateDetails } from "../../machines/anatomy"
import { chartFromDefinition } from "../../machines/chart-from-definition"
import { eventsBetween, reachableWithout, type ChartPath } from "../../machines/chart-questions"
import { NO_COVERAGE, type ChartCoverage } from "./coverage"
import { DiagramView } from "./diagram-view"
import { shortFingerprint } from "./approval-panel"
import { useDiagram } from "./use-diagram"

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

/** The versions a question can be asked of: the chart this build runs, and the last approved one when it differs. */
type Version = "build" | "approved"

/**
 * A reviewer's questions about the chart (src/machines/chart-questions.ts): "can STATE be reached
 * without passing STATE?" and "which events lead from STATE to STATE?". The answer is said in words
 * and its shortest path is listed step by step and drawn on the diagram (its states and transitions
 * highlighted, its steps numbered, the path said in the drawing's description). When the chart
 * changed since its last approval, the reviewer may ask the approved version instead, rebuilt from
 * the definition the server kept (src/machines/chart-from-definition.ts) and drawn on its own.
 */
export function QuestionsView({
  chart,
  machine,
  fingerprint,
  approved,
  coverage,
}: {
  chart: string
  machine: AnyStateMachine
  /** This build's fingerprint of the chart (undefined while computed). */
  fingerprint: string | undefined
  /** The last approved version, when it is not this build's (the coverage of this build does not apply to it). */
  approved: { readonly fingerprint: string; readonly definition: string } | undefined
  coverage: ChartCoverage
}) {
  const { t } = useTranslation("explorer")
  const id = useId()
  const [version, setVersion] = useState<Version>("build")
  // One machine per definition text (its diagram is laid out once), whatever object carries it.
  const definition = approved?.definition
  const approvedMachine = useMemo(() => {
    if (definition === undefined) return undefined
    try {
      return chartFromDefinition(definition)
    } catch {
      return undefined
    }
  }, [definition])
  const asked = version === "approved" && approvedMachine ? approvedMachine : machine
  return (
    <Stack gap="4">
      {approved && approvedMachine && (
        <Field.Root width="auto">
          <Field.Label htmlFor={id}>{t("questions.version")}</Field.Label>
          <NativeSelect.Root size="sm" width="24rem">
            <NativeSelect.Field id={id} value={version} onChange={(e) => setVersion(e.currentTarget.value as Version)}>
              <option value="build">{t("questions.versionBuild", { fingerprint: fingerprint ? shortFingerprint(fingerprint) : "…" })}</option>
              <option value="approved">{t("questions.versionApproved", { fingerprint: shortFingerprint(approved.fingerprint) })}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>{t("questions.versionHelp")}</Field.HelperText>
        </Field.Root>
      )}
      {/* Another version has other states: its own form, answer and drawing. */}
      <Questions key={version} chart={chart} machine={asked} coverage={version === "build" ? coverage : NO_COVERAGE} />
    </Stack>
  )
}

function Questions({ chart, machine, coverage }: { chart: string; machine: AnyStateMachine; coverage: ChartCoverage }) {
  const { t } = useTranslation("explorer")
  const { diagram } = useDiagram(machine)
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
  const pathSteps = useMemo(() => {
    const steps = new Map<string, number[]>()
    path?.steps.forEach((s, i) => steps.set(s.transition.key, [...(steps.get(s.transition.key) ?? []), i + 1]))
    return steps
  }, [path])
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
        <DiagramView
          diagram={diagram}
          coverage={coverage}
          title={t("questions.diagram", { chart })}
          description={path && path.steps.length > 0 ? t("questions.drawnPath", { path: [path.start, ...path.steps.map((s) => s.to)].join(" → ") }) : undefined}
          current={onPath}
          highlighted={pathSteps}
          compact
        />
      )}
    </Stack>
  )
}
