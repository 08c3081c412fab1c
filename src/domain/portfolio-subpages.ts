/**
 * The subpages of an account in the portfolio area (spec part 2 "Portfolio area"), in tab order.
 * The router gives each its route (`staticData.subpage`); any other path under
 * /portfolio/{accountId} goes to the first, overview.
 */
export const PORTFOLIO_SUBPAGES = ["overview", "positions", "orders", "transactions", "payments", "statements"] as const
export type PortfolioSubpage = (typeof PORTFOLIO_SUBPAGES)[number]
export const DEFAULT_PORTFOLIO_SUBPAGE: PortfolioSubpage = "overview"
