import { Button, HStack, Skeleton } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { useCreatePortfolio } from "../portfolios/create-portfolio-host"
import { PortfolioCombobox } from "../portfolios/portfolio-combobox"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { TAG } from "../../machines/kit"

/**
 * The /dashboard subheader (spec part 1 "Portfolio selector"): the shared portfolio combobox
 * (placeholder 'Select Portfolio'). The portfolios chart selects the first account by default;
 * choosing sends `portfolio.select`. Beside it, for a user who already has
 * portfolios, a 'New Portfolio' button opens the create-portfolio modal (with none, the page's own
 * prompt offers it).
 */
export function PortfolioSelector() {
  const { t } = useTranslation("dashboard")
  const actor = usePortfoliosActor()
  const accounts = usePortfolios((s) => s.context.accounts)
  const selectedId = usePortfolios((s) => s.context.selectedId)
  const loading = usePortfolios((s) => s.hasTag(TAG.loading))
  const hasPortfolios = (accounts ?? []).length > 0

  const createPortfolio = useCreatePortfolio()

  // The loading box and the loaded row are different elements (keys): as one element re-rendered,
  // Chrome measured the row as shifted from (0,0), where the pulsing box's own layer put it, to its
  // place (a 0.011 layout shift with nothing moving on screen; issue 14's eighth pass, in docs/performance.md's git history).
  if (loading && accounts === null) {
    return <Skeleton key="loading" height="9" width={{ base: "100%", md: "20rem" }} role="status" aria-label={t("selector.loading")} />
  }
  return (
    <HStack key="loaded" gap="2" width={{ base: "100%", md: "auto" }}>
      <PortfolioCombobox
        ns="dashboard"
        accounts={accounts ?? []}
        selectedId={selectedId}
        onSelect={(accountId) => actor.send({ type: "portfolio.select", accountId })}
        layout={{ width: { base: "100%", md: "20rem" }, flex: { base: "1", md: "none" } }}
      />
      {hasPortfolios && (
        <Button size="sm" variant="outline" flexShrink={0} onClick={createPortfolio}>
          {t("empty.newPortfolio")}
        </Button>
      )}
    </HStack>
  )
}
