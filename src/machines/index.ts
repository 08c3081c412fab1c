/**
 * Every workflow chart, one machine per file; import charts from here (or from their own file)
 * and provide their actors and side-effect actions at start-up with `machine.provide(...)`.
 */
export * from "./dev-mailbox.machine"
export * from "./route-progress.machine"
export * from "./splash.machine"
