import { isMachineSnapshot, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type AnyTransitionDefinition, type InspectionEvent } from "xstate"
import { transitionIndex, type TransitionDetail } from "../machines/anatomy"
import { hasStopped, microstepTransitions } from "../machines/introspection"

/**
 * One inspection hook for every actor the app starts (`inspect` in their options): XState reports
 * each microstep with the transitions it took. The page publishes them
 * - as a `chartfolio:transitions` event on `window` (detail: a TransitionRecord), the app's
 *   inspection stream for any tool outside the app (the browser tests record which transitions the
 *   real UI drove into reports/e2e-coverage, e2e/fixtures.ts), and
 * - to a reviewer's open live view (`listenToActors`).
 * A microstep costs a lookup of its transitions' keys and one event dispatch.
 */

/** The name of the window event that carries each microstep's transitions. */
export const TRANSITIONS_EVENT = "chartfolio:transitions"

/** What a listener hears: a chart's actor took these transitions (keys as in src/machines/anatomy.ts). */
export interface TransitionRecord {
  /** The chart's id (`order-ticket`, its registry id). */
  readonly machine: string
  readonly keys: ReadonlyArray<string>
}

/** A running chart actor as the live view lists it. */
export interface LiveActor {
  readonly ref: AnyActorRef
  readonly machine: AnyStateMachine
  readonly snapshot: AnyMachineSnapshot
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

/** The chart actors running now, with their snapshots. */
export const runningActors = (): LiveActor[] => {
  const out: LiveActor[] = []
  for (const ref of machineActors) {
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
  // A chart actor is followed from its first snapshot (it has started), until it stops.
  if (event.type === "@xstate.snapshot" && isMachineSnapshot(event.snapshot)) {
    const ref = event.actorRef as AnyActorRef
    if (!machineActors.has(ref)) {
      for (const other of machineActors) if (hasStopped(other)) machineActors.delete(other)
      machineActors.add(ref)
    }
  }
  if (event.type === "@xstate.microstep" && typeof window !== "undefined") {
    const snapshot = event.snapshot
    if (!isMachineSnapshot(snapshot)) return
    const index = indexOf(snapshot.machine)
    const keys = microstepTransitions(event).flatMap((t) => (index.get(t) ?? []).map((d) => d.key))
    const detail: TransitionRecord = { machine: snapshot.machine.id, keys }
    if (keys.length > 0) window.dispatchEvent(new CustomEvent(TRANSITIONS_EVENT, { detail }))
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
