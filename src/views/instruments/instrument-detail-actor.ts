import { useSyncExternalStore } from "react"
import type { ActorRefFrom } from "xstate"
import type { instrumentDetailMachine } from "../../machines/instrument-detail.machine"

export type InstrumentDetailActor = ActorRefFrom<typeof instrumentDetailMachine>

/**
 * The instrument page's one detail actor, shared with the route's subheader. The frame renders the
 * subheader beside the page, not inside it, so the page publishes its actor here while mounted
 * and the subheader reads it (null until the page has mounted).
 */
let current: InstrumentDetailActor | null = null
const listeners = new Set<() => void>()

const notify = () => {
  for (const listener of listeners) listener()
}

/** Publishes the page's actor; the returned function withdraws it (if it is still the current one). */
export const publishInstrumentDetail = (actor: InstrumentDetailActor): (() => void) => {
  current = actor
  notify()
  return () => {
    if (current !== actor) return
    current = null
    notify()
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The instrument page's detail actor, or null while no instrument page is mounted. */
export const useInstrumentDetailActor = (): InstrumentDetailActor | null => useSyncExternalStore(subscribe, () => current)
