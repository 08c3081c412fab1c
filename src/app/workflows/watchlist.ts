import { watchlistMachine } from "../../machines/watchlist.machine"
import { defineWorkflow } from "../workflow"

/** The Watchlist page and the stars on the instrument page: the user's lists, their rows, and changing them. */
export default defineWorkflow({
  chart: watchlistMachine,
  texts: ["watchlist", "errors"],
  calls: {
    loadLists:
      ({ Watchlists }) =>
      () =>
        Watchlists.use((w) => w.list()),
    loadRows:
      ({ Watchlists }) =>
      (input) =>
        Watchlists.use((w) => w.detail(input.id)),
    saveName:
      ({ Watchlists }) =>
      (input) =>
        Watchlists.use((w) => (input.mode === "create" ? w.create(input.name, input.idempotencyKey) : w.rename(input.id, input.name))),
    deleteList:
      ({ Watchlists }) =>
      (input) =>
        Watchlists.use((w) => w.remove(input.id)),
    reorderLists:
      ({ Watchlists }) =>
      (input) =>
        Watchlists.use((w) => w.reorder(input.ids)),
    toggleStar:
      ({ Watchlists }) =>
      (input) =>
        Watchlists.use((w) => (input.add ? w.addInstrument(input.id, input.instrumentId) : w.removeInstrument(input.id, input.instrumentId))),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
  input: ({ newKey }) => ({ newKey }),
})
