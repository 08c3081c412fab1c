import { type Browser, type Page } from "@playwright/test"
import type { WithdrawalQuote } from "../src/contract/money-movement"
import { formatMoney, formatNumber } from "../src/domain/format"
import { convertAmount, FX_RATE_DECIMALS } from "../src/domain/fx"
import { intlLocale, type LanguageCode } from "../src/i18n/languages"
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
/**
 * The side panel's cash follows a withdrawal without a reload: it leaves `cashBefore` and becomes the
 * cash a page opened now shows. Other specs move the same portfolios' cash at the same time (their
 * cancelled and returned withdrawals credit it back, their orders fill), so the panel is compared with
 * the server's cash as a new tab shows it, never with arithmetic on the figure read before; each
 * test checks the debit itself in the ledger or the payments table.
 */
const expectCashFollowsServer = async (page: Page, cashBefore: number) => {
  const now = await page.context().newPage()
  await now.goto(new URL(page.url()).pathname)
  await expect(sidePanel(now).getByText(t("side.totalCash"), { exact: true })).toBeVisible()
  // Both pages refetch the cash every 2 s while the withdrawal moves; they agree once neither is behind.
  await expect.poll(async () => (await cashShown(page)) - (await cashShown(now)), { timeout: 30_000 }).toBe(0)
  expect(await cashShown(page)).not.toBe(cashBefore)
  await now.close()
}
const paymentsTable = (page: Page) => page.getByRole("table", { name: t("payments.title") })

/** Opens the payments page of the portfolio whose selector label starts with `labelStart` (texts in `lang`). */
const openPayments = async (page: Page, labelStart: string, lang: LanguageCode = "en") => {
  const l = (key: string) => text(lang, "portfolio", key)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const selector = page.getByRole("combobox", { name: l("selector.label") })
  if (!(await selector.inputValue()).startsWith(labelStart)) {
    await selector.click()
    await page.getByRole("option", { name: new RegExp(`^${labelStart}`) }).click()
  }
  await page
    .getByRole("navigation", { name: l("tabs.label") })
    .getByRole("link", { name: l("tabs.payments") })
    .click()
  await expect(page.getByRole("table", { name: l("payments.title") })).toBeVisible()
  await expect(page.getByRole("complementary", { name: l("side.label") }).getByText(l("side.totalCash"), { exact: true })).toBeVisible()
}

/** Opens the portfolio's Transactions tab (the ledger), in English. */
const openTransactions = (page: Page) =>
  page
    .getByRole("navigation", { name: t("tabs.label") })
    .getByRole("link", { name: t("tabs.transactions") })
    .click()

const isQuoteCall = (url: string) => new URL(url).pathname === "/api/users/withdraw/quote"

