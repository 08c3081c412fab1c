import { expect, vi } from "vitest"
import type { Watchlist, WatchlistDetail } from "../../src/contract/watchlists"
import { isStarred, selectedList, watchlistMachine } from "../../src/machines/watchlist.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const L1: Watchlist = { id: "L1", name: null, instrumentIds: ["I1"] }
const L2: Watchlist = { id: "L2", name: "Tech", instrumentIds: [] }
const row = {
  instrumentId: "I1",
  symbol: "ACME",
  name: "Acme Corp",
  currency: "USD",
  last: "101.25",
  priceChange: "-1.50",
  priceChangePercent: -1.46,
  closes: [100, 102.5, 101.25],
} as const
const detail: WatchlistDetail = { ...L1, rows: [row] }
const offline = { _tag: "NetworkError", text: "Network Error" }
const tooMany = {
  _tag: "ApiError",
  status: 409,
  code: "watchlist.too_many",
  text: "You already have 10 watchlists, the most allowed.",
  values: { limit: "10" },
}

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

const model = (showsRows: boolean) =>
  defineChartModel({
    chart: "watchlist",
    machine: watchlistMachine,
    input: { newKey: () => "key-1", showsRows },
    // At most one new list per path: the saved sample's id would repeat.
    events: (snap) => [
      { type: "list.retry" },
      { type: "list.select", id: "L2" },
      { type: "list.move", id: "L2", by: -1 },
      ...(snap.context.lists.length < 3 ? [{ type: "create.open" } as const] : []),
      { type: "rename.open" },
      { type: "name.change", name: "Banks" },
      { type: "name.change", name: "" },
      { type: "name.submit" },
      { type: "name.cancel" },
      { type: "delete.request" },
      { type: "delete.confirm" },
      { type: "delete.cancel" },
      { type: "star.toggle", instrumentId: "I1" },
      { type: "page.hidden" },
      { type: "page.visible" },
    ],
    invocations: {
      loadLists: { done: [[L1, L2]], error: [offline] },
      loadRows: { done: [detail], error: [offline] },
      saveName: { done: [{ ...L2, id: "L3", name: "Banks" }], error: [tooMany] },
      deleteList: { done: [[L1]], error: [offline] },
      reorderLists: { done: [[L2, L1]], error: [offline] },
      toggleStar: { done: [{ ...L1, instrumentIds: [] }], error: [offline] },
    },
    serialize: (snap) => ({
      lists: snap.context.lists.map((l) => `${l.id}:${l.instrumentIds.length}`),
      selectedId: snap.context.selectedId,
      rows: snap.context.rows.length,
      visible: snap.context.visible,
      editing: snap.context.editing,
      name: snap.context.name,
      nameProblem: snap.context.nameProblem,
      failure: snap.context.failure?.code ?? null,
      star: snap.context.star,
      order: snap.context.order,
      key: snap.context.idempotencyKey,
    }),
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    states: {
      loading: (snap) => expect(snap.hasTag("loading")).toBe(true),
      failed: (snap, { implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
      },
      ready: (snap) => expect(selectedList(snap.context)).toBeDefined(),
      "ready.fetching": (snap, { inputOf }) => expect(inputOf("loadRows")).toEqual({ id: selectedList(snap.context)!.id }),
      "ready.idle": (snap, { path, step }) => {
        expect(snap.context.visible).toBe(true)
        const event = taken(path, step)
        if (event?.kind === "done" && path.steps[step - 1]?.state.machineSnapshot.matches({ ready: "fetching" })) expect(snap.context.rows).toEqual(detail.rows)
      },
      "ready.paused": (snap) => expect(snap.context.visible).toBe(false),
      "ready.naming": (snap, { path, step }) => {
        expect(snap.hasTag("open")).toBe(true)
        // A refused save keeps what was typed and shows why.
        if (taken(path, step)?.kind === "error") {
          expect(snap.context.failure).toMatchObject({ code: "watchlist.too_many" })
          expect(snap.context.name).not.toBe("")
        }
      },
      "ready.saving": (snap, { inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        expect(inputOf("saveName")).toMatchObject({ mode: snap.context.editing, name: snap.context.name.trim(), idempotencyKey: "key-1" })
      },
      "ready.deleting": (snap, { inputOf }) => expect(inputOf("deleteList")).toEqual({ id: selectedList(snap.context)!.id }),
      "ready.reordering": (_snap, { inputOf }) => expect(inputOf("reorderLists")).toEqual({ ids: ["L2", "L1"] }),
      "ready.starring": (snap, { inputOf }) =>
        expect(inputOf("toggleStar")).toEqual({ id: selectedList(snap.context)!.id, instrumentId: "I1", add: !isStarred(snap.context, "I1") }),
    },
  })

describeModel([model(true), model(false)])
