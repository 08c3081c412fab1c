import { instrumentChartPrefs, instrumentDetailMachine } from "../../machines/instrument-detail.machine"
import { defineWorkflow } from "../workflow"

/** An instrument page: the detail request and the stored chart type and range. */
export default defineWorkflow({
  chart: instrumentDetailMachine,
  texts: ["instruments"],
  calls: {
    loadInstrument:
      ({ Instruments }) =>
      (input) =>
        Instruments.use((i) => i.detail(input.instrumentId)),
  },
  effects: ({ notify, storage }) => ({
    notify: (_, notice) => notify(notice),
    persistChartPrefs: (_, prefs) => storage.set("prefs.instrumentChart", prefs),
  }),
  input: ({ storage }) => ({ prefs: instrumentChartPrefs(storage.get("prefs.instrumentChart")) }),
})
