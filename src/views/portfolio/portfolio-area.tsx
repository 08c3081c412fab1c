import { Button, EmptyState, Grid, Skeleton, Stack } from "@chakra-ui/react"
import { Navigate, Outlet } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { useCreatePortfolio } from "../portfolios/create-portfolio-host"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { TAG } from "../../machines/kit"
import { selectionAfterLoad } from "../../machines/portfolios.machine"

/**
 * /portfolio and everything under it (spec part 2 "Portfolio area"): a loading skeleton while the
 * profile or the accounts are not loaded, a retry when they could not be, an empty-state view
 * when the user has no portfolio, else the route below.
 */
export function PortfolioArea() {
  const { t } = useTranslation("portfolio")
  const actor = usePortfoliosActor()
  const phase = usePortfolios((s) => (s.hasTag(TAG.loading) ? "loading" : s.hasTag(TAG.failed) ? "failed" : "ready"))
  const count = usePortfolios((s) => s.context.accounts?.length ?? 0)
  const createPortfolio = useCreatePortfolio()

  if (phase === "loading")
    return (
      <Stack gap="5" role="status" aria-label={t("frame.loading")}>
        <Skeleton height="9" width={{ base: "100%", md: "22rem" }} />
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "14rem minmax(0, 1fr)" }} gap="5">
          <Skeleton height="48" />
          <Skeleton height="80" />
        </Grid>
      </Stack>
    )
  if (phase === "failed")
    return (
      <EmptyState.Root>
        <EmptyState.Content>
          <EmptyState.Title>{t("frame.loadFailed")}</EmptyState.Title>
          <Button size="sm" colorPalette="blue" onClick={() => actor.send({ type: "portfolios.retry" })}>
            {t("frame.retry")}
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    )
  if (count === 0)
    return (
      <>
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t("empty.title")}</EmptyState.Title>
            <EmptyState.Description>{t("empty.hint")}</EmptyState.Description>
            <Button size="sm" colorPalette="blue" onClick={createPortfolio}>
              {t("selector.newPortfolio")}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </>
    )
  return <Outlet />
}

/** /portfolio with no account id: on to the overview of the account the chart selects (the selected one, else the first). */
export function PortfolioIndex() {
  const target = usePortfolios((s) => (s.context.accounts === null ? null : selectionAfterLoad(s.context.accounts, s.context.selectedId)))
  if (target === null) return null
  return <Navigate to="/portfolio/$accountId/overview" params={{ accountId: target }} replace />
}
