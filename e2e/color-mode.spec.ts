import { type FrameLocator, type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { discoverIds } from "./routes"
import { openApp, text } from "./support"

// Issue 15, dark mode: the page follows the system until the header's switch is used; the choice is
// stored locally and painted from the first frame; charts draw in the mode's colours.

const STORED = "chartfolio.v1.colorMode"
const darkSwitch = (page: Page) => page.getByRole("button", { name: text("en", "common", "colorMode.dark") })
const html = (page: Page) => page.locator("html")
const shown = async (page: Page, mode: "light" | "dark") => {
  await expect(html(page)).toHaveClass(new RegExp(`(^|\\s)${mode}(\\s|$)`))
  await expect(html(page)).not.toHaveClass(new RegExp(`(^|\\s)${mode === "dark" ? "light" : "dark"}(\\s|$)`))
  await expect(darkSwitch(page)).toHaveAttribute("aria-pressed", String(mode === "dark"))
}
/** The brightest channel (0..255) of the page's background colour. */
const brightness = async (page: Page) => {
  const css = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
  return Math.max(...(css.match(/\d+/g) ?? []).slice(0, 3).map(Number))
}
const stored = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), STORED)

test.describe("with the system in dark mode", () => {
  test.use({ colorScheme: "dark" })

  test("the page follows the system; the switch shows light and stores it; switching back to the system's mode forgets the choice", async ({ page }) => {
    await openApp(page, "/login")
    await shown(page, "dark")
    // The page's background is dark: Chakra's tokens follow the class.
    await expect.poll(() => brightness(page)).toBeLessThan(40)
    expect(await stored(page)).toBeNull()

    await darkSwitch(page).click()
    await shown(page, "light")
    await expect.poll(() => brightness(page)).toBeGreaterThan(230)
    expect(await stored(page)).toBe(JSON.stringify("light"))
    await page.reload()
    await shown(page, "light")

    await darkSwitch(page).click()
    await shown(page, "dark")
    expect(await stored(page)).toBeNull()
    // Following the system again: its change shows at once.
    await page.emulateMedia({ colorScheme: "light" })
    await shown(page, "light")
    await page.emulateMedia({ colorScheme: "dark" })
    await shown(page, "dark")
  })
})

test("a stored choice wins over the system, and is painted before the app's JavaScript runs", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" })
  await page.context().addInitScript((key) => window.localStorage.setItem(key, JSON.stringify("dark")), STORED)
  // Without the app's bundle the first frame still comes in the stored mode (index.html's blocking script).
  await page.route("**/assets/*.js", (route) => route.abort())
  await page.goto("/login")
  await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/)
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("dark")
  await page.unroute("**/assets/*.js")
  await openApp(page, "/login")
  await shown(page, "dark")
  // A change of the system's preference does not override the choice.
  await page.emulateMedia({ colorScheme: "dark" })
  await page.emulateMedia({ colorScheme: "light" })
  await shown(page, "dark")
})

/** What the canvases of a chart hold: pixels of text a dark page could not show (near black) and light ones. */
const inks = (chart: Locator) =>
  chart.evaluate((box) => {
    let black = 0
    let light = 0
    for (const canvas of box.querySelectorAll("canvas")) {
      const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
      for (let i = 0; i < pixels.length; i += 4) {
        const [r = 0, g = 0, b = 0, a = 0] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
        if (a < 200) continue
        if (Math.max(r, g, b) < 25) black++
        if (Math.min(r, g, b) > 140) light++
      }
    }
    return { black: black > 0, light: light > 0 }
  })

test("in dark mode the performance chart draws its axes, labels and line in light colours, none in black", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.emulateMedia({ colorScheme: "dark" })
  await openApp(page, "/dashboard")
  await shown(page, "dark")
  const chart = page.getByRole("group", { name: text("en", "dashboard", "performance.crosshair") })
  await expect(chart.locator("canvas").first()).toBeVisible()
  await expect.poll(() => inks(chart)).toEqual({ black: false, light: true })
  // Switched to light, the same chart redraws: dark labels, no light-grey text.
  await darkSwitch(page).click()
  await shown(page, "light")
  await expect.poll(() => inks(chart)).toMatchObject({ black: false })
  await page.context().close()
})

/** The brightest channel (0..255) of a colour as getComputedStyle writes it ("rgb(9, 9, 11)"). */
const brightest = (css: string) => Math.max(...(css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number))
/** The mode the page inside a frame is painted in, from its body's background and text colours. */
const frameMode = async (frame: FrameLocator) => {
  const paint = await frame.locator("body").evaluate((body) => ({ background: getComputedStyle(body).backgroundColor, text: getComputedStyle(body).color }))
  const [background, ink] = [brightest(paint.background), brightest(paint.text)]
  return background < 40 && ink > 200 ? "dark" : background > 230 && ink < 40 ? "light" : `neither (${paint.text} on ${paint.background})`
}

