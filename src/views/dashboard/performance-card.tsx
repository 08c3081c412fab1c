import { lazy, Suspense, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { PerformancePoint } from "../../contract/accounts"
import { isPerformanceEmpty } from "../../domain/chart-layout"
import { PORTFOLIO_RANGES, pointsInRange, type ChartRange } from "../../domain/chart-range"
import { formatDate } from "../../domain/dates"
import { formatMoney, formatPercent } from "../../domain/format"
import { useIntlLocale } from "../shared/locale"
import { AfterPaint } from "../shared/after-paint"
import { Disclosure } from "../shared/disclosure"
import { PressedGroup } from "../shared/pressed-group"
import "../shared/plain-parts.css"
import "./dashboard.css"

// The chart library (and d3) load when the card first draws its chart, after the card's first paint
// (AfterPaint): neither its loading nor its drawing runs in the task that paints the figures. (Fetched
// as the card's module loaded instead, its evaluation delayed that task by 20-60 ms at 4x CPU.)
const PerformanceChart = lazy(() => import("./performance-chart"))

/** The change from the first to the last value, in percent of the first (two decimals); null when the first is 0. */
const changePercent = (first: number, last: number): string | null => (first === 0 ? null : (((last - first) / Math.abs(first)) * 100).toFixed(2))

/**
 * The performance card (spec part 1 "Dashboard", sections 4 and 9): the account value over the
 * chosen range (7d, 1m, 3m, 6m, 1y, 2y, ytd; 7d is 168 hours, ytd 10 years), counted back from the
 * latest point. Range buttons send `range.change`; the drawing loads on demand and has a text
 * alternative: a summary of the shown range and a table of its points in a disclosure. A portfolio
 * with no performance yet (`isPerformanceEmpty`: under 2 points or all 0) shows a message instead.
 */
export function PerformanceCard({
  performance,
  currency,
  range,
  onRange,
}: {
  performance: ReadonlyArray<PerformancePoint> | null
  currency: string
  range: ChartRange
  onRange: (range: ChartRange) => void
}) {
  const { t } = useTranslation("dashboard")
  const locale = useIntlLocale()
  const points = useMemo(() => {
    const latest = performance?.[performance.length - 1]
    return performance && latest ? pointsInRange(performance, range, new Date(latest.x), (p) => p.x) : []
  }, [performance, range])
  const money = (value: number) => formatMoney(value, currency, locale, { fraction: "fixed" })
  const first = points[0]
  const last = points[points.length - 1]
  const change = first && last ? changePercent(first.value, last.value) : null
  const chartSkeleton = <div className="cf-skeleton" style={{ height: "280px" }} role="status" aria-label={t("performance.loadingChart")} />
  return (
    <section aria-labelledby="dashboard-performance" className="cf-section">
      <div className="cf-section-head cf-dash-head">
        <h2 className="cf-heading-md" id="dashboard-performance">
          {t("performance.title")}
        </h2>
        <PressedGroup
          label={t("performance.ranges")}
          options={PORTFOLIO_RANGES}
          value={range}
          onChange={onRange}
          text={(r) => t(`performance.range.${r}`)}
          name={(r) => t(`performance.rangeName.${r}`)}
        />
      </div>
      {performance === null ? (
        // The loaded card's shape (chart, one-line summary, table toggle), so the cards below do not move when it arrives.
        <>
          <div>
            <div className="cf-skeleton" style={{ height: "280px" }} />
            <div className="cf-skeleton" style={{ height: "21px", marginTop: "0.5rem", width: "75%" }} />
          </div>
          <div className="cf-skeleton" style={{ height: "21px", width: "16rem" }} />
        </>
      ) : isPerformanceEmpty(performance) ? (
        <p className="cf-muted" data-testid="performance-empty">
          {t("performance.empty")}
        </p>
      ) : first && last ? (
        <>
          <div role="figure" aria-label={t("performance.title")}>
            <AfterPaint placeholder={chartSkeleton}>
              <Suspense fallback={chartSkeleton}>
                <PerformanceChart points={points} currency={currency} locale={locale} />
              </Suspense>
            </AfterPaint>
            <p className="cf-dash-summary" data-testid="performance-summary">
              {t("performance.summary", {
                range: t(`performance.rangeName.${range}`),
                first: money(first.value),
                from: formatDate(first.x, locale),
                last: money(last.value),
                to: formatDate(last.x, locale),
                change: change === null ? "–" : formatPercent(change, locale, { signDisplay: "exceptZero" }),
                count: points.length,
              })}
            </p>
          </div>
          <Disclosure summary={t("performance.tableToggle")}>
            {() => (
              <div className="cf-dash-table-box">
                <table className="cf-table cf-table-striped">
                  <caption className="cf-sr-only">{t("performance.tableCaption")}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("performance.date")}</th>
                      <th scope="col" className="cf-end">
                        {t("performance.value")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {points.map((p) => (
                      <tr key={p.x}>
                        <td>{formatDate(p.x, locale)}</td>
                        <td className="cf-end">{money(p.value)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Disclosure>
        </>
      ) : (
        <p className="cf-muted">{t("performance.noData", { range: t(`performance.rangeName.${range}`) })}</p>
      )}
    </section>
  )
}
