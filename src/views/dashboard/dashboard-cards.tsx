import { Link as RouterLink } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { Position } from "../../contract/accounts"
import type { NewsList } from "../../contract/news"
import type { Order } from "../../contract/orders"
import { formatDate } from "../../domain/dates"
import { formatMoney, formatPercent, formatQuantity } from "../../domain/format"
import { newsSnippet } from "../../domain/news"
import { profitLoss } from "../../domain/profit-loss"
import { statusColour } from "../../domain/status-colour"
import { DASHBOARD_LIMITS } from "../../machines/dashboard.machine"
import { useIntlLocale } from "../shared/locale"
import { NewsByline, NewsLink } from "../shared/news-item"
import { useEnumLabel } from "../shared/enum-label"
import "../shared/plain-parts.css"
import "./dashboard.css"

/**
 * A route that may not be registered yet (the portfolio area and the news page are built alongside);
 * the plain string keeps the router's path types out of the way.
 */
const looseTo = (path: string) => path as "/"

/** A dashboard card: heading, a 'see all' link to its page, and its body. */
function DashboardCard({ id, title, seeAll, to, children }: { id: string; title: string; seeAll: string; to: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="cf-section cf-dash-card">
      <div className="cf-section-head">
        <h2 className="cf-heading-md" id={id}>
          {title}
        </h2>
        <RouterLink to={looseTo(to)} className="cf-link cf-link-blue cf-text-sm">
          {seeAll}
        </RouterLink>
      </div>
      {children}
    </section>
  )
}

/** Skeleton rows while the selected portfolio's details load. */
function SkeletonRows({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="cf-dash-rows" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="cf-skeleton" style={{ height: "1.5rem" }} />
      ))}
    </div>
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
        <p className="cf-muted">{t("positions.none")}</p>
      ) : (
        <div className="cf-table-scroll" tabIndex={0} role="group" aria-labelledby="dashboard-positions">
          <table className="cf-table">
            <thead>
              <tr>
                <th scope="col">{t("positions.symbol")}</th>
                <th scope="col" className="cf-end">
                  {t("positions.quantity")}
                </th>
                <th scope="col" className="cf-end">
                  {t("positions.value")}
                </th>
                <th scope="col" className="cf-end">
                  {t("positions.profitLoss")}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => {
                const pl = profitLoss(p)
                const tone = pl.tone === "positive" ? " cf-positive" : pl.tone === "negative" ? " cf-negative" : ""
                return (
                  <tr key={p.instrumentId}>
                    <td className="cf-strong">{p.symbol}</td>
                    <td className="cf-end">{formatQuantity(p.totalQuantity, locale)}</td>
                    <td className="cf-end">{formatMoney(p.equityBalance, currency, locale)}</td>
                    <td className={`cf-end${tone}`}>
                      {formatMoney(pl.amount, currency, locale, { signDisplay: "exceptZero" })} ({formatPercent(pl.percentage, locale, { signDisplay: "exceptZero" })})
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
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
        <p className="cf-muted">{t("orders.none")}</p>
      ) : (
        <div className="cf-table-scroll" tabIndex={0} role="group" aria-labelledby="dashboard-orders">
          <table className="cf-table">
            <thead>
              <tr>
                <th scope="col">{t("orders.symbol")}</th>
                <th scope="col">{t("orders.side")}</th>
                <th scope="col" className="cf-end">
                  {t("orders.amount")}
                </th>
                <th scope="col">{t("orders.status")}</th>
                <th scope="col">{t("orders.date")}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((o) => (
                <tr key={o.id}>
                  <td className="cf-strong">{o.symbol}</td>
                  <td>
                    {/* Side over type, so the date keeps its room in every language (issue 12). */}
                    <span className="cf-dash-order-kind">
                      <span>{label("orderSide", o.side)}</span>
                      <span className="cf-text-xs cf-muted">{label("orderType", o.type)}</span>
                    </span>
                  </td>
                  <td className="cf-end">{formatMoney(o.amount, o.currency, locale)}</td>
                  <td>
                    <span className={`cf-badge cf-badge-${statusColour(o.status)}`}>{label("status", o.status)}</span>
                  </td>
                  <td className="cf-nowrap">{formatDate(o.created, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <div className="cf-hstack-3">
          <p className="cf-muted">{t("news.failed")}</p>
          <button type="button" className="cf-button cf-button-xs cf-button-outline" onClick={onRetry}>
            {t("news.retry")}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <p className="cf-muted">{t("news.none")}</p>
      ) : (
        <ul className="cf-stack-3">
          {shown.map((n) => (
            <li key={n.url}>
              <NewsLink item={n} />
              <NewsByline item={n} locale={locale} />
              <p className="cf-text-sm">{newsSnippet(n.content)}</p>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}