// Issue 31: the pages the app frames (public/embedded/*.html) paint in the app's mode, from the theme.
test("in dark mode the market insight page is dark inside its frame, follows the switch while open, and Back still leaves the page", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.emulateMedia({ colorScheme: "dark" })
  await openApp(page, "/dashboard")
  await openApp(page, "/market-insight")
  await shown(page, "dark")
  const frame = page.frameLocator(`iframe[title="${text("en", "account", "insight.frameTitle")}"]`)
  await expect(frame.getByRole("heading", { level: 1 })).toBeVisible()
  await expect.poll(() => frameMode(frame)).toBe("dark")

  await darkSwitch(page).click()
  await shown(page, "light")
  await expect.poll(() => frameMode(frame)).toBe("light")
  await darkSwitch(page).click()
  await shown(page, "dark")
  await expect.poll(() => frameMode(frame)).toBe("dark")
  // Switching the frame's colours adds nothing to the tab's history: Back goes to the page before.
  await page.goBack()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.context().close()
})

test.describe("with the system in dark mode, signed out", () => {
  test.use({ colorScheme: "dark" })

  test("the Legal dialog's disclosure is dark inside its frame", async ({ page }) => {
    await openApp(page, "/login")
    await shown(page, "dark")
    await page
      .getByRole("complementary")
      .getByRole("button", { name: text("en", "common", "footer.legal") })
      .click()
    const frame = page.frameLocator(`iframe[title="${text("en", "common", "legal.frameTitle")}"]`)
    await expect(frame.getByRole("heading", { level: 1 })).toBeVisible()
    await expect.poll(() => frameMode(frame)).toBe("dark")
  })
})

/**
 * For each instrument logo in `scope` (the logos are round): what a user sees at its corner (the
 * picture's own pixel there when it is opaque, else the first background behind it) and the surface
 * the logo sits on (the first background outside the logo's own box), as brightest channels, 0..255.
 * A logo on a square of its own shows a corner unlike its surface. The logos are decorative images
 * (alt=""), without a role to find them by.
 */
const logoCorners = (scope: Locator) =>
  scope.locator('img[src*="/instrument-logos/"]').evaluateAll((images) =>
    Promise.all(
      images.map(async (image) => {
        const img = image as HTMLImageElement
        const background = (from: Element | null) => {
          for (let el = from; el; el = el.parentElement) {
            const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(el).backgroundColor.match(/[\d.]+/g) ?? []).map(Number)
            if (a > 0.5) return Math.max(r, g, b)
          }
          return 255
        }
        await img.decode().catch(() => undefined)
        const canvas = document.createElement("canvas")
        canvas.width = canvas.height = 40
        const context = canvas.getContext("2d")
        context?.drawImage(img, 0, 0, 40, 40)
        const [r = 0, g = 0, b = 0, a = 0] = context?.getImageData(1, 1, 1, 1).data ?? []
        const surface = background(img.closest('[data-scope="avatar"][data-part="root"]')?.parentElement ?? null)
        return { corner: a > 128 ? Math.max(r, g, b) : background(img), surface }
      }),
    ),
  )

test("in dark mode instrument logos sit on the dark page, not on light squares: carousel, search results, instrument page, positions", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.emulateMedia({ colorScheme: "dark" })
  const { accountId, instrumentId } = await discoverIds(page)
  const dark = async (scope: Locator, where: string) => {
    await expect(scope.locator('img[src*="/instrument-logos/"]').first()).toBeVisible()
    const logos = await logoCorners(scope)
    expect(logos.length, where).toBeGreaterThan(0)
    for (const { corner, surface } of logos) {
      expect(corner, `${where}: a logo's corner shows the surface it sits on`).toBe(surface)
      expect(surface, `${where}: the surface is dark`).toBeLessThan(60)
    }
  }

  await openApp(page, "/dashboard")
  await shown(page, "dark")
  await dark(page.getByRole("group", { name: text("en", "dashboard", "suggestions.label") }), "the dashboard's carousel")

  await openApp(page, "/instruments")
  await page.getByRole("searchbox", { name: text("en", "instruments", "search.label") }).fill("a")
  await dark(page.getByRole("list", { name: text("en", "instruments", "search.results") }), "the search results")

  await openApp(page, `/instruments/view/${instrumentId}`)
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  await dark(page.locator("body"), "the instrument page")

  await openApp(page, `/portfolio/${accountId}/positions`)
  await dark(page.getByRole("main"), "the positions table")
  await page.context().close()
})
