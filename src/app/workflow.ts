import type { Effect } from "effect"
import { fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventFrom, type InputFrom, type PromiseActorLogic, type SnapshotFrom } from "xstate"
import type { Notice } from "../machines/failure"
import type { AppServices } from "../services/app-layer"
import type { DraftStore } from "../services/draft-storage"
import type { JsonStorage } from "../services/json-storage"
import type { Api, ApiServices } from "./api"
import { whyDisabled } from "./chart-texts/why-disabled"

/**
 * A workflow module (`src/app/workflows/<chart>.ts`) declares in one place everything the app adds
 * to a chart: its I/O calls, its side effects that are not I/O, the input it restores from storage
 * and its texts. Where it runs (its route or host) is its line in `./registry.ts`, and the module
 * loads with that route (or when its host first needs it), so a page's JavaScript carries only the
 * charts it shows.
 *
 *   export default defineWorkflow({
 *     chart: orderCancelMachine,
 *     texts: ["orders"],
 *     calls: { cancelOrder: ({ Orders }) => (input) => Orders.use((o) => o.cancel(input.orderId)) },
 *     effects: ({ notify }) => ({ notify }),
 *   })
 *
 * A call is a program over the API's services (`./api.ts`), given only as types here, so a
 * workflow module stays free of Effect's code: the programs run on the API runtime once it loads.
 */

/** What the app offers a workflow's side effects and input: toasts, local storage, this tab's drafts, fresh keys. */
export interface WorkflowEnv {
  readonly notify: (notice: Notice) => void
  readonly storage: JsonStorage
  /** The signed-in user's unsent drafts in this tab (sessionStorage): the order ticket's and the withdrawal's. */
  readonly drafts: DraftStore
  /** A fresh Idempotency-Key (a UUID) for a new user intent. */
  readonly newKey: () => string
}

type Implementations<M extends AnyStateMachine> = NonNullable<Parameters<M["provide"]>[0]>
type ActorImplementations<M extends AnyStateMachine> = NonNullable<Implementations<M>["actors"]>

/** One program per promise actor of the chart, typed by the actor's input and output. */
export type CallsOf<M extends AnyStateMachine> = {
  readonly [K in keyof ActorImplementations<M>]?: NonNullable<ActorImplementations<M>[K]> extends PromiseActorLogic<infer Out, infer In>
    ? (services: ApiServices) => (input: In) => Effect.Effect<Out, unknown, AppServices>
    : never
}

/** The chart's named actions the app implements (toasts, storage), typed by the chart's own declarations. */
export type EffectsOf<M extends AnyStateMachine> = NonNullable<Implementations<M>["actions"]>

export interface Workflow<M extends AnyStateMachine = AnyStateMachine> {
  /** The chart, exactly as the model tests walk it. */
  readonly chart: M
  /**
   * The i18next namespaces its views read; they load with the workflow. "workflows" (every chart's
   * descriptions, the largest namespace) only when a view says why a control is disabled (`useWhyDisabled`).
   */
  readonly texts: ReadonlyArray<string>
  /** Its I/O: a program per invoked promise actor, run on the API runtime with the actor's AbortSignal. */
  readonly calls?: CallsOf<M>
  /** Its local I/O that is not an API call (reading a chosen file): actor implementations by name. */
  readonly actors?: Partial<ActorImplementations<M>>
  /** Its named side effects that are not I/O. */
  readonly effects?: (env: WorkflowEnv) => EffectsOf<M>
  /** Input the app adds (a stored preference, the key maker), merged under the starter's own input. */
  readonly input?: (env: WorkflowEnv) => Partial<InputFrom<M>>
}

export const defineWorkflow = <M extends AnyStateMachine>(workflow: Workflow<M>): Workflow<M> => workflow

/** A chart with the app's implementations, and the input the app adds. */
export interface ProvidedWorkflow<M extends AnyStateMachine = AnyStateMachine> {
  readonly machine: M
  readonly input: () => Partial<InputFrom<M>>
  /** Why the chart refuses an event now (the refusing guard's description, translated), or null. */
  readonly whyDisabled: (snapshot: SnapshotFrom<M>, event: EventFrom<M>) => string | null
}

/**
 * The chart with its calls and effects. Each call is an actor that loads the API runtime (once, on
 * the first call of any chart) and runs its program there; stopping the actor aborts the request.
 */
export const provideWorkflow = <M extends AnyStateMachine>(workflow: Workflow<M>, env: WorkflowEnv, api: () => Promise<Api>): ProvidedWorkflow<M> => {
  type Program = (services: ApiServices) => (input: unknown) => Effect.Effect<unknown, unknown, AppServices>
  const calls = Object.entries({ ...workflow.calls } as Record<string, Program | undefined>).filter(
    (entry): entry is [string, Program] => entry[1] !== undefined,
  )
  const actors = Object.fromEntries(
    calls.map(([name, program]) => [
      name,
      fromPromise<unknown, unknown>(async ({ input, signal }) => {
        const { services, run } = await api()
        return run(program(services)(input), signal)
      }),
    ]),
  )
  // The one place where the chart's implementations are typed by name at run time.
  const machine = workflow.chart.provide({ actors: { ...workflow.actors, ...actors }, actions: workflow.effects?.(env) ?? {} } as Implementations<M>) as M
  return {
    machine,
    input: () => workflow.input?.(env) ?? {},
    whyDisabled: (snapshot, event) => whyDisabled(machine, snapshot as AnyMachineSnapshot, event),
  }
}
