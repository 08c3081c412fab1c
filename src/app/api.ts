import { Effect } from "effect"
import { makeAppLayer } from "../services/app-layer"
import { Auth } from "../services/auth.service"
import { makeAppRuntime, runForActor } from "../services/bridge"
import { ClientStorage } from "../services/client-storage"
import { DevMailbox } from "../services/dev-mailbox.service"
import { Documents } from "../services/documents.service"
import { Instruments } from "../services/instruments.service"
import type { JsonStorage } from "../services/json-storage"
import { Money } from "../services/money.service"
import { News } from "../services/news.service"
import { Notifications } from "../services/notifications.service"
import { Orders } from "../services/orders.service"
import { Portfolio } from "../services/portfolio.service"
import { Watchlists } from "../services/watchlists.service"
import { PriceAlerts } from "../services/price-alerts.service"
import { Security } from "../services/security.service"
import { Workflows } from "../services/workflows.service"
import type { AppServices } from "../services/app-layer"
import { sessionPortLayer, type SessionLink } from "./session-link"

/**
 * The API runtime: Effect, the contract's schemas and every service. It is the only module that
 * carries them, and the app loads it on the first call a chart makes (and prefetches it when the
 * browser is idle), so none of it is in the JavaScript needed to render a page.
 *
 * Workflow modules (`./workflows/*`) describe their calls as programs over `ApiServices`; the
 * workflow source runs them here through the one actor bridge (`src/services/bridge.ts`), with the
 * invoking actor's AbortSignal.
 */
// (Only what the programs use: the whole Effect namespace would defeat tree-shaking.)
export const apiServices = {
  all: Effect.all,
  flatMap: Effect.flatMap,
  map: Effect.map,
  orElseSucceed: Effect.orElseSucceed,
  succeed: Effect.succeed,
  Auth,
  ClientStorage,
  DevMailbox,
  Documents,
  Instruments,
  Money,
  News,
  Notifications,
  Orders,
  Portfolio,
  Watchlists,
  PriceAlerts,
  Security,
  Workflows,
}
export type ApiServices = typeof apiServices

export interface Api {
  readonly services: ApiServices
  /** Runs one program for an actor: aborting `signal` interrupts it and its fetch (see `runForActor`). */
  readonly run: <A, E>(program: Effect.Effect<A, E, AppServices>, signal: AbortSignal) => Promise<A>
}

export const makeApi = (link: SessionLink, storage: JsonStorage): Api => {
  const runtime = makeAppRuntime(makeAppLayer({ session: sessionPortLayer(link), storage: ClientStorage.layerFrom(storage) }))
  return { services: apiServices, run: (program, signal) => runForActor(runtime, program, signal) }
}
