import { Box, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { lazy, Suspense, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { Instrument } from "../../contract/instruments"
import { INSTRUMENT_CHART_TYPES, INSTRUMENT_RANGES, pointsInRange } from "../../domain/chart-range"
import { formatDate } from "../../domain/dates"
import { formatMoney } from "../../domain/format"
import type { InstrumentRange } from "../../machines/instrument-detail.machine"
import type { InstrumentDetailActor } from "./instrument-detail-actor"
import { Disclosure } from "../shared/disclosure"
import { PressedGroup } from "../shared/pressed-group"
import { useIntlLocale } from "../shared/locale"
import { TableHead } from "../shared/table-head"

// The chart library (and d3) load only when an instrument page draws its first chart.
const PriceChart = lazy(() => import("./price-chart"))

/**
 * The price chart with its range buttons (7d to 2y) and the line / candlestick toggle, both the
 * user's stored choice. The range ends at the latest price of the history. The drawing has a text
 * alternative: a summary of the visible range, and a table of its points in a disclosure.
 */
export function PriceChartSection({ actor, instrument }: { actor: InstrumentDetailActor; instrument: Instrument }) {
  const { t } = useTranslation("instruments")
  const locale = useIntlLocale()
  const chartType = useSelector(actor, (s) => s.context.chartType)
  const range = useSelector(actor, (s) => s.context.range)
  const candles = useMemo(() => {
    const latest = instrument.history[instrument.history.length - 1]
    return latest ? pointsInRange(instrument.history, range, new Date(latest.date), (c) => c.date) : []
  }, [instrument.history, range])
  const money = (value: number) => formatMoney(value, instrument.currency, locale, { fraction: "fixed" })
  const first = candles[0]
  const last = candles[candles.length - 1]
  const closes = candles.map((c) => c.close)
  const headingId = `price-chart-${instrument.id}`
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3" borderWidth="1px" borderRadius="md" padding="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="md" id={headingId}>
          {t("chart.title")}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <PressedGroup
            label={t("chart.range")}
            options={INSTRUMENT_RANGES}
            value={range}
            onChange={(r) => actor.send({ type: "chart.rangeChange", range: r as InstrumentRange })}
            text={(r) => t(`chart.ranges.${r}`)}
            name={(r) => t(`chart.rangeNames.${r}`)}
          />
          <PressedGroup
            label={t("chart.type")}
            options={INSTRUMENT_CHART_TYPES}
            value={chartType}
            onChange={(type) => actor.send({ type: "chart.typeChange", chartType: type })}
            text={(type) => t(`chart.types.${type}`)}
          />
        </HStack>
      </HStack>
      {first && last ? (
        <>
          <Box role="figure" aria-label={t(`chart.figure.${chartType}`, { symbol: instrument.symbol })}>
            <Suspense fallback={<Skeleton height="320px" />}>
              <PriceChart candles={candles} chartType={chartType} currency={instrument.currency} locale={locale} />
            </Suspense>
            <Text fontSize="sm" color="fg.muted" marginTop="2">
              {t("chart.summary", {
                from: formatDate(first.date, locale),
                to: formatDate(last.date, locale),
                close: money(last.close),
                low: money(Math.min(...closes)),
                high: money(Math.max(...closes)),
              })}
            </Text>
          </Box>
          <Disclosure summary={t("chart.table", { number: candles.length })}>
            {() => (
              <Box
                maxHeight="20rem"
                overflowY="auto"
                marginTop="2"
                tabIndex={0}
                role="region"
                aria-label={t("chart.tableCaption", { symbol: instrument.symbol })}
              >
                <Table.Root size="sm" striped>
                  <Table.Caption srOnly>{t("chart.tableCaption", { symbol: instrument.symbol })}</Table.Caption>
                  <TableHead
                    columns={[
                      { label: t("chart.columns.date") },
                      { label: t("chart.columns.open"), end: true },
                      { label: t("chart.columns.high"), end: true },
                      { label: t("chart.columns.low"), end: true },
                      { label: t("chart.columns.close"), end: true },
                    ]}
                  />
                  <Table.Body>
                    {candles.map((c) => (
                      <Table.Row key={c.date}>
                        <Table.Cell>{formatDate(c.date, locale)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(c.open)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(c.high)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(c.low)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(c.close)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Disclosure>
        </>
      ) : (
        <Text color="fg.muted">{t("chart.empty")}</Text>
      )}
    </Stack>
  )
}
