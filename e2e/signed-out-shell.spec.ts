import type { Locator, Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { openApp, text } from "./support"

/**
 * Checks the copyright line shows this year: the page takes it from the browser's clock, so a load
 * across New Year's midnight may show the year that `before` (read before the load) still had.
 */
const expectCopyrightYear = async (scope: Page | Locator, before: number) => {
  const line = scope.getByText(/^© \d{4} Chartfolio$/)
  await expect(line).toBeVisible()
  expect([before, new Date().getFullYear()].map((year) => `© ${year} Chartfolio`)).toContain(await line.textContent())
}

test.describe("the sign-in page", () => {
  test("shows the login side panel with welcome, copyright year, Legal and Contact", async ({ page }) => {
    const year = new Date().getFullYear()
    await openApp(page, "/login")
    await expect(page.getByRole("heading", { level: 1, name: text("en", "auth", "login.title") })).toBeVisible()
    const panel = page.getByRole("complementary", { name: text("en", "common", "sidePanel.label") })
    await expect(panel.getByRole("heading", { name: text("en", "common", "sidePanel.welcome") })).toBeVisible()
    await expectCopyrightYear(panel, year)
    await expect(panel.getByRole("button", { name: "Legal" })).toBeVisible()
    await expect(panel.getByRole("link", { name: "Contact" })).toHaveAttribute("href", /^mailto:.+@.+/)
    await expect(page.getByText(text("en", "common", "syntheticNotice"))).toBeVisible()
  })

  test("the splash covers the page while start-up loads and hides when they finish", async ({ page }) => {
    // Hold the registration page's code so start-up is still loading.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/assets/registration-page-*.js", async (route) => {
      await held
      await route.continue()
    })
    // The page's clock runs as usual; the test moves it past the splash's 3000 ms instead of waiting.
    await page.clock.install()
    await page.goto("/auth/registration")
    const splash = page.getByRole("status", { name: text("en", "common", "splash.loading") })
    await expect(splash).toBeVisible()
    await page.clock.runFor(3_500)
    await expect(splash).toBeVisible()
    release()
    await expect(splash).toBeHidden()
    await expect(page.getByRole("heading", { level: 1, name: text("en", "auth", "registration.title") })).toBeVisible()
  })
})

test.describe("the Legal Agreement dialog", () => {
  test("opens from the side panel with the embedded disclosure, and Okay closes it", async ({ page }) => {
    await openApp(page, "/login")
    const trigger = page.getByRole("complementary").getByRole("button", { name: "Legal" })
    await trigger.click()
    const dialog = page.getByRole("dialog", { name: text("en", "common", "legal.title") })
    await expect(dialog).toBeVisible()
    // The focus moves into the dialog, to Okay (the frame is hidden while it loads).
    await expect(dialog.getByRole("button", { name: text("en", "common", "legal.okay") })).toBeFocused()
    const frame = dialog.locator(`iframe[title="${text("en", "common", "legal.frameTitle")}"]`)
    await expect(frame).toBeVisible()
    await expect(page.frameLocator(`iframe[title="${text("en", "common", "legal.frameTitle")}"]`).getByRole("heading", { level: 1 })).toHaveText(
      /Legal Agreement/,
    )
    await expect(dialog.getByRole("status", { name: text("en", "common", "legal.loading") })).toBeHidden()
    await dialog.getByRole("button", { name: text("en", "common", "legal.okay") }).click()
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
  })

  test("shows a skeleton until the disclosure has loaded, and the close button closes it", async ({ page }) => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/embedded/legal-disclosure.html", async (route) => {
      await held
      await route.continue()
    })
    await openApp(page, "/login")
    await page.getByRole("complementary").getByRole("button", { name: "Legal" }).click()
    const dialog = page.getByRole("dialog", { name: "Legal Agreement" })
    await expect(dialog.getByRole("status", { name: text("en", "common", "legal.loading") })).toBeVisible()
    release()
    await expect(dialog.getByRole("status", { name: text("en", "common", "legal.loading") })).toBeHidden()
    await dialog.getByRole("button", { name: text("en", "common", "legal.close") }).click()
    await expect(dialog).toBeHidden()
  })

  test("is also reachable with the keyboard only", async ({ page }) => {
    await openApp(page, "/login")
    const trigger = page.getByRole("complementary").getByRole("button", { name: "Legal" })
    await trigger.focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Legal Agreement" })
    await expect(dialog).toBeVisible()
    await page.keyboard.press("Escape")
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
  })
})

