import { describe, expect, it, vi } from "vitest"
import { createActor, fromPromise, setup } from "xstate"
import type { Failure, Notice } from "../../src/machines/failure"
import { loadWithRetry, notifyFailure, TAG, type Tag } from "../../src/machines/kit"

interface Ctx {
  readonly items: ReadonlyArray<string>
  readonly failure: Failure | null
}

// A chart of the kit's load-with-retry: the answer in `items`, a failure toasted or kept in place.
const chart = (failure: "toast" | "inPlace", load: () => Promise<ReadonlyArray<string>>, notify: (notice: Notice) => void) =>
  setup({
    types: { tags: {} as Tag, context: {} as Ctx, events: {} as { type: "list.retry" } },
    actors: { loadItems: fromPromise<ReadonlyArray<string>, { n: number }>(load) },
    actions: { notify: (_, params: Notice) => notify(params), notifyFailure: notifyFailure() },
  }).createMachine({
    id: "kit-load",
    context: { items: [], failure: null },
    initial: "loading",
    states: {
      ...loadWithRetry<Ctx, ReadonlyArray<string>>()({
        call: "loadItems",
        input: () => ({ n: 1 }),
        loaded: { target: "shown", take: (items) => ({ items }) },
        loading: { description: "Loading the items" },
        failed: { description: "The items could not be loaded; Retry loads them again" },
        retry: ["list.retry"],
        clear: { failure: null },
        ...(failure === "inPlace" ? { failure: (shown: Failure | null) => ({ failure: shown }) } : {}),
      }),
      shown: { meta: { description: "The items are shown" } },
    },
  })

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("the chart kit's load-with-retry", () => {
  it("puts its two states in the chart's own definition, described and tagged, with the retry as a transition", () => {
    const machine = chart("toast", async () => [], vi.fn())
    expect(Object.keys(machine.root.states)).toEqual(["loading", "failed", "shown"])
    expect(machine.root.states.loading?.meta).toEqual({ description: "Loading the items" })
    expect([...(machine.root.states.loading?.tags ?? [])]).toEqual([TAG.loading])
    expect([...(machine.root.states.failed?.tags ?? [])]).toEqual([TAG.failed])
    expect(machine.root.states.failed?.on["list.retry"]?.[0]?.target?.[0]?.key).toBe("loading")
    expect(machine.root.states.loading?.invoke.map((i) => i.id)).toEqual(["loadItems"])
  })

  it("assigns the answer, toasts a failure and loads again on retry", async () => {
    const notify = vi.fn<(notice: Notice) => void>()
    const load = vi
      .fn<() => Promise<ReadonlyArray<string>>>()
      .mockRejectedValueOnce({ _tag: "ApiError", status: 503, text: "Down" })
      .mockResolvedValueOnce(["a"])
    const actor = createActor(chart("toast", load, notify)).start()
    await settle()
    expect(actor.getSnapshot().hasTag(TAG.failed)).toBe(true)
    expect(notify).toHaveBeenCalledWith({ kind: "error", text: "Down" })
    actor.send({ type: "list.retry" })
    await settle()
    expect(actor.getSnapshot().value).toBe("shown")
    expect(actor.getSnapshot().context.items).toEqual(["a"])
  })

  it("keeps the failure in place instead of a toast when the chart asks, and clears it on retry", async () => {
    const notify = vi.fn<(notice: Notice) => void>()
    const load = vi
      .fn<() => Promise<ReadonlyArray<string>>>()
      .mockRejectedValueOnce({ _tag: "ApiError", status: 503, text: "Down" })
      .mockReturnValueOnce(new Promise(() => {}))
    const actor = createActor(chart("inPlace", load, notify)).start()
    await settle()
    expect(actor.getSnapshot().context.failure?.text).toBe("Down")
    expect(notify).not.toHaveBeenCalled()
    actor.send({ type: "list.retry" })
    expect(actor.getSnapshot().hasTag(TAG.loading)).toBe(true)
    expect(actor.getSnapshot().context.failure).toBeNull()
  })
})
