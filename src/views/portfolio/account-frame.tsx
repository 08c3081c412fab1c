import { Box, Button, EmptyState, Grid, Heading, HStack, Stack } from "@chakra-ui/react"
import { Navigate, Outlet, Link as RouterLink, useNavigate } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { useCreatePortfolio } from "../portfolios/create-portfolio-host"
import { isOwnAccount } from "../../machines/portfolios.machine"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { AccountSelector } from "./account-selector"
import { PORTFOLIO_SUBPAGES, type PortfolioSubpage } from "../../domain/portfolio-subpages"
import { useRouteAccountId, useShownAccount, useSubpage } from "./shared"
import { PortfolioSidePanel } from "./side-panel"
import { SubpageTab, SubpageTabs } from "../shared/subpage-tabs"

/** Where a subpage of an account lives. */
export const subpagePath = (subpage: PortfolioSubpage) => `/portfolio/$accountId/${subpage}` as const

/**
 * /portfolio/{accountId}/...: the portfolio area's frame around a subpage (spec part 2 "Portfolio
 * area"). The route tells the shared portfolios chart which account the URL names (`route.account`,
 * src/app/router.tsx); the chart selects it, or names where the page goes instead when it is not
 * one of the user's (the first account), which this frame renders on the same subpage. The selector
 * goes to /portfolio/{accountId}/{same subpage}; clearing it leaves no portfolio selected until one
 * is chosen. Beside the subpage: the side panel with the account's figures.
 */
export function PortfolioAccountFrame() {
  const { t } = useTranslation("portfolio")
  const navigate = useNavigate()
  const actor = usePortfoliosActor()
  const routeId = useRouteAccountId()
  const subpage = useSubpage()
  const accounts = usePortfolios((s) => s.context.accounts)
  const selectedId = usePortfolios((s) => s.context.selectedId)
  const redirect = usePortfolios((s) => (s.context.routeAccountId === routeId ? s.context.redirect : null))
  const detailsFailed = usePortfolios((s) => s.hasTag("details.failed"))
  const account = useShownAccount()
  const createPortfolio = useCreatePortfolio()

  // The URL names an account that is not the user's: the page goes to the one the chart names, on the same subpage.
  if (redirect !== null) return <Navigate to={subpagePath(subpage)} params={{ accountId: redirect }} replace />
  if (accounts === null || !isOwnAccount(accounts, routeId)) return null
  const cleared = selectedId === null

  return (
    <Stack gap="5">
      {/* The page's name for assistive technology; focus moves here after a navigation (the tabs show it visually). */}
      <Heading as="h1" srOnly>
        {t("frame.heading", { page: t(`tabs.${subpage}`) })}
      </Heading>
      <HStack justify="space-between" gap="4" wrap="wrap">
        <AccountSelector
          accounts={accounts}
          selectedId={selectedId}
          onSelect={(accountId) => {
            if (accountId === null) actor.send({ type: "portfolio.select", accountId: null })
            else {
              actor.send({ type: "portfolio.select", accountId })
              void navigate({ to: subpagePath(subpage), params: { accountId } })
            }
          }}
          onNewPortfolio={createPortfolio}
        />
        {!cleared && (
          <SubpageTabs label={t("tabs.label")}>
            {PORTFOLIO_SUBPAGES.map((page) => (
              <SubpageTab key={page}>
                <RouterLink to={subpagePath(page)} params={{ accountId: routeId }}>
                  {t(`tabs.${page}`)}
                </RouterLink>
              </SubpageTab>
            ))}
          </SubpageTabs>
        )}
      </HStack>
      {cleared ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t("frame.noneSelected")}</EmptyState.Title>
            <EmptyState.Description>{t("frame.noneSelectedHint")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : detailsFailed ? (
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Title>{t("frame.detailsFailed")}</EmptyState.Title>
            <Button size="sm" colorPalette="blue" onClick={() => actor.send({ type: "account.refetch" })}>
              {t("frame.retry")}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "14rem minmax(0, 1fr)" }} gap="5" alignItems="start">
          <PortfolioSidePanel account={account} />
          <Box minWidth="0">
            <Outlet />
          </Box>
        </Grid>
      )}
    </Stack>
  )
}
