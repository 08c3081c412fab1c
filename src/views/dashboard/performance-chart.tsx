import { Box } from "@chakra-ui/react"
import { useMemo } from "react"
import { Chart, ChartCanvas, discontinuousTimeScaleProviderBuilder, LineSeries, XAxis, YAxis } from "react-financial-charts"
import type { PerformancePoint } from "../../contract/accounts"
import { formatMoney } from "../../domain/format"
import { useWidth } from "../shared/use-width"

interface Point {
  readonly date: Date
  readonly value: number
}

const HEIGHT = 280
const MARGIN = { left: 12, right: 72, top: 12, bottom: 28 }

/**
 * The portfolio's performance chart (react-financial-charts on canvas): the account value over the
 * points given (already cut to the chosen range, oldest first). Loaded on demand by the dashboard;
 * the dashboard carries the text alternative (summary and table), so the drawing is hidden from
 * assistive technology. Panning and zooming are off so the drawing always matches that text.
 */
export default function PerformanceChart({ points, currency, locale }: { points: ReadonlyArray<PerformancePoint>; currency: string; locale: string }) {
  const { ref, width } = useWidth()
  const scaled = useMemo(() => {
    const data: Point[] = points.map((p) => ({ date: new Date(p.x), value: p.value }))
    return discontinuousTimeScaleProviderBuilder().inputDateAccessor((d: Point) => d.date)(data)
  }, [points])
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }), [locale])
  const { data, xScale, xAccessor, displayXAccessor } = scaled
  const first = data[0] as Point | undefined
  const last = data[data.length - 1] as Point | undefined
  return (
    <Box ref={ref} width="100%" height={`${HEIGHT}px`} aria-hidden="true" data-testid="performance-chart">
      {width > 0 && first && last && (
        <ChartCanvas
          height={HEIGHT}
          width={width}
          ratio={typeof window === "undefined" ? 1 : window.devicePixelRatio || 1}
          margin={MARGIN}
          data={data}
          seriesName="portfolio-performance"
          xScale={xScale}
          xAccessor={xAccessor}
          displayXAccessor={displayXAccessor}
          xExtents={[xAccessor(first), xAccessor(last)]}
          disableInteraction
        >
          <Chart id={1} yExtents={(d: Point) => d.value}>
            <XAxis
              showGridLines
              ticks={6}
              tickFormat={(index: number) => {
                const point = data[Math.round(index)] as Point | undefined
                return point ? dateFormat.format(point.date) : ""
              }}
            />
            <YAxis showGridLines ticks={5} tickFormat={(value: number) => formatMoney(value, currency, locale, { fraction: "whole" })} />
            <LineSeries yAccessor={(d: Point) => d.value} strokeStyle="#2b6cb0" strokeWidth={2} />
          </Chart>
        </ChartCanvas>
      )}
    </Box>
  )
}