/** The review's conversion lines for a quote, as a user of `lang` reads them. */
const conversionShown = (quote: WithdrawalQuote, lang: LanguageCode) => ({
  rate: text(lang, "portfolio", "withdraw.quote.rateValue", {
    from: quote.currency,
    to: quote.payoutCurrency,
    rate: formatNumber(quote.rate, intlLocale(lang), { maximumFractionDigits: FX_RATE_DECIMALS }),
  }),
  arrives: formatMoney(quote.payoutAmount, quote.payoutCurrency, intlLocale(lang), { fraction: "fixed" }),
})

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

  // The new payment is listed, and the side panel's cash follows it without a reload.
  const row = paymentsTable(page)
    .getByRole("row")
    .filter({ hasText: "₦1,234.56" })
    .filter({ hasText: /WITHDRAWAL \/ NUBAN/ })
    .first()
  await expect(row).toBeVisible()
  await expectCashFollowsServer(page, cashBefore)

  // Its timeline follows the payout to COMPLETED without a reload (the rail holds it about 15 s before it sends it, the window to cancel it).
  await expect(row.getByText("COMPLETED", { exact: true })).toBeVisible({ timeout: 60_000 })
  await row.getByRole("button", { name: /^View / }).click()
  const details = dialog(page, t("payments.detail.title"))
  await expect(
    details.getByText(new RegExp(t("payments.step.paid-to", { bank: "Lekki Commercial Bank", last4: "\\d{4}" }).replace(/\*/g, "\\*"))),
  ).toBeVisible()
  await expect(details.getByText(new RegExp(t("payments.step.withdrawal-requested")))).toBeVisible()
  await expect(details.getByText(new RegExp(t("payments.step.sent-to-bank")))).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(details).toBeHidden()

  // The ledger holds the debit of the amount, to the bank account.
  await openTransactions(page)
  const debits = page
    .getByRole("table", { name: t("transactions.title") })
    .getByRole("row")
    .filter({ hasText: "₦1,234.56" })
    .filter({ hasText: new RegExp(t("transactions.text.withdrawal-to", { bank: "Lekki Commercial Bank", last4: "\\d{4}" }).replace(/\*/g, "\\*")) })
    .filter({ has: page.getByRole("img", { name: t("transactions.kind.DEBIT") }) })
  await expect(debits.first()).toBeVisible()
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
  await dialog(page, t("withdraw.reviewTitle"))
    .getByRole("button", { name: t("withdraw.confirm") })
    .click()
  await expect(page.getByText("Withdrawal Request Submitted Successfully")).toBeVisible()
  await expect(
    paymentsTable(page)
      .getByRole("row")
      .filter({ hasText: "$25.75" })
      .filter({ hasText: /WITHDRAWAL \/ WIRE/ })
      .first(),
  ).toBeVisible()
  await expectCashFollowsServer(page, cashBefore)
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
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Something went wrong on our side", code: "internal" }),
      })
    } else await route.continue()
  })
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  await fillAndReview(page, "NUBAN", /^Lekki Commercial Bank/, "77.77")
  await dialog(page, t("withdraw.reviewTitle"))
    .getByRole("button", { name: t("withdraw.confirm") })
    .click()
  const modal = dialog(page, t("withdraw.title"))
  await expect(modal.getByRole("alert")).toBeVisible()
  await expect(modal.getByLabel(t("withdraw.amount"))).toHaveValue("77.77")
  await expect(modal.getByLabel(t("withdraw.channel"))).toHaveValue("NUBAN")
  await modal.getByRole("button", { name: t("withdraw.review") }).click()
  await dialog(page, t("withdraw.reviewTitle"))
    .getByRole("button", { name: t("withdraw.confirm") })
    .click()
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
  await dialog(page, t("withdraw.reviewTitle"))
    .getByRole("button", { name: t("withdraw.confirm") })
    .click()
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

test("de: the server's refusal of an amount above the cash is said in German with the cash in German notation, and the fields are kept", async ({
  browser,
  baseURL,
}) => {
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
  await page
    .getByRole("navigation", { name: de("tabs.label") })
    .getByRole("link", { name: de("tabs.payments") })
    .click()
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
  await dialog(page, de("withdraw.reviewTitle"))
    .getByRole("button", { name: de("withdraw.confirm") })
    .click()
  // "Der Betrag übersteigt das verfügbare Guthaben (1.997.819,89 ₦)."
  await expect(modal.getByRole("alert")).toContainText(/Der Betrag übersteigt das verfügbare Guthaben \(\d{1,3}(\.\d{3})*,\d\d\s₦\)\./)
  await expect(modal.getByLabel(de("withdraw.amount"))).toHaveValue(amount)
  await page.close()
})

test("letters typed in a row leave no letter in the withdrawal's amount, also after digits (an exponent's e included), and the field says why", async ({
  browser,
  baseURL,
}) => {
  const page = await demoPage(browser, baseURL)
  await openPayments(page, "IND NGN")
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  const amount = dialog(page, t("withdraw.title")).getByLabel(t("withdraw.amount"))
  await amount.pressSequentially("abc")
  await expect(amount).toHaveValue("")
  await expect(dialog(page, t("withdraw.title")).getByText(f("typing.decimalOnly"))).toBeVisible()
  await amount.pressSequentially("12e3abc")
  await expect(amount).toHaveValue("123")
  await amount.pressSequentially(".5")
  await expect(amount).toHaveValue("123.5")
  await expect(dialog(page, t("withdraw.title")).getByText(f("typing.decimalOnly"))).toBeHidden()
})

