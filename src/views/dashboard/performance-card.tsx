import { Box, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react"
import { lazy, Suspense, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { PerformancePoint } from "../../contract/accounts"
import { isPerformanceEmpty } from "../../domain/chart-layout"
import { PORTFOLIO_RANGES, performanceWindow, type ChartRange } from "../../domain/chart-range"
import { formatDate } from "../../domain/dates"
import { formatMoney, formatPercent } from "../../domain/format"
import { useIntlLocale } from "../shared/locale"
import { AfterPaint } from "../shared/after-paint"
import { Disclosure } from "../shared/disclosure"
import { PressedGroup } from "../shared/pressed-group"
import { TableHead } from "../shared/table-head"

// The chart library (and d3) load when the card first draws its chart, after the card's first paint
// (AfterPaint): neither its loading nor its drawing runs in the task that paints the figures. (Fetched
// as the card's module loaded instead, its evaluation delayed that task by 20-60 ms at 4x CPU.)
const PerformanceChart = lazy(() => import("./performance-chart"))

/** The change from the first to the last value, in percent of the first (two decimals); null when the first is 0. */
const changePercent = (first: number, last: number): string | null => (first === 0 ? null : (((last - first) / Math.abs(first)) * 100).toFixed(2))

/**
 * The performance card (spec part 1 "Dashboard", sections 4 and 9): the account value over the
 * chosen range (7d, 1m, 3m, 6m, 1y, 2y, ytd; 7d is 168 hours, ytd 10 years), counted back from the
 * latest point, from the account's first value on (`performanceWindow`: a range longer than the
 * account starts at that value, and the summary says since when). Range buttons send
 * `range.change`; the drawing loads on demand and has a text
 * alternative: a summary of the shown range and a table of its points in a disclosure. A portfolio
 * with no performance yet (`isPerformanceEmpty`: under 2 points or all 0) shows a message instead.
 */
export function PerformanceCard({
  performance,
  currency,
  opened,
  range,
  onRange,
}: {
  performance: ReadonlyArray<PerformancePoint> | null
  currency: string
  /** When the account was opened (the account's `created`). */
  opened: string
  range: ChartRange
  onRange: (range: ChartRange) => void
}) {
  const { t } = useTranslation("dashboard")
  const locale = useIntlLocale()
  const { points, since } = useMemo(() => performanceWindow(performance ?? [], range, opened), [performance, range, opened])
  const money = (value: number) => formatMoney(value, currency, locale, { fraction: "fixed" })
  const first = points[0]
  const last = points[points.length - 1]
  const change = first && last ? changePercent(first.value, last.value) : null
  const chartSkeleton = <Skeleton height="280px" role="status" aria-label={t("performance.loadingChart")} />
  return (
    <Stack as="section" aria-labelledby="dashboard-performance" gap="3" borderWidth="1px" borderRadius="md" padding="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="md" id="dashboard-performance">
          {t("performance.title")}
        </Heading>
        <PressedGroup
          label={t("performance.ranges")}
          options={PORTFOLIO_RANGES}
          value={range}
          onChange={onRange}
          text={(r) => t(`performance.range.${r}`)}
          name={(r) => t(`performance.rangeName.${r}`)}
        />
      </HStack>
      {performance === null ? (
        // The loaded card's shape (chart, one-line summary, table toggle), so the cards below do not move when it arrives.
        <>
          <Box>
            <Skeleton height="280px" />
            <Skeleton height="21px" marginTop="2" width="75%" />
          </Box>
          <Skeleton height="21px" width="16rem" />
        </>
      ) : isPerformanceEmpty(performance) ? (
        <Text color="fg.muted" data-testid="performance-empty">
          {t("performance.empty")}
        </Text>
      ) : first && last ? (
        <>
          <Box role="figure" aria-label={t("performance.title")}>
            <AfterPaint placeholder={chartSkeleton}>
              <Suspense fallback={chartSkeleton}>
                <PerformanceChart points={points} currency={currency} locale={locale} />
              </Suspense>
            </AfterPaint>
            <Text fontSize="sm" color="fg.muted" marginTop="2" data-testid="performance-summary">
              {t(since === null ? "performance.summary" : "performance.summarySince", {
                range: t(`performance.rangeName.${range}`),
                since: since === null ? "" : formatDate(since, locale),
                first: money(first.value),
                from: formatDate(first.x, locale),
                last: money(last.value),
                to: formatDate(last.x, locale),
                change: change === null ? "–" : formatPercent(change, locale, { signDisplay: "exceptZero" }),
                count: points.length,
              })}
            </Text>
          </Box>
          <Disclosure summary={t("performance.tableToggle")}>
            {() => (
              <Box maxHeight="16rem" overflowY="auto" marginTop="2">
                <Table.Root size="sm" striped>
                  <Table.Caption srOnly>{t("performance.tableCaption")}</Table.Caption>
                  <TableHead columns={[{ label: t("performance.date") }, { label: t("performance.value"), end: true }]} />
                  <Table.Body>
                    {points.map((p) => (
                      <Table.Row key={p.x}>
                        <Table.Cell>{formatDate(p.x, locale)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(p.value)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Disclosure>
        </>
      ) : (
        <Text color="fg.muted">{t("performance.noData", { range: t(`performance.rangeName.${range}`) })}</Text>
      )}
    </Stack>
  )
}
