/**
 * The app's workflow loaders, generated from src/app/registry.ts by vite.config.ts
 * (`workflowModules`): each value is a workflow module's default export (src/app/workflow.ts's
 * `Workflow`; src/app/workflow-source.ts types it, test/unit/app/registry.test.ts checks it).
 */
declare module "virtual:chartfolio-workflows" {
  /** The modules of the workflows the registry starts with the first page (`start: "first"`), by id. */
  export const first: Readonly<Record<string, unknown>>
  /** An import of each other workflow's module, by id. */
  export const lazy: Readonly<Record<string, () => Promise<{ readonly default: unknown }>>>
}

declare module "virtual:chartfolio-charts" {
  /** Every chart module of the registry, by id, in the registry's order (each exports its one chart). */
  export const charts: Readonly<Record<string, Readonly<Record<string, unknown>>>>
}
