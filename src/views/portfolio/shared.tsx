import { Badge } from "@chakra-ui/react"
import { useMatches, useParams } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { AccountDetails } from "../../contract/accounts"
import { DEFAULT_PORTFOLIO_SUBPAGE, type PortfolioSubpage } from "../../domain/portfolio-subpages"
import { statusColour, type StatusColour } from "../../domain/status-colour"
import { intlLocale, isLanguageCode } from "../../i18n/languages"
import { usePortfolios } from "../portfolios/portfolios-context"

/** The subpage the matched route declares (`staticData.subpage`), overview when none does. */
export const useSubpage = (): PortfolioSubpage =>
  useMatches({ select: (matches) => matches.findLast((m) => m.staticData.subpage !== undefined)?.staticData.subpage ?? DEFAULT_PORTFOLIO_SUBPAGE })

/** The Intl locale of the chosen interface language (numbers, money and dates). */
export const useIntlLocale = (): string => {
  const { i18n } = useTranslation()
  return isLanguageCode(i18n.language) ? intlLocale(i18n.language) : "en-GB"
}

/** The theme palette of each status colour role (spec part 2 section 4). */
export const PALETTE: Readonly<Record<StatusColour, string>> = {
  info: "cyan",
  warning: "orange",
  primary: "blue",
  danger: "red",
  muted: "gray",
}

/** A status label in its colour (spec part 2 section 4): info, warning, primary, danger or muted. */
export function StatusBadge({ status }: { status: string }) {
  const colour = statusColour(status)
  return (
    <Badge colorPalette={PALETTE[colour]} variant="subtle">
      {status}
    </Badge>
  )
}

/** The account id in the current /portfolio/{accountId}/... path, or null. */
export const useRouteAccountId = (): string | null => useParams({ strict: false, select: (p) => p.accountId ?? null })

/**
 * The details of the account the page shows (the route's, once the portfolios chart selected and
 * loaded it); null while they load, so nothing of another account is ever shown.
 */
export const useShownAccount = (): AccountDetails | null => {
  const routeId = useRouteAccountId()
  return usePortfolios((s) => (s.context.details !== null && s.context.details.accountId === routeId && s.context.selectedId === routeId ? s.context.details : null))
}
