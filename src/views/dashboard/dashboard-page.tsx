import { Box, Button, Heading, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { lazy, memo, Suspense, useCallback, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { dashboardMachine } from "../../machines/dashboard.machine"
import { businessNewsMachine } from "../../machines/business-news.machine"
import { useWorkflowActor } from "../workflows"
import { AfterPaint } from "../shared/after-paint"
import { useCreatePortfolio } from "../portfolios/create-portfolio-host"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { DashboardCard, LatestNews, LatestPositions, RecentOrders, SkeletonRows } from "./dashboard-cards"
import { PerformanceCard } from "./performance-card"
import { SuggestionsCarousel } from "./suggestions-carousel"
import { TAG } from "../../machines/kit"
import type { ChartRange } from "../../domain/chart-range"

// The cards render again only when their own props change: the page renders again as each of its
// calls answers (the suggestions and the news come after the account's details).
const Performance = memo(PerformanceCard)
// The watchlist card's body and its workflow load after the first paint (a chunk of their own).
const WatchlistCardBody = lazy(() => import("./watchlist-card"))
const Positions = memo(LatestPositions)
const Orders = memo(RecentOrders)
const News = memo(LatestNews)
/** What a card shows when the details could not be loaded: nothing (one array, so the memo holds). */
const NONE: ReadonlyArray<never> = []

/**
 * /dashboard (spec part 1 "Dashboard"): for the portfolio chosen in the subheader's selector, the
 * performance chart, the suggestions carousel, the latest positions, the recent orders and the
 * latest news, with skeletons while they load. With no portfolio: 'Create New Portfolio to get
 * Started...' and a New Portfolio button that opens the create-portfolio modal.
 */
export function DashboardRoute() {
  const { t } = useTranslation("dashboard")
  const portfolios = usePortfoliosActor()
  const phase = usePortfolios((s) => (s.hasTag(TAG.failed) ? "failed" : s.context.accounts === null ? "loading" : "ready"))
  const accounts = usePortfolios((s) => s.context.accounts)
  return (
    <Stack gap="4">
      <Heading as="h1" srOnly>
        {t("page.title")}
      </Heading>
      {phase === "loading" && (
        <Stack gap="4" role="status" aria-label={t("page.loading")}>
          <Skeleton height="320px" />
          <Skeleton height="160px" />
        </Stack>
      )}
      {phase === "failed" && (
        <Stack gap="3" align="flex-start">
          <Text>{t("page.failed")}</Text>
          <Button size="sm" variant="outline" onClick={() => portfolios.send({ type: "portfolios.retry" })}>
            {t("page.retry")}
          </Button>
        </Stack>
      )}
      {phase === "ready" && accounts?.length === 0 && <NoPortfolio />}
      {phase === "ready" && accounts !== null && accounts.length > 0 && <DashboardBody />}
    </Stack>
  )
}

function NoPortfolio() {
  const { t } = useTranslation("dashboard")
  const createPortfolio = useCreatePortfolio()
  return (
    <Stack align="center" gap="4" paddingY="16" textAlign="center" borderWidth="1px" borderRadius="md">
      <Text fontSize="lg">{t("empty.prompt")}</Text>
      <Button colorPalette="blue" onClick={createPortfolio}>
        {t("empty.newPortfolio")}
      </Button>
    </Stack>
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
    return <Text color="fg.muted">{t("page.choose")}</Text>
  }
  return (
    <Stack gap="4" data-account-id={account.accountId}>
      {detailsFailed && (
        <Stack gap="2" align="flex-start" role="alert">
          <Text>{t("page.detailsFailed")}</Text>
          <Button size="sm" variant="outline" onClick={() => portfolios.send({ type: "account.refetch" })}>
            {t("page.retry")}
          </Button>
        </Stack>
      )}
      <Performance
        performance={details ? details.details.performance : detailsFailed ? NONE : null}
        currency={account.currency}
        opened={account.created}
        range={range}
        onRange={changeRange}
      />
      <SuggestionsCarousel
        suggestions={suggestions}
        loading={suggestionsLoading}
        failed={suggestionsFailed}
        onRetry={() => actor.send({ type: "suggestions.retry" })}
      />
      {/* Below the fold: rendered once the cards above have painted (their calls are already made). */}
      <AfterPaint placeholder={<Box minHeight="100vh" />}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <Positions accountId={account.accountId} positions={details ? details.positions : detailsFailed ? NONE : null} currency={account.currency} />
          <Orders accountId={account.accountId} orders={details ? details.details.orders : detailsFailed ? NONE : null} />
        </SimpleGrid>
        <DashboardCard id="dashboard-watchlist" title={t("watchlist.title")} seeAll={t("watchlist.seeAll")} to="/watchlist">
          <Suspense fallback={<SkeletonRows rows={4} label={t("watchlist.loading")} />}>
            <WatchlistCardBody />
          </Suspense>
        </DashboardCard>
        <Box>
          <News news={news} loading={newsLoading} failed={newsFailed} onRetry={retryNews} />
        </Box>
      </AfterPaint>
    </Stack>
  )
}
