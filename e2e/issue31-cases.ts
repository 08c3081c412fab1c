import { expect, type Locator, type Page } from "@playwright/test"
import { openApp, text } from "./support"

/**
 * Issue 31's fixes as a user meets them, for the suites that must cover them too: a phone 360 px
 * wide (e2e/phone-layout.spec.ts), axe in dark mode (e2e/accessibility.spec.ts) and the other
 * languages (e2e/languages.spec.ts). Each case opens its page as the signed-in demo user, brings
 * the fix on screen in the page's language, checks it (so it fails if the fix broke) and returns
 * the part of the page that shows it. Their own full tests (English, desktop): numbers-charts,
 * portfolio, faults, keyboard and documents specs.
 */

export type Language = "en" | "zh" | "es" | "ja" | "de" | "fr"

/** The ids the cases need (e2e/routes.ts `discoverIds`). */
export interface CaseIds {
  readonly accountId: string
}

export interface Issue31Case {
  readonly name: string
  readonly show: (page: Page, lang: Language, ids: CaseIds) => Promise<Locator>
}

/** A translated sentence with its {{placeholders}} as "anything", to match what the page fills in. */
export const pattern = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+?")}$`,
  )

/** Shows the signed-in pages in `lang` from the next page load on (the language picker's stored choice). */
export const useLanguage = (page: Page, lang: Language) =>
  page.evaluate((code) => window.localStorage.setItem("chartfolio.v1.language", JSON.stringify(code)), lang)

export const ISSUE_31_CASES: ReadonlyArray<Issue31Case> = [
  {
    name: "the performance chart's 2Y range on an account younger than two years says since when",
    show: async (page, lang) => {
      const d = (key: string) => text(lang, "dashboard", key)
      await openApp(page, "/dashboard")
      const card = page.getByRole("region", { name: d("performance.title") })
      await card.getByRole("button", { name: d("performance.rangeName.2y") }).click()
      const summary = card.getByTestId("performance-summary")
      await expect(summary).toHaveText(pattern(text(lang, "dashboard", "performance.summarySince", { range: d("performance.rangeName.2y") })))
      return summary
    },
  },
  {
    name: "the cash-flow chart's crosshair reads a month on focus",
    show: async (page, lang, { accountId }) => {
      const p = (key: string) => text(lang, "portfolio", key)
      await openApp(page, `/portfolio/${accountId}/overview`)
      const chart = page.getByRole("group", { name: p("overview.flows.crosshair") })
      await chart.focus()
      await page.keyboard.press("End")
      const tooltip = chart.getByTestId("chart-tooltip")
      await expect(tooltip).toHaveText(pattern(p("overview.flows.tooltip")))
      await expect(chart).toHaveAccessibleDescription(pattern(p("overview.flows.tooltip")))
      return tooltip
    },
  },
  {
    name: "the portfolio overview's breadcrumb reads Overview › Portfolio",
    show: async (page, lang, { accountId }) => {
      const c = (key: string) => text(lang, "common", key)
      await openApp(page, `/portfolio/${accountId}/overview`)
      const trail = page.getByRole("navigation", { name: c("breadcrumbs.label") })
      await expect(trail.getByRole("listitem")).toHaveText([c("breadcrumbs.overview"), c("menu.portfolio")])
      return trail
    },
  },
  {
    name: "the layout builder page says what it is",
    show: async (page, lang) => {
      const c = (key: string) => text(lang, "common", key)
      await openApp(page, "/builder")
      await expect(page.getByRole("heading", { level: 1, name: c("builder.title") })).toBeVisible()
      await expect(page.getByText(c("builder.static"))).toBeVisible()
      return page.getByRole("main")
    },
  },
  {
    name: "an unknown instrument leads back to the search",
    show: async (page, lang) => {
      const i = (key: string) => text(lang, "instruments", key)
      await openApp(page, "/instruments/view/no-such-instrument")
      await expect(page.getByRole("heading", { name: i("page.notFound") })).toBeVisible()
      await expect(page.getByRole("button", { name: i("page.retry") })).toHaveCount(0)
      const back = page.getByRole("link", { name: i("page.backToSearch") })
      await expect(back).toBeVisible()
      return back
    },
  },
  {
    name: "an order row's View and Cancel name their order, and a disabled Cancel says why",
    show: async (page, lang, { accountId }) => {
      const p = (key: string) => text(lang, "portfolio", key)
      await openApp(page, `/portfolio/${accountId}/orders`)
      const table = page.getByRole("table", { name: p("orders.title") })
      // The first row whose Cancel is disabled (a filled or rejected order).
      const cancelName = pattern(p("orders.cancel.buttonOne"))
      const row = table
        .getByRole("row")
        .filter({ has: page.getByRole("button", { name: cancelName, disabled: true }) })
        .first()
      const cancel = row.getByRole("button", { name: cancelName })
      await expect(cancel).toBeVisible()
      await expect(cancel).toHaveAccessibleDescription(text(lang, "workflows", "order-cancel.guards.isCancellable"))
      await expect(row.getByRole("button", { name: pattern(p("orders.viewOne")) })).toBeVisible()
      return cancel
    },
  },
  {
    name: "the withdrawal's review takes the focus on its heading",
    show: async (page, lang, { accountId }) => {
      const p = (key: string) => text(lang, "portfolio", key)
      await openApp(page, `/portfolio/${accountId}/payments`)
      await page.getByRole("button", { name: p("withdraw.open"), exact: true }).click()
      const modal = page.getByRole("dialog", { name: p("withdraw.title") })
      await expect(modal.getByLabel(p("withdraw.channel"))).toBeFocused()
      await modal.getByLabel(p("withdraw.channel")).selectOption({ label: p("withdraw.channels.NUBAN") })
      const bank = modal.getByLabel(p("withdraw.bankAccount"))
      await bank.selectOption({ label: (await bank.getByRole("option", { name: /^Lekki Commercial Bank/ }).innerText()).trim() })
      await modal.getByLabel(p("withdraw.amount")).fill("12")
      await modal.getByRole("button", { name: p("withdraw.review") }).click()
      const review = page.getByRole("dialog", { name: p("withdraw.reviewTitle") })
      await expect(review.getByRole("heading", { name: p("withdraw.reviewTitle") })).toBeFocused()
      return review
    },
  },
  {
    name: "the document details dialog masks the ID but its last five",
    show: async (page, lang) => {
      const a = (key: string) => text(lang, "account", key)
      await openApp(page, "/user-account/documents")
      const table = page.getByRole("table", { name: a("documents.title") })
      // The oldest row (other specs add newer ones): the seed's picture ID, NIN 70123456789.
      await table
        .getByRole("button", { name: pattern(a("documents.viewLabel")) })
        .last()
        .click()
      const details = page.getByRole("dialog", { name: a("documents.details.title") })
      await expect(details.getByText("******56789", { exact: true })).toBeVisible()
      await expect(details).not.toContainText("70123456789")
      // Nothing runs off the dialog.
      expect(await details.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true)
      return details
    },
  },
]
