import { provideChartTexts } from "../../views/explorer/texts"
import { describeChart, describeEvent, describeGuard, describeState } from "../chart-texts/descriptions"

// The explorer's sentences read the charts' translated descriptions (the `workflows` namespace).
provideChartTexts({ state: describeState, event: describeEvent, guard: describeGuard, chart: describeChart })

export { ExplorerGate } from "../../views/explorer/explorer-gate"
