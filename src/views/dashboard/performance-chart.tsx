import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { Chart, ChartCanvas, discontinuousTimeScaleProviderBuilder, LineSeries, XAxis, YAxis } from "react-financial-charts"
import type { PerformancePoint } from "../../contract/accounts"
import { axisMargin, paddedXDomain, paddedYDomain } from "../../domain/chart-layout"
import { formatDate } from "../../domain/dates"
import { formatMoney } from "../../domain/format"
import { ChartCrosshair } from "../shared/chart-crosshair"
import { useChartColours } from "../shared/theme-colours"
import { useWidth } from "../shared/use-width"

interface Point {
  readonly date: Date
  readonly x: string
  readonly value: number
}

const HEIGHT = 280
const MARGIN = { left: 12, top: 12, bottom: 28 }

/**
 * The portfolio's performance chart (react-financial-charts on canvas): the account value over the
 * points given (already cut to the chosen range, oldest first). Loaded on demand by the dashboard;
 * the dashboard carries the text alternative (summary and table), so the drawing is hidden from
 * assistive technology. Panning and zooming are off so the drawing always matches that text; a
 * crosshair with the date and value follows the pointer and the arrow keys (`ChartCrosshair`).
 * Y labels are compact money ("₦4.7m") and the right margin is sized to the longest.
 */
export default function PerformanceChart({ points, currency, locale }: { points: ReadonlyArray<PerformancePoint>; currency: string; locale: string }) {
  const { t } = useTranslation("dashboard")
  const { ref, width } = useWidth()
  const colours = useChartColours()
  const scaled = useMemo(() => {
    const data: Point[] = points.map((p) => ({ date: new Date(p.x), x: p.x, value: p.value }))
    return discontinuousTimeScaleProviderBuilder().inputDateAccessor((d: Point) => d.date)(data)
  }, [points])
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }), [locale])
  const { data, xScale, xAccessor, displayXAccessor } = scaled
  const yDomain = useMemo(() => paddedYDomain(data.map((d: Point) => d.value)), [data])
  const axisLabel = (value: number) => formatMoney(value, currency, locale, { compact: true })
  const margin = { ...MARGIN, right: axisMargin(yDomain.map(axisLabel)) }
  return (
    // The drawing's height before its width is known, so the text below does not jump when it draws.
    <div ref={ref} style={{ width: "100%", minHeight: HEIGHT }}>
      {width > 0 && data.length > 0 && (
        <ChartCrosshair
          width={width}
          height={HEIGHT}
          margin={margin}
          count={data.length}
          yDomain={yDomain}
          valueAt={(i) => (data[i] as Point).value}
          text={(i) => `${formatDate((data[i] as Point).x, locale)}: ${formatMoney((data[i] as Point).value, currency, locale, { fraction: "fixed" })}`}
          label={t("performance.crosshair")}
          testId="performance-chart"
        >
          <ChartCanvas
            height={HEIGHT}
            width={width}
            ratio={typeof window === "undefined" ? 1 : window.devicePixelRatio || 1}
            margin={margin}
            data={data}
            seriesName="portfolio-performance"
            xScale={xScale}
            xAccessor={xAccessor}
            displayXAccessor={displayXAccessor}
            xExtents={paddedXDomain(data.length)}
            disableInteraction
          >
            <Chart id={1} yExtents={() => [...yDomain]}>
              <XAxis
                showGridLines
                ticks={6}
                strokeStyle={colours.axis}
                tickStrokeStyle={colours.axis}
                tickLabelFill={colours.tickLabel}
                gridLinesStrokeStyle={colours.grid}
                tickFormat={(index: number) => {
                  const point = data[Math.round(index)] as Point | undefined
                  return point ? dateFormat.format(point.date) : ""
                }}
              />
              <YAxis
                showGridLines
                ticks={5}
                tickFormat={axisLabel}
                strokeStyle={colours.axis}
                tickStrokeStyle={colours.axis}
                tickLabelFill={colours.tickLabel}
                gridLinesStrokeStyle={colours.grid}
              />
              <LineSeries yAccessor={(d: Point) => d.value} strokeStyle={colours.series} strokeWidth={2} />
            </Chart>
          </ChartCanvas>
        </ChartCrosshair>
      )}
    </div>
  )
}
