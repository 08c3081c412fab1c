import { describe, expect, it } from "vitest"
import type { Api } from "../../../src/app/api"
import { makeWorkflows } from "../../../src/app/workflow-source"
import type { WorkflowEnv } from "../../../src/app/workflow"
import { sessionMachine } from "../../../src/machines/session.machine"
import { watchlistMachine } from "../../../src/machines/watchlist.machine"

const env: WorkflowEnv = {
  notify: () => undefined,
  storage: { read: () => undefined, write: () => undefined, remove: () => undefined } as unknown as WorkflowEnv["storage"],
  drafts: { read: () => undefined, write: () => undefined, drop: () => undefined } as unknown as WorkflowEnv["drafts"],
  newKey: () => "key",
}
const noApi = (): Promise<Api> => Promise.reject(new Error("no API in this test"))

describe("the app's workflow source", () => {
  it("answers a lazily loaded workflow as one promise, before and after it loads, marked fulfilled with the provided chart (so React's `use` runs on every render and reads it at once)", async () => {
    const workflows = makeWorkflows(env, noApi)
    const first = workflows.get(watchlistMachine)
    expect(first).toBeInstanceOf(Promise)
    expect(first).not.toHaveProperty("status")
    const provided = await first
    expect(provided.machine.id).toBe("watchlist")
    const again = workflows.get(watchlistMachine)
    expect(again).toBe(first)
    expect(again).toMatchObject({ status: "fulfilled", value: provided })
  })

  it("answers a workflow of the first page at once", () => {
    const workflows = makeWorkflows(env, noApi)
    const provided = workflows.get(sessionMachine)
    expect(provided).not.toBeInstanceOf(Promise)
    expect((provided as { machine: { id: string } }).machine.id).toBe("session")
  })
})
