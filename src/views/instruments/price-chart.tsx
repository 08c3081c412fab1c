import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { CandlestickSeries, LineSeries } from "react-financial-charts"
import type { Candle } from "../../contract/instruments"
import { paddedYDomain } from "../../domain/chart-layout"
import type { InstrumentChartType } from "../../domain/chart-range"
import { formatDate } from "../../domain/dates"
import { formatCompactMoney } from "../../domain/compact-money"
import { formatMoney } from "../../domain/format"
import { CanvasChart, useDateSeries } from "../shared/canvas-chart"
import { useChartColours } from "../shared/theme-colours"

interface Point {
  readonly date: Date
  readonly day: string
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
}

const HEIGHT = 320

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
  const colours = useChartColours()
  const dated = useMemo(
    () => candles.map((c): Point => ({ date: new Date(c.date), day: c.date, open: c.open, high: c.high, low: c.low, close: c.close })),
    [candles],
  )
  const series = useDateSeries(dated, locale)
  const { data } = series
  const candlestick = chartType === "candlestick"
  const yDomain = useMemo(() => paddedYDomain(data.flatMap((d) => (candlestick ? [d.high, d.low] : [d.close]))), [data, candlestick])
  const money = (value: number) => formatMoney(value, currency, locale, { fraction: "fixed" })
  const tooltip = (i: number) => {
    const p = data[i]!
    const date = formatDate(p.day, locale)
    return candlestick
      ? t("chart.tooltip.ohlc", { date, open: money(p.open), high: money(p.high), low: money(p.low), close: money(p.close) })
      : t("chart.tooltip.close", { date, close: money(p.close) })
  }
  return (
    <CanvasChart
      height={HEIGHT}
      {...series}
      seriesName={`price-${chartType}`}
      yDomain={yDomain}
      yLabel={(value, extraDigits) => formatCompactMoney(value, currency, locale, extraDigits)}
      yTicks={5}
      crosshair={{ valueAt: (i) => data[i]!.close, text: tooltip, label: t("chart.crosshair") }}
      dataAttributes={{ "data-chart-type": chartType }}
    >
      {candlestick ? (
        <CandlestickSeries
          fill={(d: Point) => (d.close > d.open ? colours.rise : colours.fall)}
          wickStroke={(d: Point) => (d.close > d.open ? colours.rise : colours.fall)}
          stroke={colours.axis}
        />
      ) : (
        <LineSeries yAccessor={(d: Point) => d.close} strokeStyle={colours.series} strokeWidth={2} />
      )}
    </CanvasChart>
  )
}
