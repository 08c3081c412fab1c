/**
 * Every API call of both spec parts (section 7 of each), plus the reference server's health and
 * demo-mailbox calls and the two auth calls its security targets need (logout, code resend).
 * Paths are relative to `API_BASE` (/api). Each group is the calls of one service of the app
 * (src/services), in its own file, so the app loads a feature's schemas with that feature only;
 * this table of them all is for the server's and the contract's tests. Look calls up by name:
 * `Endpoints.placeOrder`.
 *
 * Conventions:
 * - auth "public" (signed with the public client key) for everything before a token exists:
 *   sign-in, reauth (the expired token is already cleared), registration, forgot and reset
 *   password, health, mailbox. Everything else is "session", including the one-time code step
 *   and /admins/me, which run with the token sign-in returned.
 * - idempotent (the pipeline sends an Idempotency-Key per user intent, reused on retry): every
 *   POST that creates something: order, withdrawal, portfolio, bank account, document. PATCH and
 *   DELETE calls are idempotent by nature and carry no key.
 * - `params` lists the `:name` placeholders (`pathParams`); `buildPath(e.path, params)` fills them.
 */
import { AuthEndpoints } from "./auth"
import { DocumentEndpoints } from "./documents"
import { HealthEndpoints } from "./health"
import { InstrumentEndpoints } from "./instruments"
import { MoneyEndpoints } from "./money"
import { NewsEndpoints } from "./news"
import { NotificationEndpoints } from "./notifications"
import { OrderEndpoints } from "./orders"
import { PortfolioEndpoints } from "./portfolio"
import { PriceAlertEndpoints } from "./price-alerts"
import { ReferenceEndpoints } from "./reference"
import { SecurityEndpoints } from "./security"
import { WatchlistEndpoints } from "./watchlists"
import { WorkflowEndpoints } from "./workflows"

export { AuthEndpoints } from "./auth"
export { DocumentEndpoints } from "./documents"
export { HealthEndpoints } from "./health"
export { InstrumentEndpoints } from "./instruments"
export { MoneyEndpoints } from "./money"
export { NewsEndpoints } from "./news"
export { NotificationEndpoints } from "./notifications"
export { OrderEndpoints } from "./orders"
export { PortfolioEndpoints } from "./portfolio"
export { PriceAlertEndpoints } from "./price-alerts"
export { ReferenceEndpoints } from "./reference"
export { SecurityEndpoints } from "./security"
export { WatchlistEndpoints } from "./watchlists"
export { WorkflowEndpoints } from "./workflows"

/** The table of calls, keyed by endpoint name. */
export const Endpoints = {
  ...AuthEndpoints,
  ...InstrumentEndpoints,
  ...PortfolioEndpoints,
  ...OrderEndpoints,
  ...MoneyEndpoints,
  ...DocumentEndpoints,
  ...SecurityEndpoints,
  ...NewsEndpoints,
  ...WatchlistEndpoints,
  ...PriceAlertEndpoints,
  ...NotificationEndpoints,
  ...WorkflowEndpoints,
  ...HealthEndpoints,
  ...ReferenceEndpoints,
} as const

/** The name of a call in `Endpoints`. */
export type EndpointName = keyof typeof Endpoints
