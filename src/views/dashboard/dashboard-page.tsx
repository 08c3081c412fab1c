import { useSelector } from "@xstate/react"
import { memo, useCallback, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { dashboardMachine } from "../../machines/dashboard.machine"
import { businessNewsMachine } from "../../machines/business-news.machine"
import { useWorkflowActor } from "../workflows"
import { AfterPaint } from "../shared/after-paint"
import { useCreatePortfolio } from "../portfolios/create-portfolio-host"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { LatestNews, LatestPositions, RecentOrders } from "./dashboard-cards"
import { PerformanceCard } from "./performance-card"
import { SuggestionsCarousel } from "./suggestions-carousel"
import { TAG } from "../../machines/kit"
import type { ChartRange } from "../../domain/chart-range"
import "../shared/plain-parts.css"
import "./dashboard.css"

// The cards render again only when their own props change: the page renders again as each of its
// calls answers (the suggestions and the news come after the account's details).
const Performance = memo(PerformanceCard)
const Positions = memo(LatestPositions)
const Orders = memo(RecentOrders)
const News = memo(LatestNews)
/** What a card shows when the details could not be loaded: nothing (one array, so the memo holds). */
const NONE: ReadonlyArray<never> = []

/**
 * /dashboard (spec part 1 "Dashboard"): for the portfolio chosen in the subheader's selector, the
 * performance chart, the suggestions carousel, the latest positions, the recent orders and the
 * latest news, with skeletons while they load. With no portfolio: 'Create New Portfolio to get
 * Started...' and a New Portfolio button that opens the create-portfolio modal. Plain elements
 * (./dashboard.css, ../shared/plain-parts.css): the page renders without Chakra.
 */
export function DashboardRoute() {
  const { t } = useTranslation("dashboard")
  const portfolios = usePortfoliosActor()
  const phase = usePortfolios((s) => (s.hasTag(TAG.failed) ? "failed" : s.context.accounts === null ? "loading" : "ready"))
  const accounts = usePortfolios((s) => s.context.accounts)
  return (
    <div className="cf-dash">
      <h1 className="cf-heading-xl cf-sr-only">{t("page.title")}</h1>
      {phase === "loading" && (
        <div className="cf-dash cf-dash-loading" role="status" aria-label={t("page.loading")}>
          <div className="cf-skeleton" style={{ height: "320px" }} />
          <div className="cf-skeleton" style={{ height: "160px" }} />
        </div>
      )}
      {phase === "failed" && (
        <div className="cf-stack-3 cf-stack-start">
          <p>{t("page.failed")}</p>
          <button type="button" className="cf-button cf-button-sm cf-button-outline" onClick={() => portfolios.send({ type: "portfolios.retry" })}>
            {t("page.retry")}
          </button>
        </div>
      )}
      {phase === "ready" && accounts?.length === 0 && <NoPortfolio />}
      {phase === "ready" && accounts !== null && accounts.length > 0 && <DashboardBody />}
    </div>
  )
}

function NoPortfolio() {
  const { t } = useTranslation("dashboard")
  const createPortfolio = useCreatePortfolio()
  return (
    <div className="cf-dash-empty">
      <p className="cf-dash-empty-text">{t("empty.prompt")}</p>
      <button type="button" className="cf-button cf-button-solid" onClick={createPortfolio}>
        {t("empty.newPortfolio")}
      </button>
    </div>
  )
}

function DashboardBody() {
  const { t } = useTranslation("dashboard")
  const portfolios = usePortfoliosActor()
  // The chart follows the portfolios actor itself (the suggestions' portfolio and risk band).
  const actor = useWorkflowActor(dashboardMachine, { input: { portfolios } })
  const selectedId = usePortfolios((s) => s.context.selectedId)
  const accounts = usePortfolios((s) => s.context.accounts)
  const details = usePortfolios((s) => (s.context.details && s.context.details.accountId === s.context.selectedId ? s.context.details : null))
  const detailsFailed = usePortfolios((s) => s.hasTag("details.failed"))

  const range = useSelector(actor, (s) => s.context.range)
  const suggestions = useSelector(actor, (s) => s.context.suggestions)
  const suggestionsLoading = useSelector(actor, (s) => s.hasTag("suggestions.loading"))
  const suggestionsFailed = useSelector(actor, (s) => s.hasTag("suggestions.failed"))
  // The news card is the business-news workflow (the same chart as /business-news).
  const newsActor = useWorkflowActor(businessNewsMachine)
  const news = useSelector(newsActor, (s) => s.context.news)
  const newsLoading = useSelector(newsActor, (s) => s.hasTag(TAG.loading))
  const newsFailed = useSelector(newsActor, (s) => s.hasTag(TAG.failed))
  const account = useMemo(() => accounts?.find((a) => a.accountId === selectedId) ?? null, [accounts, selectedId])
  const changeRange = useCallback((r: ChartRange) => actor.send({ type: "range.change", range: r }), [actor])
  const retryNews = useCallback(() => newsActor.send({ type: "news.retry" }), [newsActor])

  if (selectedId === null || account === null) {
    return <p className="cf-muted">{t("page.choose")}</p>
  }
  return (
    <div className="cf-dash" data-account-id={account.accountId}>
      {detailsFailed && (
        <div className="cf-stack-2 cf-stack-start" role="alert">
          <p>{t("page.detailsFailed")}</p>
          <button type="button" className="cf-button cf-button-sm cf-button-outline" onClick={() => portfolios.send({ type: "account.refetch" })}>
            {t("page.retry")}
          </button>
        </div>
      )}
      <Performance
        performance={details ? details.details.performance : detailsFailed ? NONE : null}
        currency={account.currency}
        range={range}
        onRange={changeRange}
      />
      <SuggestionsCarousel suggestions={suggestions} loading={suggestionsLoading} failed={suggestionsFailed} onRetry={() => actor.send({ type: "suggestions.retry" })} />
      {/* Below the fold: rendered once the cards above have painted (their calls are already made). */}
      <AfterPaint placeholder={<div className="cf-dash-later" />}>
        <div className="cf-dash-grid">
          <Positions accountId={account.accountId} positions={details ? details.positions : detailsFailed ? NONE : null} currency={account.currency} />
          <Orders accountId={account.accountId} orders={details ? details.details.orders : detailsFailed ? NONE : null} />
        </div>
        <div>
          <News news={news} loading={newsLoading} failed={newsFailed} onRetry={retryNews} />
        </div>
      </AfterPaint>
    </div>
  )
}
