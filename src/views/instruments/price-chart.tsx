import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { CandlestickSeries, Chart, ChartCanvas, discontinuousTimeScaleProviderBuilder, LineSeries, XAxis, YAxis } from "react-financial-charts"
import type { Candle } from "../../contract/instruments"
import { axisMargin, paddedXDomain, paddedYDomain } from "../../domain/chart-layout"
import type { InstrumentChartType } from "../../domain/chart-range"
import { formatDate } from "../../domain/dates"
import { formatMoney } from "../../domain/format"
import { ChartCrosshair } from "../shared/chart-crosshair"
import { useChartColours } from "../shared/theme-colours"
import { useWidth } from "../shared/use-width"

interface Point {
  readonly date: Date
  readonly day: string
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
}

const HEIGHT = 320
const MARGIN = { left: 12, top: 12, bottom: 28 }

/**
 * The instrument's price chart (react-financial-charts, drawn on canvas): a close-price line or
 * candlesticks over the candles given (already cut to the chosen range, oldest first). Loaded on
 * demand by the instrument page; the page carries the text alternative, so the drawing is hidden
 * from assistive technology. Panning and zooming are off so the drawing always matches that text;
 * a crosshair with the date and the close (line) or OHLC (candles) follows the pointer and the
 * arrow keys. Half a candle of padding on each side keeps the first and last candle whole.
 */
export default function PriceChart({
  candles,
  chartType,
  currency,
  locale,
}: {
  candles: ReadonlyArray<Candle>
  chartType: InstrumentChartType
  currency: string
  locale: string
}) {
  const { t } = useTranslation("instruments")
  const { ref, width } = useWidth()
  const colours = useChartColours()
  const scaled = useMemo(() => {
    const points: Point[] = candles.map((c) => ({ date: new Date(c.date), day: c.date, open: c.open, high: c.high, low: c.low, close: c.close }))
    return discontinuousTimeScaleProviderBuilder().inputDateAccessor((d: Point) => d.date)(points)
  }, [candles])
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }), [locale])
  const { data, xScale, xAccessor, displayXAccessor } = scaled
  const candlestick = chartType === "candlestick"
  const yDomain = useMemo(() => paddedYDomain(data.flatMap((d: Point) => (candlestick ? [d.high, d.low] : [d.close]))), [data, candlestick])
  const axisLabel = (value: number) => formatMoney(value, currency, locale, { compact: true })
  const margin = { ...MARGIN, right: axisMargin(yDomain.map(axisLabel)) }
  const money = (value: number) => formatMoney(value, currency, locale, { fraction: "fixed" })
  const tooltip = (i: number) => {
    const p = data[i] as Point
    const date = formatDate(p.day, locale)
    return candlestick
      ? t("chart.tooltip.ohlc", { date, open: money(p.open), high: money(p.high), low: money(p.low), close: money(p.close) })
      : t("chart.tooltip.close", { date, close: money(p.close) })
  }
  return (
    // The drawing's height before its width is known, so the text below does not jump when it draws.
    <div ref={ref} style={{ width: "100%", minHeight: HEIGHT }} data-chart-type={chartType}>
      {width > 0 && data.length > 0 && (
        <ChartCrosshair
          width={width}
          height={HEIGHT}
          margin={margin}
          count={data.length}
          yDomain={yDomain}
          valueAt={(i) => (data[i] as Point).close}
          text={tooltip}
          label={t("chart.crosshair")}
        >
          <ChartCanvas
            height={HEIGHT}
            width={width}
            ratio={typeof window === "undefined" ? 1 : window.devicePixelRatio || 1}
            margin={margin}
            data={data}
            seriesName={`price-${chartType}`}
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
              {candlestick ? (
                <CandlestickSeries
                  fill={(d: Point) => (d.close > d.open ? colours.rise : colours.fall)}
                  wickStroke={(d: Point) => (d.close > d.open ? colours.rise : colours.fall)}
                  stroke={colours.axis}
                />
              ) : (
                <LineSeries yAccessor={(d: Point) => d.close} strokeStyle={colours.series} strokeWidth={2} />
              )}
            </Chart>
          </ChartCanvas>
        </ChartCrosshair>
      )}
    </div>
  )
}
