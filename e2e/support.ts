import { expect, type Locator, type Page, type Route } from "@playwright/test"
import { readFileSync } from "node:fs"
import { newNonce, sign } from "../src/contract/signature"

/** Opens a path and waits until the start-up splash has hidden (3000 ms with nothing loading). */
export const openApp = async (page: Page, path: string) => {
  await page.goto(path)
  await expect(page.getByRole("status", { name: text("en", "common", "splash.loading") })).toBeHidden()
}

/**
 * Waits until `target` has the focus (a dialog gave it back to its opener). When it never does, the
 * failure also says where the focus is instead and whether React hid part of the page for a
 * Suspense fallback (which blurs what it hides), so a rare failure on a loaded machine tells why.
 */
export const expectFocusBack = async (page: Page, target: Locator) => {
  try {
    await expect(target).toBeFocused()
  } catch (error) {
    const where = await page.evaluate(() => {
      const active = document.activeElement
      const name =
        active === null || active === document.body
          ? "the page's body"
          : `<${active.tagName.toLowerCase()}> "${(active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 60)}"`
      const hidden = document.querySelectorAll("[style*='display: none !important']").length
      const dialogs = document.querySelectorAll("[role=dialog], [role=alertdialog]").length
      return `the focus is on ${name}; dialog elements in the page (shown or hidden): ${dialogs}; elements hidden by a Suspense fallback: ${hidden}`
    })
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${where}`)
  }
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

/**
 * The page's wall clock, movable: `Date` runs `offset` ms ahead of real time while timers,
 * animation frames and `performance` run as usual, as when a user leaves a page open for half an
 * hour. Call before the page loads (it adds an init script); the offset lasts across reloads of
 * the tab. Playwright's `page.clock` fakes `requestAnimationFrame` too: Chakra's dialogs read
 * their exit animation in a frame, and a faked frame that comes late on a loaded machine lets the
 * animation end unseen, so a closed dialog stayed on screen (issue 15's stress runs).
 */
export const wallClock = async (page: Page) => {
  await page.addInitScript(() => {
    const RealDate = Date
    const realNow = RealDate.now.bind(RealDate)
    const offset = () => Number(sessionStorage.getItem("e2e.wallClockOffset") ?? 0)
    window.Date = new Proxy(RealDate, {
      construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [realNow() + offset()] : args, newTarget),
      apply: () => new RealDate(realNow() + offset()).toString(),
      get: (target, key, receiver) => (key === "now" ? () => realNow() + offset() : Reflect.get(target, key, receiver)),
    })
  })
  const set = (ms: number) => page.evaluate((ms) => sessionStorage.setItem("e2e.wallClockOffset", String(ms)), ms)
  return {
    /**
     * Moves the page's wall clock `ms` ahead of real time as the next click reaches the page (a
     * listener that runs before any of the page's own, in the click's task), so that the test's
     * click is the first thing to meet the moved clock. Moving it before the click let a
     * background poll (the portfolios' orders every 2 or 15 s) meet the expired session first, and
     * its re-authentication dialog then covered the button the test was to click (docs/decisions/0159-no-fixed-waits.md).
     */
    aheadAtNextClick: (ms: number) =>
      page.evaluate((ms) => {
        window.addEventListener("click", () => sessionStorage.setItem("e2e.wallClockOffset", String(ms)), { capture: true, once: true })
      }, ms),
    /** Puts the page's wall clock back to real time. */
    now: () => set(0),
  }
}

/**
 * Opens the first instrument found for "a" the way a user does (the side menu's Instruments tab, a
 * search, the first result) and waits for its page: the heading must name the symbol of the result
 * clicked, not the page left behind, whose heading stays up while the next one loads.
 */
export const openFirstInstrument = async (page: Page, lang = "en"): Promise<{ symbol: string; name: string }> => {
  await openApp(page, "/instruments")
  await page.getByRole("searchbox", { name: text(lang, "instruments", "search.label") }).fill("a")
  const results = page.getByRole("list", { name: text(lang, "instruments", "search.results") })
  const first = results.getByRole("link").first()
  // The search has answered (a later answer would replace the link under the click).
  await expect(first).toBeVisible()
  await expect(results).toHaveAttribute("aria-busy", "false")
  const symbol = (await first.locator("span").filter({ hasText: /\S/ }).first().innerText()).trim()
  await first.click()
  await expect(page).toHaveURL(/\/instruments\/view\/[^/]+$/)
  const heading = page.getByRole("heading", { level: 1 })
  await expect(heading).toHaveText(symbol)
  const name = (await heading.locator("xpath=following-sibling::*[1]").innerText()).trim()
  return { symbol, name }
}

/**
 * Scrolls a virtual table (it renders only the rows in view) page by page until `row` is rendered,
 * the way a user scrolls to an older row; rows other tests add push the seeded ones down.
 */
export const scrollToRow = async (table: Locator, row: Locator) => {
  await expect(table).toBeVisible()
  await expect(async () => {
    if ((await row.count()) > 0) return
    await table.evaluate((el) => {
      let box: HTMLElement | null = el as HTMLElement
      while (box && !(box.scrollHeight > box.clientHeight && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) box = box.parentElement
      if (box) box.scrollTop += box.clientHeight
    })
    expect(await row.count()).toBeGreaterThan(0)
  }).toPass({ timeout: 30_000 })
}

/** A regular expression for a translated text whose variables ("§" in the template) may be anything. */
export const textPattern = (template: string): RegExp =>
  new RegExp(
    template
      .split("§")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+"),
  )

/** A number as shown in `lang` ("1,234.56" in en, "1.234,56" in de) read back as a number. */
export const readShown = (shown: string, lang: string): number => {
  const digits = /\d[\d.,\s\u202f\u00a0]*/.exec(shown)?.[0] ?? ""
  const plain = lang === "de" ? digits.replace(/[.\s\u202f\u00a0]/g, "").replace(",", ".") : digits.replace(/[,\s\u202f\u00a0]/g, "")
  return Number(plain)
}

/** A POST to the API signed as the app signs its calls, with the session and device `page` holds (a test's lever or a direct call). */
export const signedPost = async (page: Page, target: string, body: unknown) => {
  const stored = await page.evaluate(() => ({ session: localStorage.getItem("chartfolio.v1.session"), device: localStorage.getItem("chartfolio.v1.deviceId") }))
  const token = (JSON.parse(stored.session ?? "{}") as { token?: string }).token ?? ""
  const deviceId = JSON.parse(stored.device ?? '""') as string
  const payload = JSON.stringify(body)
  const timestamp = Date.now()
  const nonce = newNonce()
  const signature = await sign(token, { method: "POST", target, timestamp, nonce, body: payload })
  return page.request.post(target, {
    data: payload,
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${token}`,
      "X-Timestamp": String(timestamp),
      "X-Nonce": nonce,
      "X-Device-Id": deviceId,
      "X-Signature": signature,
    },
  })
}

/**
 * Holds the page's requests to `url` until the answered `release()` is called, as on a slow network
 * (to see a loading state first); requests after the release go through at once.
 */
export const holdRequests = async (page: Page, url: RegExp): Promise<() => void> => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue().catch(() => undefined)
  })
  return release
}
