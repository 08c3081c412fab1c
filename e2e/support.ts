import { expect, type Page, type Route } from "@playwright/test"
import { readFileSync } from "node:fs"

/** Opens a path and waits until the start-up splash has hidden (3000 ms with nothing loading). */
export const openApp = async (page: Page, path: string) => {
  await page.goto(path)
  await expect(page.getByRole("status", { name: text("en", "common", "splash.loading") })).toBeHidden()
}

const cache = new Map<string, Record<string, unknown>>()

// Like i18next: a key segment may itself contain dots ("codes" -> "auth.forbidden").
const deepFind = (node: unknown, parts: string[]): unknown => {
  if (parts.length === 0) return node
  if (!node || typeof node !== "object") return undefined
  for (let n = parts.length; n >= 1; n--) {
    const head = parts.slice(0, n).join(".")
    const child = (node as Record<string, unknown>)[head]
    if (child !== undefined) {
      const found = deepFind(child, parts.slice(n))
      if (found !== undefined) return found
    }
  }
  return undefined
}

/** A translation from the app's own locale files, so tests follow the texts rather than copy them. */
export const text = (lang: string, ns: string, key: string, vars: Record<string, string | number> = {}): string => {
  const file = `src/i18n/locales/${lang}/${ns}.json`
  let json = cache.get(file)
  if (!json) {
    json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>
    cache.set(file, json)
  }
  const value = deepFind(json, key.split("."))
  if (typeof value !== "string") throw new Error(`No text ${lang}/${ns}:${key}`)
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`))
}

/**
 * The server's full answer to a routed request, for a test that rewrites it: sent without the
 * page's If-None-Match, so a revalidated GET cannot come back as an empty 304 (the page then
 * keeps what the test fulfils, with the server's ETag, as its last answer).
 */
export const fetchFull = (route: Route) => {
  const headers = { ...route.request().headers() }
  delete headers["if-none-match"]
  return route.fetch({ headers })
}
