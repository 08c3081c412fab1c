import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from "xstate"
import { transitionIndex, type TransitionDetail } from "../machines/anatomy"

/**
 * One inspection hook for every actor the app starts (`inspect` in their options): XState reports
 * each microstep with the transitions it took. Nothing listens unless
 * - a browser test installed `window.__chartfolioInspect` before the app loaded (e2e/fixtures.ts
 *   records which transitions the real UI drove into reports/e2e-coverage), or
 * - a reviewer opened the live view (`listenToActors`).
 * So a customer's page does no more than one function call per microstep.
 */

/** What a listener hears: a chart's actor took these transitions (keys as in src/machines/anatomy.ts). */
export interface TransitionRecord {
  /** The machine's id (`orderTicket`). */
  readonly machine: string
  readonly keys: ReadonlyArray<string>
}

/** A running chart actor as the live view lists it. */
export interface LiveActor {
  readonly ref: AnyActorRef
  readonly machine: AnyStateMachine
  readonly snapshot: AnyMachineSnapshot
}

declare global {
  interface Window {
    /** Installed by the browser tests only (e2e/fixtures.ts). */
    __chartfolioInspect?: (record: TransitionRecord) => void
  }
}

const indexes = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, TransitionDetail[]>>()
const indexOf = (machine: AnyStateMachine) => {
  let index = indexes.get(machine)
  if (!index) {
    index = transitionIndex(machine)
    indexes.set(machine, index)
  }
  return index
}

type Listener = (actors: ReadonlyArray<LiveActor>) => void
const listeners = new Set<Listener>()
/** Every chart actor started so far that has not stopped (pruned as new ones start). */
const machineActors = new Set<AnyActorRef>()
let scheduled = false

// XState's processing status: 0 not started, 1 running, 2 stopped.
const statusOf = (ref: AnyActorRef) => (ref as unknown as { _processingStatus?: number })._processingStatus
const isRunning = (ref: AnyActorRef) => statusOf(ref) === 1

const isMachineSnapshot = (snapshot: unknown): snapshot is AnyMachineSnapshot =>
  typeof snapshot === "object" && snapshot !== null && "machine" in snapshot && "_nodes" in snapshot

/** The chart actors running now, with their snapshots. */
export const runningActors = (): LiveActor[] => {
  const out: LiveActor[] = []
  for (const ref of machineActors) {
    if (!isRunning(ref)) continue
    const snapshot = ref.getSnapshot() as unknown
    if (isMachineSnapshot(snapshot) && snapshot.status === "active") out.push({ ref, machine: snapshot.machine, snapshot })
  }
  return out
}

const tell = () => {
  if (scheduled || listeners.size === 0) return
  scheduled = true
  queueMicrotask(() => {
    scheduled = false
    const actors = runningActors()
    for (const listener of listeners) listener(actors)
  })
}

/** The `inspect` option of every actor the app starts. */
export const inspectActors = (event: InspectionEvent): void => {
  if (event.type === "@xstate.actor") {
    const logic = (event.actorRef as unknown as { logic?: { root?: unknown } }).logic
    if (logic?.root) {
      for (const ref of machineActors) if (statusOf(ref) === 2) machineActors.delete(ref)
      machineActors.add(event.actorRef as AnyActorRef)
    }
    return
  }
  const hook = typeof window === "undefined" ? undefined : window.__chartfolioInspect
  if (hook && event.type === "@xstate.microstep") {
    const snapshot = event.snapshot
    if (!isMachineSnapshot(snapshot)) return
    const index = indexOf(snapshot.machine)
    const keys = event._transitions.flatMap((t) => (index.get(t) ?? []).map((d) => d.key))
    if (keys.length > 0) hook({ machine: snapshot.machine.id, keys })
  }
  if (listeners.size > 0 && event.type === "@xstate.snapshot") tell()
}

/** Follows the chart actors running on the page (the live view); returns the unsubscribe. */
export const listenToActors = (listener: Listener): (() => void) => {
  listeners.add(listener)
  listener(runningActors())
  return () => {
    listeners.delete(listener)
  }
}