test("USD portfolio to the naira account: the review shows the quoted rate and what arrives, an expired rate is quoted again, and the payment records both", async ({
  browser,
  baseURL,
}) => {
  const page = await demoPage(browser, baseURL)
  await openPayments(page, "CUS USD")
  // The server's first answer to Confirm is that the rate ran out (as when the quote expires on the way); then the real server.
  const sent: Array<{ quoteId?: string }> = []
  let expireOnce = true
  await page.route("**/api/users/withdraw", async (route) => {
    sent.push(route.request().postDataJSON() as { quoteId?: string })
    if (expireOnce) {
      expireOnce = false
      const body = { statusCode: 400, code: "withdrawal.quote_expired", error: "The exchange rate quote has expired. Get a new rate and confirm again." }
      await route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify(body) })
    } else await route.continue()
  })
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  // An amount of this run only (the demo user's payments outlive a run with --repeat-each).
  const amount = `${50 + (Date.now() % 400)}.19`
  const firstQuote = page.waitForResponse((r) => isQuoteCall(r.url()))
  await fillAndReview(page, "NUBAN", /^Lekki Commercial Bank \*{4}\d{4} NGN$/, amount)
  const quote = (await (await firstQuote).json()) as WithdrawalQuote
  expect(quote).toMatchObject({ amount, currency: "USD", payoutCurrency: "NGN" })
  expect(quote.payoutAmount).toBe(convertAmount(amount, quote.rate))

  const review = dialog(page, t("withdraw.reviewTitle"))
  const shown = conversionShown(quote, "en")
  await expect(review.getByText(t("withdraw.quote.rate"), { exact: true })).toBeVisible()
  await expect(review.getByText(shown.rate, { exact: true })).toBeVisible()
  await expect(review.getByText(t("withdraw.quote.arrives"), { exact: true })).toBeVisible()
  await expect(review.getByText(shown.arrives, { exact: true })).toBeVisible()
  await expect(review.getByText(formatMoney(amount, "USD", intlLocale("en"), { fraction: "fixed" })).first()).toBeVisible()
  await expect(review.getByText(t("withdraw.quote.validity", { seconds: 60 }))).toBeVisible()

  // Confirm meets an expired rate: the review says so and offers a new one instead of Confirm.
  await review.getByRole("button", { name: t("withdraw.confirm") }).click()
  await expect(review.getByRole("alert").filter({ hasText: t("withdraw.quote.expired") })).toBeVisible()
  await expect(review.getByRole("button", { name: t("withdraw.confirm") })).toBeHidden()
  const secondQuote = page.waitForResponse((r) => isQuoteCall(r.url()))
  await review.getByRole("button", { name: t("withdraw.quote.refresh") }).click()
  const again = (await (await secondQuote).json()) as WithdrawalQuote
  expect(again.quoteId).not.toBe(quote.quoteId)
  await expect(review.getByText(conversionShown(again, "en").rate, { exact: true })).toBeVisible()
  await expect(review.getByRole("alert")).toBeHidden()
  await review.getByRole("button", { name: t("withdraw.confirm") }).click()
  await expect(page.getByText("Withdrawal Request Submitted Successfully")).toBeVisible()
  // The expired quote was sent once, then the new one.
  expect(sent.map((b) => b.quoteId)).toEqual([quote.quoteId, again.quoteId])

  // The payment leaves dollars and records the rate and the naira that arrive.
  const row = paymentsTable(page)
    .getByRole("row")
    .filter({ hasText: formatMoney(amount, "USD", intlLocale("en"), { fraction: "fixed" }) })
    .filter({ hasText: /WITHDRAWAL \/ NUBAN/ })
    .first()
  await expect(row).toBeVisible()
  await row.getByRole("button", { name: /^View / }).click()
  const details = dialog(page, t("payments.detail.title"))
  await expect(details.getByText(conversionShown(again, "en").rate, { exact: true })).toBeVisible()
  await expect(details.getByText(t("payments.detail.payout"), { exact: true })).toBeVisible()
  await expect(details.getByText(conversionShown(again, "en").arrives, { exact: true })).toBeVisible()
  await page.close()
})

