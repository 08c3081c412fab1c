/**
 * The product's API areas beyond auth, in the order they are mounted under /api. `createApp`
 * mounts these by default; tests pick the areas they need with `createApp({ routes })`.
 */
import type { ApiRoutes } from "../context"
import { accountRoutes } from "./accounts"
import { bankAccountRoutes } from "./bank-accounts"
import { documentRoutes } from "./documents"
import { instrumentRoutes } from "./instruments"
import { newsRoutes } from "./news"
import { notificationRoutes } from "./notifications"
import { orderRoutes } from "./orders"
import { priceAlertRoutes } from "./price-alerts"
import { watchlistRoutes } from "./watchlists"
import { securityRoutes } from "./security"
import { workflowRoutes } from "./workflows"

export const productRoutes: ReadonlyArray<ApiRoutes> = [
  accountRoutes,
  bankAccountRoutes,
  instrumentRoutes,
  newsRoutes,
  orderRoutes,
  documentRoutes,
  watchlistRoutes,
  priceAlertRoutes,
  notificationRoutes,
  securityRoutes,
  workflowRoutes,
]
