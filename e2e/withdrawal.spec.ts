import { type Browser, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { DEMO, PASSWORD, signedInPage, signIn } from "./auth-support"
import { fetchFull, text, wallClock } from "./support"

// Withdrawals as demo@chartfolio.test makes them (seed: the IND NGN portfolio first, the CUS USD
// one second; saved bank accounts Lekki Commercial Bank NGN (verified), Harbour Trust Bank NGN
// (pending) and Hudson Harbor Bank USD (verified)). Other specs trade on the same portfolios at
// the same time, so cash is compared as "fell by at least" and rows are found by their amount.

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "portfolio", key, vars)
const f = (key: string) => text("en", "forms", key)

test.describe.configure({ timeout: 120_000 })

const demoPage = (browser: Browser, baseURL: string | undefined): Promise<Page> => signedInPage(browser, baseURL, DEMO)

const sidePanel = (page: Page) => page.getByRole("complementary", { name: t("side.label") })
const cashShown = async (page: Page): Promise<number> => {
  const shown = await sidePanel(page).getByText(t("side.totalCash"), { exact: true }).locator("xpath=following-sibling::*[1]").innerText()
  return Number(shown.replace(/[^\d.-]/g, ""))
}
const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title })
const paymentsTable = (page: Page) => page.getByRole("table", { name: t("payments.title") })

/** Opens the payments page of the portfolio whose selector label starts with `labelStart`. */
const openPayments = async (page: Page, labelStart: string) => {
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const selector = page.getByRole("combobox", { name: t("selector.label") })
  if (!(await selector.inputValue()).startsWith(labelStart)) {
    await selector.click()
    await page.getByRole("option", { name: new RegExp(`^${labelStart}`) }).click()
  }
  await page.getByRole("navigation", { name: t("tabs.label") }).getByRole("link", { name: t("tabs.payments") }).click()
  await expect(paymentsTable(page)).toBeVisible()
  await expect(sidePanel(page).getByText(t("side.totalCash"), { exact: true })).toBeVisible()
}

/** Fills the withdraw form and goes to the review step. */
const fillAndReview = async (page: Page, channel: "NUBAN" | "WIRE", bank: RegExp, amount: string) => {
  const modal = dialog(page, t("withdraw.title"))
  await modal.getByLabel(t("withdraw.channel")).selectOption({ label: t(`withdraw.channels.${channel}`) })
  const bankSelect = modal.getByLabel(t("withdraw.bankAccount"))
  const option = bankSelect.getByRole("option", { name: bank })
  await bankSelect.selectOption({ label: (await option.innerText()).trim() })
  await modal.getByLabel(t("withdraw.amount")).fill(amount)
  await modal.getByRole("button", { name: t("withdraw.review") }).click()
  await expect(dialog(page, t("withdraw.reviewTitle"))).toBeVisible()
}

test("a NUBAN withdrawal from the NGN portfolio: checked before sending, reviewed, sent once, and followed to COMPLETED", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await openPayments(page, "IND NGN")
  const cashBefore = await cashShown(page)

  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  const modal = dialog(page, t("withdraw.title"))
  await expect(modal).toBeVisible()
  // Static: Escape does not close it.
  await page.keyboard.press("Escape")
  await expect(modal).toBeVisible()

  // Nothing chosen: the spec's three texts.
  await modal.getByRole("button", { name: t("withdraw.review") }).click()
  await expect(modal.getByText(f("validation.withdrawal-channel"))).toBeVisible()
  await expect(modal.getByText(f("validation.bank-account-required"))).toBeVisible()
  await expect(modal.getByText(f("validation.valid-amount"))).toBeVisible()
  expect(await seriousViolations(page, "[role=dialog]")).toEqual([])

  // NUBAN offers the NGN accounts only, as bank name, masked last four, currency.
  await modal.getByLabel(t("withdraw.channel")).selectOption({ label: t("withdraw.channels.NUBAN") })
  const bankOptions = modal.getByLabel(t("withdraw.bankAccount")).getByRole("option")
  // (The seeded two; e2e/bank-accounts.spec.ts may add one at the same time.)
  await expect(bankOptions.filter({ hasText: /^(Lekki Commercial Bank|Harbour Trust Bank) \*{4}\d{4} NGN$/ })).toHaveCount(2)
  await expect(bankOptions.filter({ hasText: /USD$/ })).toHaveCount(0)

  // More than the cash is refused before sending.
  await modal.getByLabel(t("withdraw.amount")).fill(String(Math.ceil(cashBefore) + 1_000_000))
  await modal.getByRole("button", { name: t("withdraw.review") }).click()
  await expect(modal.getByText(f("validation.amount-above-cash"))).toBeVisible()

  await fillAndReview(page, "NUBAN", /^Lekki Commercial Bank \*{4}\d{4} NGN$/, "1234.56")
  const review = dialog(page, t("withdraw.reviewTitle"))
  await expect(review.getByText("₦1,234.56").first()).toBeVisible()
  await expect(review.getByText(t("withdraw.cashAfter"))).toBeVisible()

  // Back keeps every field.
  await review.getByRole("button", { name: t("withdraw.back") }).click()
  await expect(modal.getByLabel(t("withdraw.amount"))).toHaveValue("1234.56")
  await expect(modal.getByLabel(t("withdraw.bankAccount")).locator("option:checked")).toHaveText(/^Lekki Commercial Bank/)
  await modal.getByRole("button", { name: t("withdraw.review") }).click()

  await review.getByRole("button", { name: t("withdraw.confirm") }).click()
  await expect(page.getByText("Withdrawal Request Submitted Successfully")).toBeVisible()
  await expect(review).toBeHidden()

  // The new payment is listed and the cash fell by at least the amount.
  const row = paymentsTable(page).getByRole("row").filter({ hasText: "₦1,234.56" }).filter({ hasText: /WITHDRAWAL \/ NUBAN/ }).first()
  await expect(row).toBeVisible()
  await expect.poll(() => cashShown(page)).toBeLessThanOrEqual(cashBefore - 1234.56 + 0.001)

  // Its timeline follows the payout to COMPLETED without a reload.
  await expect(row.getByText("COMPLETED", { exact: true })).toBeVisible()
  await row.getByRole("button", { name: /^View / }).click()
  const details = dialog(page, t("payments.detail.title"))
  await expect(details.getByText(/Paid to Lekki Commercial Bank \*{4}\d{4}/)).toBeVisible()
  await expect(details.getByText(/Withdrawal requested/)).toBeVisible()
  await expect(details.getByText(/Sent to the bank/)).toBeVisible()
  await page.close()
})

