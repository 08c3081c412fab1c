import { scaleLinear } from "d3-scale"
import { useMemo, type ReactNode } from "react"
import { Chart, ChartCanvas, discontinuousTimeScaleProviderBuilder, XAxis, YAxis } from "react-financial-charts"
import { axisMargin, distinctTickLabels } from "../../domain/axis-labels"
import { paddedXDomain } from "../../domain/chart-layout"
import { ChartCrosshair } from "./chart-crosshair"
import { useChartColours } from "./theme-colours"
import { useWidth } from "./use-width"

const MARGIN = { left: 12, top: 12, bottom: 28 }

/** What the crosshair says and where it stands at point `index` (see `ChartCrosshair`). */
export interface CanvasChartCrosshair {
  readonly valueAt: (index: number) => number
  readonly text: (index: number) => string
  /** The chart box's accessible name (it says the keys). */
  readonly label: string
  readonly testId?: string
}

/** The X axis: its labels by point index, and either a tick count or the ticks themselves; grid lines on or off. */
export interface CanvasChartXAxis {
  readonly tickFormat: (index: number) => string
  readonly ticks?: number
  readonly tickValues?: ReadonlyArray<number>
  readonly gridLines?: boolean
}

/**
 * The frame every canvas chart of the app shares (performance, price, cash flow): a box that holds
 * its height before its width is known (so the text below does not jump), the keyboard and pointer
 * crosshair, react-financial-charts' canvas with panning and zooming off (the drawing always matches
 * the page's text alternative), the X domain padded by half a point on each side, the theme's axis
 * colours, Y labels in the caller's format (with more digits where ticks would read alike) and the
 * right margin sized to the longest. The series to draw are the children; `data` is indexed 0..n-1
 * by `xAccessor`.
 */
export function CanvasChart<D>({
  height,
  data,
  seriesName,
  xScale,
  xAccessor,
  displayXAccessor,
  yDomain,
  yLabel,
  yTicks,
  xAxis,
  crosshair,
  dataAttributes,
  children,
}: {
  height: number
  data: ReadonlyArray<D>
  seriesName: string
  xScale: unknown
  xAccessor: (d: D) => number
  displayXAccessor: (d: D) => number | Date
  yDomain: readonly [number, number]
  /** A Y tick's label with `extraDigits` more fraction digits than usual (the chart asks for more when ticks would read alike). */
  yLabel: (value: number, extraDigits: number) => string
  /** About how many Y ticks (d3's `ticks(count)` over `yDomain`). */
  yTicks: number
  xAxis: CanvasChartXAxis
  crosshair: CanvasChartCrosshair
  dataAttributes?: Readonly<Record<`data-${string}`, string>>
  children: ReactNode
}) {
  const { ref, width } = useWidth()
  const colours = useChartColours()
  // The Y ticks the axis draws (d3's over the chart's domain, as the axis would pick them), each
  // with a label of its own; the right margin fits the longest.
  const yTickValues = scaleLinear().domain(yDomain).ticks(yTicks)
  const yTickLabels = distinctTickLabels(yTickValues, yLabel)
  const yTickLabel = (value: number) => yTickLabels[yTickValues.indexOf(value)] ?? yLabel(value, 0)
  const margin = { ...MARGIN, right: axisMargin(yTickLabels) }
  const axisColours = { strokeStyle: colours.axis, tickStrokeStyle: colours.axis, tickLabelFill: colours.tickLabel, gridLinesStrokeStyle: colours.grid }
  return (
    <div ref={ref} style={{ width: "100%", minHeight: height }} {...dataAttributes}>
      {width > 0 && data.length > 0 && (
        <ChartCrosshair width={width} height={height} margin={margin} count={data.length} yDomain={yDomain} {...crosshair}>
          <ChartCanvas
            height={height}
            width={width}
            ratio={typeof window === "undefined" ? 1 : window.devicePixelRatio || 1}
            margin={margin}
            data={data as D[]}
            seriesName={seriesName}
            xScale={xScale as never}
            xAccessor={xAccessor}
            displayXAccessor={displayXAccessor}
            xExtents={paddedXDomain(data.length)}
            disableInteraction
          >
            <Chart id={1} yExtents={() => [...yDomain]}>
              <XAxis
                {...axisColours}
                showGridLines={xAxis.gridLines ?? false}
                ticks={xAxis.ticks}
                tickValues={xAxis.tickValues ? [...xAxis.tickValues] : undefined}
                tickFormat={xAxis.tickFormat}
              />
              <YAxis {...axisColours} showGridLines tickValues={yTickValues} tickFormat={yTickLabel} />
              {children}
            </Chart>
          </ChartCanvas>
        </ChartCrosshair>
      )}
    </div>
  )
}

/**
 * A series by date for `CanvasChart`: the points indexed by react-financial-charts' discontinuous
 * time scale (market days only, no gaps for weekends), and an X axis of six day-and-month labels in
 * the user's locale with grid lines. Spread the result into `CanvasChart`.
 */
export function useDateSeries<P extends { readonly date: Date }>(points: ReadonlyArray<P>, locale: string) {
  const scaled = useMemo(() => discontinuousTimeScaleProviderBuilder().inputDateAccessor((d: P) => d.date)([...points]), [points])
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }), [locale])
  const data = scaled.data as ReadonlyArray<P>
  const xAxis: CanvasChartXAxis = {
    ticks: 6,
    gridLines: true,
    tickFormat: (index) => {
      const point = data[Math.round(index)]
      return point ? format.format(point.date) : ""
    },
  }
  return { data, xScale: scaled.xScale as unknown, xAccessor: scaled.xAccessor, displayXAccessor: scaled.displayXAccessor, xAxis }
}
