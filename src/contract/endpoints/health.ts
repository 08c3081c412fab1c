import { Health } from "../health"
import { endpoint } from "../endpoint"

/** The reference server's health check (public). */
export const HealthEndpoints = {
  health: endpoint({ name: "health", method: "GET", path: "/health", response: Health, auth: "public" }),
} as const
