import { scaleLinear } from "d3-scale"
import { useTranslation } from "react-i18next"
import { GroupedBarSeries } from "react-financial-charts"
import type { MonthlyCashFlow } from "../../domain/cash-flow"
import { formatCompactMoney } from "../../domain/compact-money"
import { formatMoney } from "../../domain/format"
import { CanvasChart } from "../shared/canvas-chart"
import { useChartColours } from "../shared/theme-colours"

interface Bar {
  readonly index: number
  readonly inflow: number
  readonly outflow: number
}

const HEIGHT = 200
/**
 * The inflow bars in the theme's green, the outflow bars in its red (the table's badges say which is
 * which). The library calls fillStyle(datum, seriesIndex) (GroupedBarSeries' getBars); its types name only the datum.
 */
const seriesFill =
  (inflow: string, outflow: string): ((datum: unknown) => string) =>
  (...args: unknown[]) =>
    args[1] === 0 ? inflow : outflow

/**
 * The overview's inflow/outflow chart (react-financial-charts on canvas): one inflow and one
 * outflow bar per month; Y labels in compact money ("₦4.7m"), the right margin sized to fit them.
 * Loaded with the overview (lazily, so no other page carries it); the overview's table is its text
 * alternative, so the drawing is hidden from assistive technology. A crosshair (`ChartCrosshair`,
 * as on the price chart) follows the pointer and the arrow keys month by month, with the month's
 * inflow and outflow in the user's money format (the table's whole numbers) in a tooltip and a
 * polite live region.
 */
export default function CashFlowChart({
  flows,
  currency,
  locale,
  monthName,
}: {
  flows: ReadonlyArray<MonthlyCashFlow>
  currency: string
  locale: string
  monthName: (month: string) => string
}) {
  const { t } = useTranslation("portfolio")
  const colours = useChartColours()
  const data: Bar[] = flows.map((f, index) => ({ index, inflow: Number(f.inflow), outflow: Number(f.outflow) }))
  const xAccessor = (d: Bar) => d.index
  const largest = Math.max(1, ...data.flatMap((d) => [d.inflow, d.outflow]))
  const yDomain: readonly [number, number] = [0, largest * 1.05]
  const money = (value: string) => formatMoney(value, currency, locale, { fraction: "whole" })
  const tooltip = (i: number) => {
    const f = flows[i] as MonthlyCashFlow
    return t("overview.flows.tooltip", { month: monthName(f.month), inflow: money(f.inflow), outflow: money(f.outflow) })
  }
  return (
    <CanvasChart
      height={HEIGHT}
      data={data}
      seriesName="cash-flow"
      xScale={scaleLinear<number, number, never>()}
      xAccessor={xAccessor}
      displayXAccessor={xAccessor}
      yDomain={yDomain}
      yLabel={(value, extraDigits) => formatCompactMoney(value, currency, locale, extraDigits)}
      yTicks={4}
      xAxis={{ tickValues: data.map((d) => d.index), tickFormat: (index) => (flows[Math.round(index)] ? monthName(flows[Math.round(index)]!.month) : "") }}
      crosshair={{
        valueAt: (i) => Math.max((data[i] as Bar).inflow, (data[i] as Bar).outflow),
        text: tooltip,
        label: t("overview.flows.crosshair"),
        testId: "cash-flow-chart",
      }}
    >
      <GroupedBarSeries
        yAccessor={[(d: Bar) => d.inflow, (d: Bar) => d.outflow]}
        fillStyle={seriesFill(colours.rise, colours.fall)}
        spaceBetweenBar={4}
        widthRatio={0.6}
      />
    </CanvasChart>
  )
}
