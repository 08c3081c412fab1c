import { Badge, Box, Button, Code, Heading, HStack, List, Stack, Text, Textarea } from "@chakra-ui/react"
import { useEffect, useMemo, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { createActor, fromPromise, SimulatedClock, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from "xstate"
import { allNodes, chartInvokes } from "../../machines/anatomy"
import { activePaths, scheduledEvents } from "../../machines/introspection"
import type { ChartCoverage } from "./coverage"
import { DiagramView } from "./diagram-view"
import type { Diagram } from "./layout"
import { SAMPLE_ERROR, simulationSamples } from "./simulation-samples"

/**
 * Runs the real chart with its invoked actors stubbed: every invocation waits until the reviewer
 * chooses how it ends (success with a sample output, or failure), side-effect actions do nothing,
 * guards, assigns and delays are the chart's own, and time only moves when the reviewer advances
 * the chart's SimulatedClock to a pending timer.
 */

interface Pending {
  readonly id: string
  readonly src: string
  readonly resolve: (output: unknown) => void
  readonly reject: (error: unknown) => void
}

interface Simulation {
  readonly actor: AnyActorRef
  readonly clock: SimulatedClock
  readonly pending: Map<string, Pending>
  readonly scheduledAt: WeakMap<object, number>
}

const isPlainAction = (impl: unknown) => typeof impl === "function" && !("resolve" in impl)

/** The event types the chart's states react to (no XState internal ones). */
const eventTypes = (machine: AnyStateMachine): string[] => {
  const out = new Set<string>()
  for (const node of allNodes(machine)) for (const type of node.transitions.keys()) if (!type.startsWith("xstate.") && type !== "*") out.add(type)
  return [...out]
}

const parse = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: text.trim() === "" ? undefined : JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

const show = (value: unknown) => (value === undefined ? "" : JSON.stringify(value, null, 2))

export function Simulator({
  chart,
  machine,
  diagram,
  coverage,
  samplesLoading,
}: {
  chart: string
  machine: AnyStateMachine
  diagram: Diagram | null
  coverage: ChartCoverage
  /** While the coverage reports load, Start waits: started before, the chart would run without its model test's input. */
  samplesLoading: boolean
}) {
  const { t } = useTranslation("explorer")
  const samples = useMemo(() => simulationSamples(chart, coverage.samples), [chart, coverage.samples])
  const [sim, setSim] = useState<Simulation | null>(null)
  const [, setTick] = useState(0)
  const [log, setLog] = useState<string[]>([])
  const [payloads, setPayloads] = useState<Record<string, string>>({})
  const [invalid, setInvalid] = useState<string | null>(null)
  const [startError, setStartError] = useState<string | null>(null)
  const refresh = () => setTick((n) => n + 1)
  const note = (line: string) => setLog((l) => [...l, line])
  const current = useRef<Simulation | null>(null)

  const start = () => {
    current.current?.actor.stop()
    const pending = new Map<string, Pending>()
    const stub = fromPromise<unknown, unknown>(
      ({ self }) =>
        new Promise((resolve, reject) => {
          const src = chartInvokes(machine).find((i) => i.id === self.id)?.src ?? self.id
          pending.set(self.id, { id: self.id, src, resolve, reject })
          queueMicrotask(refresh)
        }),
    )
    const actors = Object.fromEntries(
      chartInvokes(machine)
        .filter((i) => i.src)
        .map((i) => [i.src as string, stub]),
    )
    const given = (machine.implementations.actions ?? {}) as Record<string, unknown>
    const actions = Object.fromEntries(
      Object.entries(given)
        .filter(([, impl]) => isPlainAction(impl))
        .map(([name]) => [name, () => undefined]),
    )
    const clock = new SimulatedClock()
    try {
      const actor = createActor(machine.provide({ actors, actions } as never), { clock, input: samples.input?.() ?? {} })
      actor.subscribe({ next: refresh, error: (e) => note(t("simulation.actorFailed", { reason: e instanceof Error ? e.message : String(e) })) })
      actor.start()
      const next = { actor, clock, pending, scheduledAt: new WeakMap<object, number>() }
      current.current = next
      setSim(next)
      setLog([t("simulation.started")])
      setStartError(null)
    } catch (e) {
      setStartError(e instanceof Error ? e.message : String(e))
    }
  }
  useEffect(() => () => current.current?.actor.stop(), [])

  const snapshot = sim?.actor.getSnapshot() as AnyMachineSnapshot | undefined
  const types = useMemo(() => eventTypes(machine), [machine])
  const payloadText = (type: string) => payloads[type] ?? show(samples.events?.[type] ?? {})
  const eventOf = (type: string): EventObject | null => {
    const parsed = parse(payloadText(type))
    if (!parsed.ok || (parsed.value !== undefined && (typeof parsed.value !== "object" || parsed.value === null))) return null
    return { ...(parsed.value as object), type }
  }
  const enabled =
    snapshot && snapshot.status === "active"
      ? types.filter((type) => {
          const e = eventOf(type)
          return e !== null && snapshot.can(e)
        })
      : []

  const send = (type: string) => {
    const event = eventOf(type)
    if (!sim || !event) {
      setInvalid(type)
      return
    }
    setInvalid(null)
    sim.actor.send(event)
    note(t("simulation.sent", { event: type }))
    refresh()
  }
  const settle = (p: Pending, outcome: "done" | "error") => {
    if (!sim) return
    const key = `${p.id}:${outcome}`
    const parsed = parse(payloads[key] ?? show(outcome === "done" ? samples.outputs?.[p.id] : (samples.errors?.[p.id] ?? SAMPLE_ERROR)))
    if (!parsed.ok) {
      setInvalid(key)
      return
    }
    setInvalid(null)
    sim.pending.delete(p.id)
    if (outcome === "done") p.resolve(parsed.value)
    else p.reject(parsed.value)
    note(t(outcome === "done" ? "simulation.succeeded" : "simulation.failedCall", { actor: p.src }))
    // The chart reacts once the promise settles (a microtask later).
    setTimeout(refresh, 0)
  }

  const timers = sim
    ? scheduledEvents(sim.actor.system)
        .filter((e) => e.source === sim.actor)
        .map((e) => {
          if (!sim.scheduledAt.has(e)) sim.scheduledAt.set(e, sim.clock.now())
          return { event: e.event, remaining: (sim.scheduledAt.get(e) ?? sim.clock.now()) + e.delay - sim.clock.now() }
        })
    : []
  const advance = (ms: number) => {
    if (!sim) return
    sim.clock.increment(ms)
    note(t("simulation.advanced", { ms }))
    refresh()
  }

  const running = snapshot ? [...(sim?.pending.values() ?? [])].filter((p) => p.id in snapshot.children) : []
  const paths = snapshot ? activePaths(snapshot) : new Set<string>()
  const leaves = [...paths].filter((p) => ![...paths].some((q) => q.startsWith(`${p}.`)))
  const statusText = snapshot?.status === "done" ? t("simulation.finished") : leaves.join(", ")

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Button size="sm" colorPalette="blue" onClick={start} disabled={samplesLoading}>
          {sim ? t("simulation.restart") : t("simulation.start")}
        </Button>
        {startError !== null && (
          <Text role="alert" color="red.600">
            {t("simulation.startFailed", { reason: startError })}
          </Text>
        )}
      </HStack>
      {sim && snapshot && (
        <>
          <Box role="status" aria-live="polite" aria-label={t("simulation.current")}>
            <Text fontWeight="semibold">{t("simulation.currentState", { state: statusText })}</Text>
          </Box>
          {diagram && <DiagramView diagram={diagram} coverage={coverage} title={t("simulation.diagram", { chart })} current={paths} />}
          <Stack as="section" aria-label={t("simulation.events")} gap="2">
            <Heading as="h3" size="sm">
              {t("simulation.events")}
            </Heading>
            {enabled.length === 0 ? (
              <Text fontSize="sm">{t("simulation.noEvents")}</Text>
            ) : (
              <List.Root as="ul" gap="2" listStyleType="none">
                {enabled.map((type) => (
                  <List.Item key={type}>
                    <HStack align="flex-start" gap="2" wrap="wrap">
                      <Button size="xs" variant="outline" onClick={() => send(type)} aria-label={t("simulation.send", { event: type })}>
                        {t("simulation.send", { event: type })}
                      </Button>
                      {Object.keys(samples.events?.[type] ?? {}).length > 0 && (
                        <Textarea
                          size="xs"
                          fontFamily="mono"
                          rows={2}
                          maxWidth="28rem"
                          aria-label={t("simulation.payload", { event: type })}
                          value={payloadText(type)}
                          onChange={(e) => setPayloads((p) => ({ ...p, [type]: e.target.value }))}
                          aria-invalid={invalid === type}
                        />
                      )}
                    </HStack>
                    {invalid === type && (
                      <Text color="red.600" fontSize="sm" role="alert">
                        {t("simulation.badJson")}
                      </Text>
                    )}
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
          <Stack as="section" aria-label={t("simulation.calls")} gap="2">
            <Heading as="h3" size="sm">
              {t("simulation.calls")}
            </Heading>
            {running.length === 0 ? (
              <Text fontSize="sm">{t("simulation.noCalls")}</Text>
            ) : (
              running.map((p) => (
                <HStack key={p.id} gap="2" wrap="wrap">
                  <Badge>{p.src}</Badge>
                  <Button size="xs" colorPalette="green" onClick={() => settle(p, "done")}>
                    {t("simulation.succeed", { actor: p.src })}
                  </Button>
                  <Button size="xs" colorPalette="red" variant="outline" onClick={() => settle(p, "error")}>
                    {t("simulation.fail", { actor: p.src })}
                  </Button>
                  {invalid?.startsWith(`${p.id}:`) && (
                    <Text color="red.600" fontSize="sm" role="alert">
                      {t("simulation.badJson")}
                    </Text>
                  )}
                </HStack>
              ))
            )}
          </Stack>
          <Stack as="section" aria-label={t("simulation.timers")} gap="2">
            <Heading as="h3" size="sm">
              {t("simulation.timers")}
            </Heading>
            {timers.length === 0 ? (
              <Text fontSize="sm">{t("simulation.noTimers")}</Text>
            ) : (
              timers.map((timer, i) => (
                <HStack key={i} gap="2">
                  <Code>{timer.event.type}</Code>
                  <Button size="xs" variant="outline" onClick={() => advance(Math.max(0, timer.remaining))}>
                    {t("simulation.advance", { ms: Math.max(0, timer.remaining) })}
                  </Button>
                </HStack>
              ))
            )}
          </Stack>
          <Stack as="section" aria-label={t("simulation.log")} gap="1">
            <Heading as="h3" size="sm">
              {t("simulation.log")}
            </Heading>
            <List.Root as="ol" paddingStart="5" fontSize="sm">
              {log.map((line, i) => (
                <List.Item key={i}>{line}</List.Item>
              ))}
            </List.Root>
          </Stack>
        </>
      )}
    </Stack>
  )
}
