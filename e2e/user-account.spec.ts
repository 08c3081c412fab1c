import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, resumeSession } from "./auth-support"
import { openApp, text } from "./support"

// Issue 11 (frame and profile, compliance, market insight): the demo user reads every profile
// card and the compliance page, and opens market insight.

test.describe.configure({ timeout: 120_000 })

const t = (key: string) => text("en", "account", key)
const card = (page: Page, titleKey: string) => page.getByRole("region", { name: t(titleKey) })

test("/user-account lands on profile detail: the side panel and every card, the ID masked but its last five", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/user-account")
  await expect(page).toHaveURL(/\/user-account\/profile-detail$/)
  await expect(page.getByRole("heading", { level: 1, name: t("tabs.profile-detail") })).toBeVisible()

  const panel = page.getByRole("complementary", { name: t("panel.label") })
  await expect(panel.getByRole("img", { name: t("panel.avatar.female") })).toBeVisible()
  await expect(panel.getByText("adaeze.demo", { exact: true })).toBeVisible()
  // The e-mail's first 20 characters ("demo@chartfolio.test" is exactly 20).
  await expect(panel.getByText("demo@chartfolio.test", { exact: true })).toBeVisible()
  // The profile's status "verified", as the app shows it in English (common:enum.status).
  await expect(panel.getByText(text("en", "common", "enum.status.VERIFIED"), { exact: true })).toBeVisible()
  await expect(panel.getByText("Adaeze Chioma Okafor", { exact: true })).toBeVisible()
  await expect(panel.getByText("NIN", { exact: true })).toBeVisible()
  await expect(panel.getByText("******56789", { exact: true })).toBeVisible()
  await expect(panel.getByText("70123456789")).toHaveCount(0)

  const basic = card(page, "detail.basic.title")
  await expect(basic.getByText("NIN", { exact: true })).toBeVisible()
  await expect(basic.getByText("******56789", { exact: true })).toBeVisible()
  await expect(basic.getByText("Chioma", { exact: true })).toBeVisible()
  // Employed: the employer fields are shown.
  const employment = card(page, "detail.employment.title")
  await expect(employment.getByText("Employed", { exact: true })).toBeVisible()
  await expect(employment.getByText("Full time", { exact: true })).toBeVisible()
  await expect(employment.getByText("Eko Logistics Plc (synthetic)")).toBeVisible()
  await expect(card(page, "detail.trusted.title").getByText("ifeoma.eze@example.com")).toBeVisible()
  const personal = card(page, "detail.personal.title")
  await expect(personal.getByText("14/06/1988", { exact: true })).toBeVisible()
  await expect(personal.getByText(t("detail.personal.none"), { exact: true })).toBeVisible()
  await expect(card(page, "detail.address.title").getByText("22 Bourdillon Road")).toBeVisible()
  const kin = card(page, "detail.nextOfKin.title")
  await expect(kin.getByText("Sibling", { exact: true })).toBeVisible()

  await expect(page.getByRole("navigation", { name: text("en", "common", "breadcrumbs.label") })).toContainText(
    text("en", "common", "breadcrumbs.profileDetail"),
  )
})

test("profile overview: Disclosure, Investment Profile and Compliance & AML, with Edit buttons that are disabled and say why", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/user-account")
  await page
    .getByRole("navigation", { name: t("tabs.label") })
    .getByRole("link", { name: t("tabs.profile-overview") })
    .click()
  await expect(page).toHaveURL(/\/user-account\/profile-overview$/)
  for (const key of ["overview.disclosure.title", "overview.investment.title", "overview.compliance.title"]) {
    const region = card(page, key)
    await expect(region).toBeVisible()
    const edit = region.getByRole("button", { name: `${t("overview.edit")} ${t(key)}` })
    await expect(edit).toBeDisabled()
    await expect(edit).toHaveAccessibleDescription(t("overview.editDisabled"))
    // Still reachable from the keyboard, so the reason can be heard.
    await edit.focus()
    await expect(edit).toBeFocused()
  }
  await expect(card(page, "overview.disclosure.title").getByText("Adaeze Okafor", { exact: true })).toBeVisible()
  await expect(card(page, "overview.investment.title").getByText("Growth", { exact: true })).toBeVisible()
  await expect(card(page, "overview.investment.title").getByText("₦25,000,000 – ₦50,000,000", { exact: true })).toBeVisible()
})

test("compliance: funding sources, transfers per month, the expected total as money, the 12-month history", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/user-account/compliance")
  await expect(page.getByRole("heading", { level: 1, name: t("tabs.compliance") })).toBeVisible()
  const sources = page.getByRole("list", { name: t("compliance.fundingSources") })
  await expect(sources.getByRole("listitem")).toHaveCount(2)
  await expect(sources).toContainText(/employment income/i)
  const transfers = card(page, "compliance.transfers")
  await expect(transfers.getByText("5,000,000.00", { exact: true })).toBeVisible()
  await expect(transfers.getByText("3", { exact: true })).toBeVisible()
  await expect(card(page, "compliance.history12m").getByText("Listed equities and mutual funds")).toBeVisible()
})

