import { Badge, Box, Button, Heading, HStack, Link, Skeleton, Stack, Table, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { Position } from "../../contract/accounts"
import type { NewsList } from "../../contract/news"
import type { Order } from "../../contract/orders"
import { formatDate } from "../../domain/dates"
import { formatMoney, formatPercent } from "../../domain/format"
import { QuantityText } from "../shared/quantity-text"
import { newsSnippet } from "../../domain/news"
import { profitLoss } from "../../domain/profit-loss"
import { statusColour, type StatusColour } from "../../domain/status-colour"
import { DASHBOARD_LIMITS } from "../../machines/dashboard.machine"
import { useIntlLocale } from "../shared/locale"
import { NewsByline, NewsLink } from "../shared/news-item"
import { useEnumLabel } from "../shared/enum-label"
import { TableHead } from "../shared/table-head"

/** Chakra palettes of the status colour roles. */
const PALETTE: Readonly<Record<StatusColour, string>> = { info: "blue", warning: "orange", primary: "green", danger: "red", muted: "gray" }

/**
 * A route that may not be registered yet (the portfolio area and the news page are built alongside);
 * the plain string keeps the router's path types out of the way.
 */
const looseTo = (path: string) => path as "/"

/** A dashboard card: heading, a 'see all' link to its page, and its body. */
export function DashboardCard({ id, title, seeAll, to, children }: { id: string; title: string; seeAll: string; to: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3" borderWidth="1px" borderRadius="md" padding="4" minWidth="0">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        <Link asChild fontSize="sm" colorPalette="blue" color="colorPalette.fg">
          <RouterLink to={looseTo(to)}>{seeAll}</RouterLink>
        </Link>
      </HStack>
      {children}
    </Stack>
  )
}

/** Skeleton rows while the selected portfolio's details load. */
export function SkeletonRows({ rows, label }: { rows: number; label: string }) {
  return (
    <Stack gap="2" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="6" />
      ))}
    </Stack>
  )
}

/** The latest positions (up to 4), linking to /portfolio/{accountId}/positions; 'No Position Found' when none. */
export function LatestPositions({ accountId, positions, currency }: { accountId: string; positions: ReadonlyArray<Position> | null; currency: string }) {
  const { t } = useTranslation("dashboard")
  const locale = useIntlLocale()
  const shown = positions?.slice(0, DASHBOARD_LIMITS.positions) ?? null
  return (
    <DashboardCard id="dashboard-positions" title={t("positions.title")} seeAll={t("positions.seeAll")} to={`/portfolio/${accountId}/positions`}>
      {shown === null ? (
        <SkeletonRows rows={DASHBOARD_LIMITS.positions} label={t("page.loading")} />
      ) : shown.length === 0 ? (
        <Text color="fg.muted">{t("positions.none")}</Text>
      ) : (
        <Table.ScrollArea tabIndex={0} role="group" aria-labelledby="dashboard-positions">
          <Table.Root size="sm">
            <TableHead
              columns={[
                { label: t("positions.symbol") },
                { label: t("positions.quantity"), end: true },
                { label: t("positions.value"), end: true },
                { label: t("positions.profitLoss"), end: true },
              ]}
            />
            <Table.Body>
              {shown.map((p) => {
                const pl = profitLoss(p)
                const tone = pl.tone === "positive" ? "green.fg" : pl.tone === "negative" ? "red.fg" : undefined
                return (
                  <Table.Row key={p.instrumentId}>
                    <Table.Cell fontWeight="semibold">{p.symbol}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <QuantityText value={p.totalQuantity} locale={locale} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(p.equityBalance, currency, locale)}</Table.Cell>
                    <Table.Cell textAlign="end" color={tone}>
                      {formatMoney(pl.amount, currency, locale, { signDisplay: "exceptZero" })} (
                      {formatPercent(pl.percentage, locale, { signDisplay: "exceptZero" })})
                    </Table.Cell>
                  </Table.Row>
                )
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </DashboardCard>
  )
}

/** The recent orders (up to 6), linking to /portfolio/{accountId}/orders; 'No Order Found' when none. */
export function RecentOrders({ accountId, orders }: { accountId: string; orders: ReadonlyArray<Order> | null }) {
  const { t } = useTranslation("dashboard")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  const shown = orders?.slice(0, DASHBOARD_LIMITS.orders) ?? null
  return (
    <DashboardCard id="dashboard-orders" title={t("orders.title")} seeAll={t("orders.seeAll")} to={`/portfolio/${accountId}/orders`}>
      {shown === null ? (
        <SkeletonRows rows={DASHBOARD_LIMITS.orders} label={t("page.loading")} />
      ) : shown.length === 0 ? (
        <Text color="fg.muted">{t("orders.none")}</Text>
      ) : (
        <Table.ScrollArea tabIndex={0} role="group" aria-labelledby="dashboard-orders">
          <Table.Root size="sm">
            <TableHead
              columns={[
                { label: t("orders.symbol") },
                { label: t("orders.side") },
                { label: t("orders.amount"), end: true },
                { label: t("orders.status") },
                { label: t("orders.date") },
              ]}
            />
            <Table.Body>
              {shown.map((o) => (
                <Table.Row key={o.id}>
                  <Table.Cell fontWeight="semibold">{o.symbol}</Table.Cell>
                  <Table.Cell>
                    {/* Side over type, so the date keeps its room in every language (issue 12). */}
                    <Stack as="span" gap="0">
                      <Text as="span">{label("orderSide", o.side)}</Text>
                      <Text as="span" fontSize="xs" color="fg.muted">
                        {label("orderType", o.type)}
                      </Text>
                    </Stack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(o.amount, o.currency, locale)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={PALETTE[statusColour(o.status)]} whiteSpace="normal">
                      {label("status", o.status)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(o.created, locale)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </DashboardCard>
  )
}

/** The latest business news (up to 4, 150-character snippets), linking to /business-news. */
export function LatestNews({ news, loading, failed, onRetry }: { news: NewsList; loading: boolean; failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation("dashboard")
  const locale = useIntlLocale()
  const shown = news.slice(0, DASHBOARD_LIMITS.news)
  return (
    <DashboardCard id="dashboard-news" title={t("news.title")} seeAll={t("news.seeAll")} to="/business-news">
      {loading ? (
        <SkeletonRows rows={DASHBOARD_LIMITS.news} label={t("page.loading")} />
      ) : failed ? (
        <HStack gap="3">
          <Text color="fg.muted">{t("news.failed")}</Text>
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t("news.retry")}
          </Button>
        </HStack>
      ) : shown.length === 0 ? (
        <Text color="fg.muted">{t("news.none")}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" margin="0" padding="0">
          {shown.map((n) => (
            <Box as="li" key={n.url}>
              <NewsLink item={n} />
              <NewsByline item={n} locale={locale} />
              <Text fontSize="sm">{newsSnippet(n.content)}</Text>
            </Box>
          ))}
        </Stack>
      )}
    </DashboardCard>
  )
}