test("a WIRE withdrawal from the USD portfolio goes to the USD bank account", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await openPayments(page, "CUS USD")
  const cashBefore = await cashShown(page)
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  const modal = dialog(page, t("withdraw.title"))
  await modal.getByLabel(t("withdraw.channel")).selectOption({ label: t("withdraw.channels.WIRE") })
  await expect(modal.getByLabel(t("withdraw.bankAccount")).getByRole("option").filter({ hasText: /NGN$/ })).toHaveCount(0)
  await fillAndReview(page, "WIRE", /^Hudson Harbor Bank \*{4}\d{4} USD$/, "25.75")
  await dialog(page, t("withdraw.reviewTitle")).getByRole("button", { name: t("withdraw.confirm") }).click()
  await expect(page.getByText("Withdrawal Request Submitted Successfully")).toBeVisible()
  await expect(paymentsTable(page).getByRole("row").filter({ hasText: "$25.75" }).filter({ hasText: /WITHDRAWAL \/ WIRE/ }).first()).toBeVisible()
  await expect.poll(() => cashShown(page)).toBeLessThanOrEqual(cashBefore - 25.75 + 0.001)
  await page.close()
})

test("a failed withdrawal keeps every field, and the retry with the same key creates one payment", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await openPayments(page, "IND NGN")
  // The first send fails as a server error; the second goes through.
  const keys: string[] = []
  let failOnce = true
  await page.route("**/api/users/withdraw", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "")
    if (failOnce) {
      failOnce = false
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Something went wrong on our side", code: "internal" }) })
    } else await route.continue()
  })
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  await fillAndReview(page, "NUBAN", /^Lekki Commercial Bank/, "77.77")
  await dialog(page, t("withdraw.reviewTitle")).getByRole("button", { name: t("withdraw.confirm") }).click()
  const modal = dialog(page, t("withdraw.title"))
  await expect(modal.getByRole("alert")).toBeVisible()
  await expect(modal.getByLabel(t("withdraw.amount"))).toHaveValue("77.77")
  await expect(modal.getByLabel(t("withdraw.channel"))).toHaveValue("NUBAN")
  await modal.getByRole("button", { name: t("withdraw.review") }).click()
  await dialog(page, t("withdraw.reviewTitle")).getByRole("button", { name: t("withdraw.confirm") }).click()
  await expect(page.getByText("Withdrawal Request Submitted Successfully")).toBeVisible()
  expect(keys).toHaveLength(2)
  expect(keys[1]).toBe(keys[0])
  await expect(paymentsTable(page).getByRole("row").filter({ hasText: "₦77.77" })).toHaveCount(1)
  await page.close()
})

