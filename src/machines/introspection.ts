import {
  getStateNodes,
  type AnyActorRef,
  type EventObject,
  type AnyMachineSnapshot,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from "xstate"

/**
 * The one place that reads XState beyond its plain snapshot API: which state nodes are active, which
 * transitions a microstep took, whether an actor has stopped. Everything else (why-disabled, the
 * explorer's live view and simulator, the inspection hook, the model-test harness) asks here.
 * test/unit/machines/introspection.test.ts fails when XState changes what these read.
 */

/**
 * The active state nodes of a snapshot in document order (a parent before its children), without
 * the root: the public `getStateNodes`, ordered by the nodes' public `order`.
 */
export const activeStateNodes = (snapshot: AnyMachineSnapshot): AnyStateNode[] => {
  const nodes = new Set(getStateNodes(snapshot.machine.root, snapshot.value))
  return [...nodes].filter((n) => n.path.length > 0).sort((a, b) => a.order - b.order)
}

/** The active states' paths ("form.amount"), without the root. */
export const activePaths = (snapshot: AnyMachineSnapshot): Set<string> => new Set(activeStateNodes(snapshot).map((n) => n.path.join(".")))

/**
 * The transitions an inspected microstep took. XState publishes them in its typed inspection event
 * as `_transitions` (InspectedMicrostepEvent); this is the only read of that field.
 */
export const microstepTransitions = (event: InspectionEvent): ReadonlyArray<AnyTransitionDefinition> =>
  event.type === "@xstate.microstep" ? event._transitions : []

/** Whether an actor has stopped (its snapshot's public status). */
export const hasStopped = (ref: AnyActorRef): boolean => (ref.getSnapshot() as { status?: string }).status === "stopped"

/** A delayed event an actor system has scheduled (`after`, delayed `raise`/`sendTo`). */
export interface ScheduledEvent {
  readonly source: AnyActorRef
  readonly event: EventObject
  readonly delay: number
}

/**
 * The delayed events a system has scheduled, read from its persisted snapshot (`_scheduledEvents`,
 * the only read of that field): the explorer's simulator shows its timers with them.
 */
export const scheduledEvents = (system: AnyActorRef["system"]): ReadonlyArray<ScheduledEvent> => {
  const snapshot = (system as unknown as { getSnapshot: () => { _scheduledEvents?: Record<string, ScheduledEvent> } }).getSnapshot()
  return Object.values(snapshot._scheduledEvents ?? {})
}
