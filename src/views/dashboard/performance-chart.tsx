import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { LineSeries } from "react-financial-charts"
import type { PerformancePoint } from "../../contract/accounts"
import { paddedYDomain } from "../../domain/chart-layout"
import { formatDate } from "../../domain/dates"
import { formatCompactMoney } from "../../domain/compact-money"
import { formatMoney } from "../../domain/format"
import { CanvasChart, useDateSeries } from "../shared/canvas-chart"
import { useChartColours } from "../shared/theme-colours"

interface Point {
  readonly date: Date
  readonly x: string
  readonly value: number
}

const HEIGHT = 280

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
  const colours = useChartColours()
  const dated = useMemo(() => points.map((p): Point => ({ date: new Date(p.x), x: p.x, value: p.value })), [points])
  const series = useDateSeries(dated, locale)
  const { data } = series
  const yDomain = useMemo(() => paddedYDomain(data.map((d) => d.value)), [data])
  return (
    <CanvasChart
      height={HEIGHT}
      {...series}
      seriesName="portfolio-performance"
      yDomain={yDomain}
      yLabel={(value, extraDigits) => formatCompactMoney(value, currency, locale, extraDigits)}
      yTicks={5}
      crosshair={{
        valueAt: (i) => data[i]!.value,
        text: (i) => `${formatDate(data[i]!.x, locale)}: ${formatMoney(data[i]!.value, currency, locale, { fraction: "fixed" })}`,
        label: t("performance.crosshair"),
        testId: "performance-chart",
      }}
    >
      <LineSeries yAccessor={(d: Point) => d.value} strokeStyle={colours.series} strokeWidth={2} />
    </CanvasChart>
  )
}
