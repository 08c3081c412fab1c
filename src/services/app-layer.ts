import { Layer } from "effect"
import { makeCoreLayer, type CoreServices, type LayerOptions } from "./core-layer"
import { Auth } from "./auth.service"
import { DevMailbox } from "./dev-mailbox.service"
import { Documents } from "./documents.service"
import { Health } from "./health.service"
import { Instruments } from "./instruments.service"
import { Money } from "./money.service"
import { News } from "./news.service"
import { Notifications } from "./notifications.service"
import { Orders } from "./orders.service"
import { Portfolio } from "./portfolio.service"
import { PriceAlerts } from "./price-alerts.service"
import { Security } from "./security.service"
import { Watchlists } from "./watchlists.service"
import { Workflows } from "./workflows.service"

/** Every service the app runtime provides. */
export type AppServices =
  | CoreServices
  | Health
  | DevMailbox
  | Auth
  | Portfolio
  | Orders
  | Instruments
  | News
  | Money
  | Documents
  | Security
  | Watchlists
  | PriceAlerts
  | Notifications
  | Workflows

/** Every live service of the app (or the replacements named in `options`); `makeAppRuntime()` uses it. */
export const makeAppLayer = (options: LayerOptions = {}): Layer.Layer<AppServices> =>
  Layer.mergeAll(
    Health.layer,
    DevMailbox.layer,
    Auth.layer,
    Portfolio.layer,
    Orders.layer,
    Instruments.layer,
    News.layer,
    Money.layer,
    Documents.layer,
    Watchlists.layer,
    PriceAlerts.layer,
    Notifications.layer,
    Security.layer,
    Workflows.layer,
  ).pipe(Layer.provideMerge(makeCoreLayer(options)))
