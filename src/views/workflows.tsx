import { createActorContext, useActorRef, useSelector } from "@xstate/react"
import { createContext, use, useContext, useState, type ReactNode } from "react"
import { inspectActors } from "./inspection"
import type { ActorOptions, ActorRefFrom, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from "xstate"

/** A chart as the app provides it (its calls and side effects), with the input the app adds (stored preferences, the key maker). */
export interface ProvidedChart<M extends AnyStateMachine = AnyStateMachine> {
  readonly machine: M
  readonly input: () => Partial<InputFrom<M>>
  /**
   * Why the chart refuses `event` now, in the user's language: the description of the guard that
   * refuses it (issue 13), or null when no guard does. Absent in test sources.
   */
  readonly whyDisabled?: (snapshot: SnapshotFrom<M>, event: EventFrom<M>) => string | null
}

/**
 * Where views get their charts from. The app implements it over its registry of workflow modules
 * (`src/app/registry.ts`): a chart's module loads with its route (or on first use by a host). `get`
 * answers a chart of the first page at once, and a chart it had to load as the same promise every
 * time, marked fulfilled (`status`, `value`) once loaded, so `use` reads it without suspending and
 * a component calls the same hooks before and after the load. Tests hand in their own.
 */
export interface WorkflowSource {
  get<M extends AnyStateMachine>(chart: M): ProvidedChart<M> | Promise<ProvidedChart<M>>
  /**
   * Whether the chart with this id has an unsent draft of the signed-in user in this tab (a host
   * reopens its dialog with it after a reload, before its workflow has loaded). Absent: none.
   */
  hasDraft?(chartId: string): boolean
}

const WorkflowContext = createContext<WorkflowSource | null>(null)

export function WorkflowProvider({ source, children }: { source: WorkflowSource; children: ReactNode }) {
  return <WorkflowContext.Provider value={source}>{children}</WorkflowContext.Provider>
}

/**
 * The chart as the app provides it. Suspends while its workflow module loads (routes preload theirs,
 * so a page never waits here; hosts that open later render it under a Suspense boundary).
 */
export const useWorkflow = <M extends AnyStateMachine>(chart: M): ProvidedChart<M> => {
  const source = useContext(WorkflowContext)
  if (!source) throw new Error("useWorkflow needs a WorkflowProvider above it")
  const provided = source.get(chart)
  return provided instanceof Promise ? use(provided) : provided
}

/** Whether the chart with this id has an unsent draft to reopen (read once, when the component mounts). */
export const useHasDraft = (chartId: string): boolean => {
  const source = useContext(WorkflowContext)
  const [has] = useState(() => source?.hasDraft?.(chartId) ?? false)
  return has
}

/**
 * Why a control that sends `event` is disabled, as the chart says it (the refusing guard's
 * description, translated), or null. Show it next to the control, tied with aria-describedby.
 */
export const useWhyDisabled = <M extends AnyStateMachine>(chart: M, actor: ActorRefFrom<M>, event: EventFrom<M>): string | null => {
  const { whyDisabled } = useWorkflow(chart)
  return useSelector(actor, (snapshot) => (whyDisabled ? whyDisabled(snapshot as SnapshotFrom<M>, event) : null))
}

type Implementations<M extends AnyStateMachine> = Parameters<M["provide"]>[0]

/**
 * Starts the chart (as the app provides it) for the life of the component. Its input is what the
 * app adds (stored preferences, the key maker) and then `options.input`; `view` implements what only
 * the view can do (navigation), read once when the component mounts.
 */
export const useWorkflowActor = <M extends AnyStateMachine>(
  chart: M,
  options?: Omit<ActorOptions<M>, "input"> & { readonly input?: Partial<InputFrom<M>> },
  view?: Implementations<M>,
) => {
  const { machine, input: added } = useWorkflow(chart)
  const [logic] = useState(() => (view ? (machine.provide(view) as M) : machine))
  const input = { ...added(), ...options?.input } as InputFrom<M>
  return useActorRef(logic, { inspect: inspectActors, ...options, input } as ActorOptions<M>)
}

/**
 * A chart shared by a subtree (the signed-in frame's portfolios, the signed-out area's sign-in):
 * XState's `createActorContext` over the chart as the app provides it. Its `Provider` starts the
 * actor (with the app's input, then `input`; `view` as in `useWorkflowActor`), `useActorRef` and
 * `useSelector` read it anywhere below.
 */
export const createWorkflowContext = <M extends AnyStateMachine>(chart: M) => {
  const shared = createActorContext(chart)
  function Provider({ children, input, view }: { children: ReactNode; input?: Partial<InputFrom<M>>; view?: Implementations<M> }) {
    const { machine, input: added } = useWorkflow(chart)
    const [logic] = useState(() => (view ? (machine.provide(view) as M) : machine))
    return (
      <shared.Provider logic={logic} options={{ input: { ...added(), ...input }, inspect: inspectActors } as ActorOptions<M>}>
        {children}
      </shared.Provider>
    )
  }
  return { Provider, useActorRef: shared.useActorRef, useSelector: shared.useSelector }
}
