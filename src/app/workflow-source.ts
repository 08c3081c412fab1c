import i18next from "i18next"
import { createActor, type ActorRefFrom, type AnyStateMachine, type InputFrom } from "xstate"
import { inspectActors } from "../views/inspection"
import type { ProvidedChart, WorkflowSource } from "../views/workflows"
import type { Api } from "./api"
import { isDraftName } from "../services/draft-storage"
import { first, lazy } from "virtual:chartfolio-workflows"
import type { WorkflowId } from "./registry"
import { provideWorkflow, type ProvidedWorkflow, type Workflow, type WorkflowEnv } from "./workflow"

export interface AppWorkflows extends WorkflowSource {
  /** Loads the workflows (and their texts) with these ids; the router awaits it beside a route's component. */
  preload(ids: ReadonlyArray<WorkflowId>): Promise<void>
  /** A workflow the registry starts with the first page (`start: "first"`), provided at once. */
  now<M extends AnyStateMachine>(chart: M): ProvidedWorkflow<M>
  /**
   * Loads a workflow and starts its chart with the app's input under `input`: for an actor a route
   * owns (its loader starts it, `onLeave` stops it) and shares between its page and its subheader.
   * `M` is the chart's type (a type import keeps the chart out of the router's bundle).
   */
  start<M extends AnyStateMachine>(id: WorkflowId, input: Partial<InputFrom<M>>): Promise<ActorRefFrom<M>>
  /**
   * Starts loading the API runtime (Effect, the contract, the services) without waiting for it: for
   * a route whose charts will call the API as soon as they start (the signed-in area), so it loads
   * beside the route's code instead of after the page's first render.
   */
  prefetchApi(): void
}

/** The workflow modules, generated from the registry (src/app/registry.ts, vite.config.ts). */
const firstModules = first as Readonly<Record<string, Workflow>>
const lazyModules = lazy as Readonly<Record<string, () => Promise<{ readonly default: Workflow }>>>

/**
 * The app's workflow source over the registry: each workflow module is loaded once, its texts
 * loaded with it, and its chart provided once with the app's environment and the API runtime.
 */
export const makeWorkflows = (env: WorkflowEnv, api: () => Promise<Api>): AppWorkflows => {
  const ready = new Map<string, ProvidedWorkflow>()
  const pending = new Map<string, Promise<ProvidedWorkflow>>()

  const provide = (id: string, workflow: Workflow): ProvidedWorkflow => {
    if (workflow.chart.id !== id) throw new Error(`The workflow registered as '${id}' runs the chart '${workflow.chart.id}'`)
    const provided = provideWorkflow(workflow, env, api)
    ready.set(id, provided)
    return provided
  }
  const load = (id: string): ProvidedWorkflow | Promise<ProvidedWorkflow> => {
    const done = ready.get(id)
    if (done) return done
    const module = firstModules[id]
    if (module) return provide(id, module)
    let loading = pending.get(id)
    if (!loading) {
      const importModule = lazyModules[id]
      if (!importModule) throw new Error(`No workflow '${id}' in src/app/registry.ts`)
      const started: Promise<ProvidedWorkflow> = importModule().then(async ({ default: workflow }) => {
        await i18next.loadNamespaces([...workflow.texts])
        const provided = provide(id, workflow)
        // Read by React's `use` as already fulfilled (see `get`).
        Object.assign(started, { status: "fulfilled", value: provided })
        return provided
      })
      loading = started
      pending.set(id, loading)
      loading.catch(() => pending.delete(id)) // a failed chunk load may be tried again
    }
    return loading
  }

  return {
    // A lazily loaded workflow is always answered as its one promise, marked fulfilled once loaded:
    // a component that suspended on it then calls `use` again on every render (React reads the
    // value at once), so its hooks run in the same order before and after the load (React's error
    // 467 when a replayed render skips `use`). A workflow of the first page answers synchronously.
    get: <M extends AnyStateMachine>(chart: M) => (pending.get(chart.id) ?? load(chart.id)) as unknown as ProvidedChart<M> | Promise<ProvidedChart<M>>,
    hasDraft: (chartId) => isDraftName(chartId) && env.drafts.read(chartId) !== undefined,
    preload: async (ids) => {
      await Promise.all(ids.map((id) => load(id)))
    },
    start: async <M extends AnyStateMachine>(id: WorkflowId, input: Partial<InputFrom<M>>) => {
      const provided = await load(id)
      return createActor(provided.machine, { input: { ...provided.input(), ...input }, inspect: inspectActors }).start() as ActorRefFrom<M>
    },
    prefetchApi: () => {
      // A failed load is not reported here: the first call awaits the same load and fails with it.
      api().catch(() => undefined)
    },
    now: <M extends AnyStateMachine>(chart: M) => {
      const provided = load(chart.id)
      if (provided instanceof Promise) throw new Error(`The workflow '${chart.id}' is not part of the first page`)
      return provided as ProvidedWorkflow<M>
    },
  }
}
