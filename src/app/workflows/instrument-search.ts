import { instrumentSearchMachine } from "../../machines/instrument-search.machine"
import { defineWorkflow } from "../workflow"

/** The side menu's instrument search (and the order ticket's instrument picker). */
export default defineWorkflow({
  chart: instrumentSearchMachine,
  texts: ["instruments"],
  calls: {
    searchInstruments:
      ({ Instruments }) =>
      (input) =>
        Instruments.use((i) => i.search(input.query, input.providers)),
  },
  effects: ({ notify }) => ({ notify: (_, notice) => notify(notice) }),
})
