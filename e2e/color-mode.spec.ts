import { type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
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