test.describe("the first paint before the app's scripts run", () => {
  test("shows the login side panel in the browser's language, and the app takes it over", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" })
    const page = await context.newPage()
    // The app's scripts never arrive: what shows is the page as the server sent it.
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
    const year = new Date().getFullYear()
    await page.goto("/login")
    await expect(page.getByText(text("de", "common", "sidePanel.welcome"), { exact: true })).toBeVisible()
    await expect(page.getByText(text("de", "common", "sidePanel.tagline"), { exact: true })).toBeVisible()
    await expectCopyrightYear(page, year)
    // A page that is not signed-out shows no side panel.
    await page.goto("/dashboard")
    await expect(page.getByText(text("de", "common", "sidePanel.welcome"), { exact: true })).toHaveCount(0)
    await page.unroute(/\/assets\/.+\.js$/)
    // With the scripts, the app's own panel replaces the painted one: one welcome heading, in German.
    await page.goto("/login")
    await expect(page.getByRole("heading", { level: 1, name: text("de", "auth", "login.title") })).toBeVisible()
    await expect(page.getByText(text("de", "common", "sidePanel.welcome"), { exact: true })).toHaveCount(1)
    await expect(
      page
        .getByRole("complementary", { name: text("de", "common", "sidePanel.label") })
        .getByRole("heading", { name: text("de", "common", "sidePanel.welcome") }),
    ).toBeVisible()
    await context.close()
  })

  test("a visit with a kept session asks for the signed-in start's chunks while the app's own script is still held, each once; a signed-out visit asks for none", async ({
    browser,
    baseURL,
  }) => {
    const startChunk = /\/assets\/(api|signed-in|page-dashboard|i18n-en-signed-in)-[\w-]+\.js$/
    const held = (page: Page) => {
      let release: () => void = () => undefined
      const until = new Promise<void>((resolve) => (release = resolve))
      return page
        .route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
          await until
          await route.continue()
        })
        .then(() => release)
    }
    const preloaded = (page: Page) =>
      page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname))
    // Signed out, with the app's script held: the shell has painted /login's panel and named none of them.
    const signedOut = await browser.newPage({ baseURL, locale: "en-GB" })
    const releaseSignedOut = await held(signedOut)
    await signedOut.goto("/login", { waitUntil: "commit" })
    await expect(signedOut.getByText(text("en", "common", "sidePanel.welcome"), { exact: true })).toBeVisible()
    expect((await preloaded(signedOut)).filter((path) => startChunk.test(path))).toEqual([])
    releaseSignedOut()
    await signedOut.close()

    // A kept session: the entry chunk is held, and the start chunks are asked for all the same.
    const page = await signedInPage(browser, baseURL, DEMO)
    const asked: string[] = []
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname
      if (startChunk.test(path)) asked.push(path)
    })
    const release = await held(page)
    await page.goto("/dashboard", { waitUntil: "commit" })
    await expect
      .poll(() => [...new Set(asked.map((path) => startChunk.exec(path)?.[1]))].sort())
      .toEqual(["api", "i18n-en-signed-in", "page-dashboard", "signed-in"])
    release()
    // The app then uses those downloads: the page shows, and no chunk was fetched twice.
    await expect(page.getByRole("navigation", { name: text("en", "common", "menu.label") })).toBeVisible()
    await expect(page.getByTestId("performance-summary")).toBeVisible()
    expect(asked.length).toBe(new Set(asked).size)
    await page.context().close()
  })
})

test("a toast on a signed-out page leaves the Language selector and colour-mode switch uncovered and usable", async ({ page }) => {
  await openApp(page, "/forgot-password")
  await expect(page.getByRole("heading", { level: 1, name: text("en", "auth", "forgotPassword.title") })).toBeVisible()
  await page.getByLabel(text("en", "auth", "forgotPassword.email")).fill("nobody-toast@chartfolio.test")
  await page.getByRole("button", { name: text("en", "auth", "forgotPassword.submit") }).click()
  await expect(page).toHaveURL(/\/login$/)
  // The server's answer (the same for any address) or the app's own text.
  const toast = page.getByRole("status").filter({ hasText: /reset/i })
  await expect(toast).toBeVisible()
  const language = page.getByLabel(text("en", "common", "language.label"))
  const colourMode = page.getByRole("main").getByLabel(text("en", "common", "colorMode.dark"))
  const toastBox = await toast.boundingBox()
  expect(toastBox).not.toBeNull()
  for (const control of [language, colourMode]) {
    const box = await control.boundingBox()
    expect(box).not.toBeNull()
    const apart =
      toastBox!.x + toastBox!.width <= box!.x ||
      box!.x + box!.width <= toastBox!.x ||
      toastBox!.y + toastBox!.height <= box!.y ||
      box!.y + box!.height <= toastBox!.y
    expect(apart).toBe(true)
  }
  // And the selector answers a click while the toast shows.
  await language.selectOption({ label: "Deutsch" })
  await expect(page.getByRole("heading", { level: 1, name: text("de", "auth", "login.title") })).toBeVisible()
})
