import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { DEMO, signedInPage } from "./auth-support"
import { text } from "./support"

// The demo user's NGN portfolio has trade confirmations (one per filled order) and monthly
// account statements (server/db/seed/world.ts). Downloads go through the page's buttons; each
// saved file must be a PDF whose text names the account.

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "portfolio", key, vars)

/** The start of a download button's name, before the file's label. */
const downloadName = (kind: "confirmation" | "account") => new RegExp(`^${t(`statements.${kind}.download`, { label: "\u0000" }).split("\u0000")[0]}`)

/** Downloads the first file of the open tab and checks the saved PDF; answers its name. */
const downloadFirst = async (page: Page, kind: "confirmation" | "account", accountNumber: string): Promise<string> => {
  const button = page
    .getByRole("tabpanel")
    .getByRole("button", { name: downloadName(kind) })
    .first()
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()])
  const path = await download.path()
  const bytes = readFileSync(path)
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
  expect(execFileSync("pdftotext", [path, "-"], { encoding: "utf8" })).toContain(accountNumber)
  return download.suggestedFilename()
}

test("statements: the demo user downloads a trade confirmation and an account statement as PDFs naming the account", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const selector = page.getByRole("combobox", { name: t("selector.label") })
  await expect(selector).toHaveValue(/^IND NGN \d+$/)
  const accountNumber = (await selector.inputValue()).split(" ").pop() ?? ""

  await page
    .getByRole("navigation", { name: t("tabs.label") })
    .getByRole("link", { name: t("tabs.statements") })
    .click()
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/statements$/)
  await expect(page.getByRole("heading", { level: 2, name: t("statements.title") })).toBeVisible()

  // 'Trade Confirmation' is the default tab.
  const confirmationTab = page.getByRole("tab", { name: t("statements.confirmation.tab") })
  const accountTab = page.getByRole("tab", { name: t("statements.account.tab") })
  await expect(confirmationTab).toHaveAttribute("aria-selected", "true")
  const confirmationName = await downloadFirst(page, "confirmation", accountNumber)
  expect(confirmationName).toMatch(new RegExp(`^chartfolio-trade-confirmation-${accountNumber}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`))

  // 'Account Statement': files labelled by short month and year.
  await accountTab.click()
  await expect(accountTab).toHaveAttribute("aria-selected", "true")
  const monthLabel = new RegExp(`^${downloadName("account").source.slice(1)}[A-Z][a-z]{2,3} \\d{4}$`)
  await expect(page.getByRole("tabpanel").getByRole("button", { name: monthLabel }).first()).toBeVisible()
  const statementName = await downloadFirst(page, "account", accountNumber)
  expect(statementName).toMatch(new RegExp(`^chartfolio-account-statement-${accountNumber}-\\d{4}-\\d{2}\\.pdf$`))

  // The portfolio opened more than a year ago: every month since is listed, 12 a page.
  const pager = page.getByRole("navigation", { name: t("statements.pager.label", { tab: t("statements.account.tab") }) })
  const monthButtons = page.getByRole("tabpanel").getByRole("button", { name: monthLabel })
  await expect(monthButtons).toHaveCount(12)
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible()
  const pages = Number((await pager.getByText(/^Page 1 of \d+$/).innerText()).split(" ").pop())
  expect(pages).toBeGreaterThan(1)
  await expect(pager.getByRole("button", { name: t("statements.pager.previous") })).toBeDisabled()
  for (let shown = 2; shown <= pages; shown++) {
    await pager.getByRole("button", { name: t("statements.pager.next") }).click()
    await expect(pager.getByText(t("statements.pager.status", { page: shown, pages }), { exact: true })).toBeVisible()
  }
  await expect(pager.getByRole("button", { name: t("statements.pager.next") })).toBeDisabled()
  await expect(monthButtons.first()).toBeVisible()
  // The last page ends with the oldest month, the one the portfolio opened in: its statement downloads too.
  const [openingDownload] = await Promise.all([page.waitForEvent("download"), monthButtons.last().click()])
  expect(openingDownload.suggestedFilename()).toMatch(new RegExp(`^chartfolio-account-statement-${accountNumber}-\\d{4}-\\d{2}\\.pdf$`))
  await pager.getByRole("button", { name: t("statements.pager.previous") }).click()
  await expect(pager.getByText(t("statements.pager.status", { page: pages - 1, pages }), { exact: true })).toBeVisible()

  // axe-core: no serious or critical violations on the page.
  expect(await seriousViolations(page)).toEqual([])
  await page.context().close()
})