test("a session that expires on the review step re-authenticates, and the withdrawal carries on with nothing lost", async ({ page }) => {
  // Its own sign-in (not the worker's shared session), since re-authenticating renews this device's token.
  const clock = await wallClock(page)
  await signIn(page, DEMO)
  await openPayments(page, "IND NGN")
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  // An amount of this run only (the demo user's payments outlive a run with --repeat-each).
  const amount = `${10_000 + (Date.now() % 90_000)}.42`
  await fillAndReview(page, "NUBAN", /^Lekki Commercial Bank/, amount)
  const calls: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/users/withdraw") calls.push(request.headers()["idempotency-key"] ?? "")
  })
  // Past the 30-minute validity as Confirm is clicked: Confirm meets an expired session (the client
  // refuses it before sending). Moved at the click, so that no background poll meets it first.
  await clock.aheadAtNextClick(31 * 60_000)
  await dialog(page, t("withdraw.reviewTitle")).getByRole("button", { name: t("withdraw.confirm") }).click()
  const reauth = page.getByRole("alertdialog", { name: text("en", "auth", "reauth.title") })
  await expect(reauth).toBeVisible()
  expect(calls).toEqual([])
  // Requests are signed with the page's time and the server allows 300 s of skew: back to now.
  await clock.now()
  await reauth.getByLabel("Password").fill(PASSWORD)
  await reauth.getByRole("button", { name: text("en", "auth", "reauth.submit") }).click()
  await expect(reauth).toBeHidden()
  // The withdrawal that met the expiry was sent once, after re-authentication.
  await expect(page.getByText("Withdrawal Request Submitted Successfully")).toBeVisible()
  expect(calls).toHaveLength(1)
  const shown = new Intl.NumberFormat("en", { style: "currency", currency: "NGN", currencyDisplay: "narrowSymbol" }).format(Number(amount))
  await expect(paymentsTable(page).getByRole("row").filter({ hasText: shown })).toHaveCount(1)
})

test("de: the server's refusal of an amount above the cash is said in German with the cash in German notation, and the fields are kept", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await page.context().addInitScript(() => window.localStorage.setItem("chartfolio.v1.language", JSON.stringify("de")))
  const de = (key: string) => text("de", "portfolio", key)
  // The page believes the portfolio holds a million more than it does (its details are routed);
  // the real server, which checks the real cash, refuses.
  let realCash = Number.NaN
  await page.route(/\/api\/users\/account\/[^/?]+$/, async (route) => {
    const response = await fetchFull(route)
    const account = (await response.json()) as { cashBalance: string } & Record<string, unknown>
    realCash = Number(account.cashBalance)
    await route.fulfill({ response, json: { ...account, cashBalance: (realCash + 1_000_000).toFixed(2) } })
  })
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  await page.getByRole("navigation", { name: de("tabs.label") }).getByRole("link", { name: de("tabs.payments") }).click()
  await expect(page.getByRole("table", { name: de("payments.title") })).toBeVisible()
  await page.getByRole("button", { name: de("withdraw.open"), exact: true }).click()
  const modal = dialog(page, de("withdraw.title"))
  await modal.getByLabel(de("withdraw.channel")).selectOption({ label: de("withdraw.channels.NUBAN") })
  const bankSelect = modal.getByLabel(de("withdraw.bankAccount"))
  await bankSelect.selectOption({ label: (await bankSelect.getByRole("option", { name: /^Lekki Commercial Bank/ }).innerText()).trim() })
  await expect.poll(() => realCash).not.toBeNaN()
  // Typed as German writes it: a decimal comma.
  const amount = (realCash + 1000).toFixed(2).replace(".", ",")
  await modal.getByLabel(de("withdraw.amount")).fill(amount)
  await modal.getByRole("button", { name: de("withdraw.review") }).click()
  await dialog(page, de("withdraw.reviewTitle")).getByRole("button", { name: de("withdraw.confirm") }).click()
  // "Der Betrag übersteigt das verfügbare Guthaben (1.997.819,89 ₦)."
  await expect(modal.getByRole("alert")).toContainText(/Der Betrag übersteigt das verfügbare Guthaben \(\d{1,3}(\.\d{3})*,\d\d\s₦\)\./)
  await expect(modal.getByLabel(de("withdraw.amount"))).toHaveValue(amount)
  await page.close()
})

test("letters typed in a row leave no letter in the withdrawal's amount, also after digits, and the field says why", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await openPayments(page, "IND NGN")
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  const amount = dialog(page, t("withdraw.title")).getByLabel(t("withdraw.amount"))
  await amount.pressSequentially("abc")
  await expect(amount).toHaveValue("")
  await expect(dialog(page, t("withdraw.title")).getByText(f("typing.decimalOnly"))).toBeVisible()
  await amount.pressSequentially("12abc")
  await expect(amount).toHaveValue("12")
  await amount.pressSequentially(".5")
  await expect(amount).toHaveValue("12.5")
  await expect(dialog(page, t("withdraw.title")).getByText(f("typing.decimalOnly"))).toBeHidden()
})
