import AxeBuilder from "@axe-core/playwright"
import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, registerAndSignIn, resumeSession } from "./auth-support"
import { openApp, text } from "./support"

// targets.md: axe-core on every route, 0 serious or critical violations.
// The embedded Legal and market-insight pages run in sandboxed frames without scripts, so axe
// cannot enter them; they are static pages of ours.
const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).exclude("iframe").options({ iframes: false }).analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`)
}

for (const path of ["/login", "/auth/registration", "/forgot-password", "/reset-password/some-ref", "/dev/mailbox"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await openApp(page, path)
    // The mailbox is checked once its list has loaded (its Refresh button is busy until then).
    if (path === "/dev/mailbox") await expect(page.getByRole("button", { name: text("en", "dev", "mailbox.refresh") })).toBeEnabled()
    expect(await seriousViolations(page)).toEqual([])
  })
}

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

test("the user account pages and market insight have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000)
  await resumeSession(page, DEMO)
  for (const [path, heading] of [
    ["/user-account/profile-detail", text("en", "account", "tabs.profile-detail")],
    ["/user-account/profile-overview", text("en", "account", "tabs.profile-overview")],
    ["/user-account/compliance", text("en", "account", "tabs.compliance")],
    ["/user-account/bank-accounts", text("en", "account", "tabs.bank-accounts")],
    ["/user-account/documents", text("en", "account", "tabs.documents")],
  ] as const) {
    await openApp(page, path)
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible()
    // Once the profile has loaded (no skeleton left).
    await expect(page.getByRole("status", { name: text("en", "account", "area.loading") })).toBeHidden()
    expect(await seriousViolations(page)).toEqual([])
  }
  await openApp(page, "/market-insight")
  await expect(page.getByTitle(text("en", "account", "insight.frameTitle"))).toBeVisible()
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
  await upload.getByRole("button", { name: a("documents.upload.cancel") }).last().click()
  await expect(upload).toBeHidden()
  await table.getByRole("row").filter({ hasText: "REJECTED" }).first().getByRole("button", { name: /^View the TAX document of / }).click()
  const details = page.getByRole("dialog", { name: a("documents.details.title") })
  await expect(details.getByRole("img", { name: a("documents.details.imageAlt", { category: "TAX" }) })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