test("de: the review of a payout in another currency says the rate and the amount that arrives in German, in German notation", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await page.context().addInitScript(() => window.localStorage.setItem("chartfolio.v1.language", JSON.stringify("de")))
  const de = (key: string, vars: Record<string, string | number> = {}) => text("de", "portfolio", key, vars)
  await openPayments(page, "CUS USD", "de")
  await page.getByRole("button", { name: de("withdraw.open"), exact: true }).click()
  const modal = dialog(page, de("withdraw.title"))
  await modal.getByLabel(de("withdraw.channel")).selectOption({ label: de("withdraw.channels.NUBAN") })
  const bankSelect = modal.getByLabel(de("withdraw.bankAccount"))
  await bankSelect.selectOption({ label: (await bankSelect.getByRole("option", { name: /^Lekki Commercial Bank/ }).innerText()).trim() })
  await modal.getByLabel(de("withdraw.amount")).fill("250")
  const quoted = page.waitForResponse((r) => isQuoteCall(r.url()))
  await modal.getByRole("button", { name: de("withdraw.review") }).click()
  const quote = (await (await quoted).json()) as WithdrawalQuote
  const review = dialog(page, de("withdraw.reviewTitle"))
  const shown = conversionShown(quote, "de")
  // "1 USD = 1.516,72 NGN" and "379.180,00 ₦".
  expect(shown.rate).toMatch(/^1 USD = \d{1,3}(\.\d{3})*(,\d+)? NGN$/)
  expect(shown.arrives).toMatch(/^\d{1,3}(\.\d{3})*,\d\d\s₦$/)
  await expect(review.getByText(de("withdraw.quote.rate"), { exact: true })).toBeVisible()
  await expect(review.getByText(shown.rate, { exact: true })).toBeVisible()
  await expect(review.getByText(de("withdraw.quote.arrives"), { exact: true })).toBeVisible()
  await expect(review.getByText(shown.arrives, { exact: true })).toBeVisible()
  await expect(review.getByText(de("withdraw.quote.validity", { seconds: 60 }))).toBeVisible()
  // Back keeps the form; nothing was sent.
  await review.getByRole("button", { name: de("withdraw.back") }).click()
  await expect(modal.getByLabel(de("withdraw.amount"))).toHaveValue("250")
  await modal.getByRole("button", { name: de("withdraw.cancel") }).click()
  await page.close()
})

test("a withdrawal the bank returns is booked as its reversal, its own kind, never as a deposit", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await openPayments(page, "IND NGN")
  await page.getByRole("button", { name: t("withdraw.open"), exact: true }).click()
  // The Harbour Trust Bank account is not verified yet: the rail returns the payout.
  const amount = `${100 + (Date.now() % 800)}.63`
  await fillAndReview(page, "NUBAN", /^Harbour Trust Bank \*{4}\d{4} NGN$/, amount)
  await dialog(page, t("withdraw.reviewTitle"))
    .getByRole("button", { name: t("withdraw.confirm") })
    .click()
  await expect(page.getByText("Withdrawal Request Submitted Successfully")).toBeVisible()
  const shown = formatMoney(amount, "NGN", intlLocale("en"), { fraction: "fixed" })
  const row = paymentsTable(page)
    .getByRole("row")
    .filter({ hasText: shown })
    .filter({ hasText: /WITHDRAWAL \/ NUBAN/ })
    .first()
  await expect(row.getByText("FAILED", { exact: true })).toBeVisible()

  await openTransactions(page)
  const transactions = page.getByRole("table", { name: t("transactions.title") })
  const booked = transactions.getByRole("row").filter({ hasText: shown })
  const label = (key: string) => text("en", "common", `enum.transactionType.${key}`).toLocaleUpperCase("en")
  const reversal = booked.filter({ hasText: label("REVERSAL") })
  await expect(reversal).toHaveCount(1)
  await expect(reversal.getByRole("img", { name: t("transactions.kind.REVERSAL") })).toBeVisible()
  // The withdrawal itself stays a debit; nothing of this payment is a credit (a deposit).
  const ofKind = (kind: string) => booked.filter({ has: page.getByRole("img", { name: t(`transactions.kind.${kind}`) }) })
  await expect(ofKind("DEBIT")).toHaveCount(1)
  await expect(ofKind("CREDIT")).toHaveCount(0)
  await expect(booked.filter({ hasText: label("DEPOSIT") })).toHaveCount(0)
  await page.close()
})
