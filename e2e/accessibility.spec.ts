import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { DEMO, registerAndSignIn, resumeSession, signedInPage } from "./auth-support"
import { ISSUE_31_CASES } from "./issue31-cases"
import { layoutShifts, SHIFTS_DEPEND_ON_DATA, watchLayoutShifts } from "./layout-shifts"
import { discoverIds, loaded, openCodeStep, SIGNED_OUT_ROUTES, signedInRoutes } from "./routes"
import { openApp, text } from "./support"

// targets.md: axe-core on every route, 0 serious or critical violations; issue 15: in both colour
// modes. How axe runs (after the page's transitions, frames left out): e2e/axe.ts.

const MODES = ["light", "dark"] as const

/** The page's colour mode as the user sees it (the class on <html> that Chakra's tokens follow). */
const expectMode = (page: Page, mode: (typeof MODES)[number]) => expect(page.locator("html")).toHaveClass(new RegExp(`(^|\\s)${mode}(\\s|$)`))

// Every route that shows a page (e2e/routes.ts), in the system's light and dark mode (the app
// follows the system while no choice is stored).
for (const mode of MODES) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode })

    test(`every signed-out route, the code step included, has no serious accessibility violations (${mode})`, async ({ page }) => {
      test.setTimeout(120_000)
      const found: Record<string, ReadonlyArray<string>> = {}
      const check = async (path: string) => {
        await loaded(page)
        await expectMode(page, mode)
        const violations = await seriousViolations(page)
        if (violations.length > 0) found[path] = violations
      }
      for (const path of SIGNED_OUT_ROUTES) {
        await openApp(page, path)
        await check(path)
      }
      await openCodeStep(page, DEMO, () => check("/2fa-otp"))
      expect(found).toEqual({})
    })

    for (const [group, pick] of [
      ["the dashboard, news, market insight, an instrument and the error pages", (path: string) => !/^\/(portfolio|user-account)\//.test(path)],
      ["the portfolio pages", (path: string) => path.startsWith("/portfolio/")],
      ["the user-account pages", (path: string) => path.startsWith("/user-account/")],
    ] as const) {
      test(`${group} have no serious accessibility violations, and nothing in view moves as their content comes (${mode})`, async ({ browser, baseURL }) => {
        test.setTimeout(180_000)
        const page = await signedInPage(browser, baseURL, DEMO)
        await page.emulateMedia({ colorScheme: mode }) // a context of its own: test.use does not reach it
        const routes = signedInRoutes(await discoverIds(page)).filter(pick)
        await watchLayoutShifts(page)
        const found: Record<string, ReadonlyArray<string>> = {}
        for (const path of routes) {
          await openApp(page, path)
          await loaded(page)
          await expectMode(page, mode)
          const violations = await seriousViolations(page)
          const shifts = path in SHIFTS_DEPEND_ON_DATA ? [] : (await layoutShifts(page)).map((shift) => `moved as the content came: ${shift}`)
          if (violations.length > 0 || shifts.length > 0) found[path] = [...violations, ...shifts]
        }
        expect(found).toEqual({})
        await page.context().close()
      })
    }
  })
}

test("issue 31's fixes have no serious accessibility violations in dark mode: the 2Y since text, the cash-flow crosshair's tooltip, the breadcrumb, the builder, the unknown instrument, the order row's disabled Cancel, the withdrawal review, the document details", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.emulateMedia({ colorScheme: "dark" })
  const ids = await discoverIds(page)
  const found: Record<string, ReadonlyArray<string>> = {}
  for (const { name, show } of ISSUE_31_CASES) {
    await show(page, "en", ids)
    await expectMode(page, "dark")
    const violations = await seriousViolations(page)
    if (violations.length > 0) found[name] = violations
  }
  expect(found).toEqual({})
  await page.context().close()
})

test("the signed-in pages and the error pages have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000) // registers a user first
  await registerAndSignIn(page, "a11y")
  expect(await seriousViolations(page)).toEqual([])
  await page.goto("/error/error-v2")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.goto("/error/error-v1")
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test("the Legal dialog has no serious accessibility violations", async ({ page }) => {
  await openApp(page, "/login")
  await page.getByRole("complementary").getByRole("button", { name: "Legal" }).click()
  await expect(page.getByRole("dialog", { name: "Legal Agreement" })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test("the documents page's upload modal, with its issues shown, and the details modal have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000)
  const a = (key: string, vars: Record<string, string> = {}) => text("en", "account", key, vars)
  await resumeSession(page, DEMO)
  await openApp(page, "/user-account/documents")
  const table = page.getByRole("table", { name: a("documents.title") })
  await expect(table).toBeVisible()
  await page.getByRole("button", { name: a("documents.new") }).click()
  const upload = page.getByRole("dialog", { name: a("documents.upload.title") })
  await upload.getByRole("button", { name: a("documents.upload.submit") }).click()
  await expect(upload.getByText(text("en", "forms", "validation.document-category"))).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await upload
    .getByRole("button", { name: a("documents.upload.cancel") })
    .last()
    .click()
  await expect(upload).toBeHidden()
  await table
    .getByRole("row")
    .filter({ hasText: "REJECTED" })
    .first()
    .getByRole("button", { name: /^View the TAX document of / })
    .click()
  const details = page.getByRole("dialog", { name: a("documents.details.title") })
  await expect(details.getByRole("img", { name: a("documents.details.imageAlt", { category: "TAX" }) })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
