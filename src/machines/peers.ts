import { fromCallback, type AnyActorRef, type EventObject, type SnapshotFrom } from "xstate"

/** What a chart watches of a peer: the peer and how to read the event it wants from a snapshot. */
export interface WatchInput<TPeer extends AnyActorRef, TEvent extends EventObject> {
  readonly peer: TPeer
  readonly read: (snapshot: SnapshotFrom<TPeer>) => TEvent
}

const sameValues = (a: EventObject, b: EventObject): boolean => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}

/**
 * How a chart follows a peer it was given as input (charts own their coordination): invoked with
 * `{ peer, read }`, it sends the chart `read(snapshot)` at once and again whenever what it reads
 * changes (compared field by field), so the chart, not a view, decides what a change of the peer
 * means. Stops following when the invoking state is left.
 *
 *   invoke: { src: "watchPortfolios", input: ({ context }) => ({ peer: context.portfolios, read: (s) => ({ type: "portfolios.changed", accounts: s.context.accounts }) }) }
 */
export const watchPeer = <TPeer extends AnyActorRef, TEvent extends EventObject>() =>
  fromCallback<EventObject, WatchInput<TPeer, TEvent>>(({ input, sendBack }) => {
    let last: TEvent | null = null
    const push = (snapshot: SnapshotFrom<TPeer>) => {
      const event = input.read(snapshot)
      if (last !== null && sameValues(last, event)) return
      last = event
      sendBack(event)
    }
    push(input.peer.getSnapshot() as SnapshotFrom<TPeer>)
    const subscription = input.peer.subscribe((snapshot: SnapshotFrom<TPeer>) => push(snapshot))
    return () => subscription.unsubscribe()
  })
