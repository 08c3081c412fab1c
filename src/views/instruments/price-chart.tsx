import { Box } from "@chakra-ui/react"
import { useMemo } from "react"
import {
  CandlestickSeries,
  Chart,
  ChartCanvas,
  discontinuousTimeScaleProviderBuilder,
  LineSeries,
  XAxis,
  YAxis,
} from "react-financial-charts"
import type { Candle } from "../../contract/instruments"
import type { InstrumentChartType } from "../../domain/chart-range"
import { formatNumber } from "../../domain/format"
import { useWidth } from "../shared/use-width"

interface Point {
  readonly date: Date
  readonly open: number
  readonly high: number
  readonly low: number
  readonly close: number
}

const HEIGHT = 320
const MARGIN = { left: 12, right: 64, top: 12, bottom: 28 }

/**
 * The instrument's price chart (react-financial-charts, drawn on canvas): a close-price line or
 * candlesticks over the candles given (already cut to the chosen range, oldest first). Loaded on
 * demand by the instrument page; the page carries the text alternative, so the drawing is hidden
 * from assistive technology. Panning and zooming are off so the drawing always matches that text.
 */
export default function PriceChart({ candles, chartType, locale }: { candles: ReadonlyArray<Candle>; chartType: InstrumentChartType; locale: string }) {
  const { ref, width } = useWidth()
  const scaled = useMemo(() => {
    const points: Point[] = candles.map((c) => ({ date: new Date(c.date), open: c.open, high: c.high, low: c.low, close: c.close }))
    return discontinuousTimeScaleProviderBuilder().inputDateAccessor((d: Point) => d.date)(points)
  }, [candles])
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }), [locale])
  const { data, xScale, xAccessor, displayXAccessor } = scaled
  const first = data[0] as Point | undefined
  const last = data[data.length - 1] as Point | undefined
  return (
    <Box ref={ref} width="100%" height={`${HEIGHT}px`} aria-hidden="true" data-chart-type={chartType}>
      {width > 0 && first && last && (
        <ChartCanvas
          height={HEIGHT}
          width={width}
          ratio={typeof window === "undefined" ? 1 : window.devicePixelRatio || 1}
          margin={MARGIN}
          data={data}
          seriesName={`price-${chartType}`}
          xScale={xScale}
          xAccessor={xAccessor}
          displayXAccessor={displayXAccessor}
          xExtents={[xAccessor(first), xAccessor(last)]}
          disableInteraction
        >
          <Chart id={1} yExtents={chartType === "candlestick" ? (d: Point) => [d.high, d.low] : (d: Point) => d.close}>
            <XAxis
              showGridLines
              ticks={6}
              tickFormat={(index: number) => {
                const point = data[Math.round(index)] as Point | undefined
                return point ? dateFormat.format(point.date) : ""
              }}
            />
            <YAxis showGridLines ticks={5} tickFormat={(value: number) => formatNumber(value, locale)} />
            {chartType === "candlestick" ? (
              <CandlestickSeries />
            ) : (
              <LineSeries yAccessor={(d: Point) => d.close} strokeStyle="#2b6cb0" strokeWidth={2} />
            )}
          </Chart>
        </ChartCanvas>
      )}
    </Box>
  )
}
