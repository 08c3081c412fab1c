import { buildApiBaseUrl } from "../services/api-base"
import { sendEarly } from "../services/early-answers"
import type { JsonStorage } from "../services/json-storage"

/**
 * The account the last first load selected, as stored under `hint.portfolioSelection`: an account
 * id, or null for anything else (storage is untrusted input). Only a guess of which details the
 * next load will need; the selection itself is always the chart's rule on the list just loaded.
 */
export const storedSelectionHint = (value: unknown): string | null => (typeof value === "string" && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null)

/**
 * The GETs the portfolios workflow's first load sends when the route names no portfolio
 * (`loadPortfolios` in ./workflows/portfolios.ts): the profile, the list and the guessed account's
 * details. `test/services/early-answers.test.ts` fails when the two differ.
 */
export const firstLoadPaths = (hint: string | null): ReadonlyArray<string> => [
  "/users/profile",
  "/users/account",
  ...(hint === null ? [] : [`/users/account/${hint}`]),
]

/**
 * Sends the first load's GETs as soon as a signed-in session is known (src/main.tsx), before the
 * API runtime has loaded, so that their answers are there when the frame's loader asks
 * (src/services/early-answers.ts). Nothing is sent without a token or a device id.
 */
export const askFirstAnswers = (storage: JsonStorage, token: string | null, now: number): void => {
  const deviceId = storage.get("deviceId")
  if (token === null || typeof deviceId !== "string" || deviceId.trim() === "" || typeof location === "undefined") return
  const base = buildApiBaseUrl()
  sendEarly({
    urls: firstLoadPaths(storedSelectionHint(storage.get("hint.portfolioSelection"))).map((path) => new URL(`${base}${path}`, location.href).href),
    token,
    deviceId,
    now,
  })
}