test("an unknown /user-account sub-route goes to profile detail", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/user-account/no-such-page")
  await expect(page).toHaveURL(/\/user-account\/profile-detail$/)
  await expect(card(page, "detail.basic.title")).toBeVisible()
})

test("market insight: the server's page in a full-height frame; a 500 shows an error and a working retry", async ({ page }) => {
  await resumeSession(page, DEMO)
  let failing = true
  await page.route(/\/api\/overview\/market-insight$/, (route) =>
    failing ? route.fulfill({ status: 500, json: { statusCode: 500, code: "internal", error: "Internal failure" } }) : route.fallback(),
  )
  await openApp(page, "/market-insight")
  await expect(page.getByText(t("insight.failed"))).toBeVisible()
  await expect(page.getByRole("status").filter({ hasText: text("en", "errors", "codes.internal") })).toBeVisible()
  await expect(page.getByTitle(t("insight.frameTitle"))).toHaveCount(0)

  failing = false
  await page.getByRole("button", { name: t("insight.retry") }).click()
  const frame = page.getByTitle(t("insight.frameTitle"))
  await expect(frame).toBeVisible()
  // The address says the colour mode the app shows (light here), which the page paints in.
  await expect(frame).toHaveAttribute("src", "/embedded/market-insight.html#light")
  await expect(frame).toHaveAttribute("sandbox", "")
  await expect(page.frameLocator(`iframe[title="${t("insight.frameTitle")}"]`).getByRole("heading", { level: 1 })).toBeVisible()
  await expect(page.getByText(t("insight.failed"))).toBeHidden()
  await expect(page.getByRole("status", { name: t("insight.loading") })).toBeHidden()
})

test("the side menu opens market insight and the user account", async ({ page }) => {
  await resumeSession(page, DEMO)
  const menu = page.getByRole("navigation", { name: text("en", "common", "menu.label") }).first()
  await menu.getByRole("link", { name: text("en", "common", "menu.marketInsight") }).click()
  await expect(page).toHaveURL(/\/market-insight$/)
  await expect(page.getByTitle(t("insight.frameTitle"))).toBeVisible()
  await menu.getByRole("link", { name: text("en", "common", "menu.userAccount") }).click()
  await expect(page).toHaveURL(/\/user-account\/profile-detail$/)
  await expect(card(page, "detail.basic.title")).toBeVisible()
})

test("/login and /dashboard download nothing of the user account area (documents included) or market insight", async ({ page }) => {
  const fetched: string[] = []
  page.on("request", (request) => {
    if (
      /\/assets\/(account-(?!frame)|user-account|user-profile|profile-|compliance-page|market-insight|documents?[-.]|document-upload|bank-accounts|add-bank-account)/.test(
        request.url(),
      )
    )
      fetched.push(request.url())
  })
  await openApp(page, "/login")
  await expect(page.getByRole("button", { name: text("en", "auth", "login.submit") })).toBeVisible()
  await resumeSession(page, DEMO)
  await expect(page.getByRole("navigation", { name: text("en", "common", "menu.label") }).first()).toBeVisible()
  expect(fetched).toEqual([])
  // The area's own code and texts come with it.
  await openApp(page, "/user-account")
  await expect(card(page, "detail.basic.title")).toBeVisible()
  expect(fetched.length).toBeGreaterThan(0)
})

test("in German the profile reads in German: values, country names, the date of birth and the income bands as German writes them", async ({ page }) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/user-account/profile-detail")
  await Promise.all([
    page.waitForEvent("load"),
    page
      .getByRole("combobox", { name: text("en", "common", "language.label") })
      .first()
      .selectOption("de"),
  ])
  const de = (key: string) => text("de", "account", key)
  const region = (key: string) => page.getByRole("region", { name: de(key) })
  const employment = region("detail.employment.title")
  await expect(employment.getByText("Angestellt", { exact: true })).toBeVisible()
  await expect(employment.getByText("Vollzeit", { exact: true })).toBeVisible()
  await expect(employment.getByText("EMPLOYED", { exact: true })).toHaveCount(0)
  const personal = region("detail.personal.title")
  await expect(personal.getByText("Weiblich", { exact: true })).toBeVisible()
  await expect(personal.getByText("Verheiratet", { exact: true })).toBeVisible()
  await expect(personal.getByText("14.06.1988", { exact: true })).toBeVisible()
  await expect(region("detail.address.title").getByText("Nigeria", { exact: true })).toBeVisible()
  await expect(region("detail.address.title").getByText("NGA", { exact: true })).toHaveCount(0)
  await expect(region("detail.nextOfKin.title").getByText("Geschwister", { exact: true })).toBeVisible()

  await page
    .getByRole("navigation", { name: de("tabs.label") })
    .getByRole("link", { name: de("tabs.profile-overview") })
    .click()
  const investment = region("overview.investment.title")
  await expect(investment.getByText("Wachstum", { exact: true })).toBeVisible()
  await expect(investment.getByText(/^25\.000\.000\s₦ – 50\.000\.000\s₦$/)).toBeVisible()
  await page
    .getByRole("navigation", { name: de("tabs.label") })
    .getByRole("link", { name: de("tabs.compliance") })
    .click()
  await expect(page.getByRole("list", { name: de("compliance.fundingSources") })).toContainText("Arbeitseinkommen")
})
