import { useTranslation } from "react-i18next"
import { useCreatePortfolio } from "../portfolios/create-portfolio-host"
import { ClosedPortfolioCombobox } from "../portfolios/portfolio-combobox-closed"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { TAG } from "../../machines/kit"
import "../shared/plain-parts.css"
import "./dashboard.css"

/**
 * The /dashboard subheader (spec part 1 "Portfolio selector"): the shared portfolio combobox
 * (placeholder 'Select Portfolio'), shown closed in plain elements until the user reaches for it
 * (`ClosedPortfolioCombobox`). The portfolios chart selects the first account by default;
 * choosing sends `portfolio.select`. Beside it, for a user who already has portfolios, a 'New
 * Portfolio' button opens the create-portfolio modal (with none, the page's own prompt offers it).
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
  // place (a 0.011 layout shift with nothing moving on screen; docs/performance.md, eighth pass).
  if (loading && accounts === null) {
    return <div key="loading" className="cf-skeleton cf-dash-selector-skeleton" role="status" aria-label={t("selector.loading")} />
  }
  return (
    <div key="loaded" className="cf-dash-subheader">
      <ClosedPortfolioCombobox ns="dashboard" accounts={accounts ?? []} selectedId={selectedId} onSelect={(accountId) => actor.send({ type: "portfolio.select", accountId })} />
      {hasPortfolios && (
        <button type="button" className="cf-button cf-button-sm cf-button-outline" onClick={createPortfolio}>
          {t("empty.newPortfolio")}
        </button>
      )}
    </div>
  )
}
