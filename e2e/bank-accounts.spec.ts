import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { nubanFor } from "../src/domain/nuban"
import { DEMO, expiredSessionDialog, PASSWORD, registerAndSignIn, resumeSession, submitWithStepUp } from "./auth-support"
import { openApp, text, wallClock } from "./support"

// Issue 11 (bank accounts): demo@chartfolio.test adds a local bank account (the name appears once
// 10 digits are typed), adds a foreign one, sees both listed, views and deletes one, and withdraws
// to the new local account. Other specs withdraw as the same user at the same time, so the banks
// used here are ones the demo world has no account at (Gateway First Bank, code 111; a foreign
// "Pacific Coast Bank"), and rows are found by their text.

test.describe.configure({ timeout: 120_000 })

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "account", key, vars)
const p = (key: string, vars: Record<string, string | number> = {}) => text("en", "portfolio", key, vars)
const f = (key: string, vars: Record<string, string | number> = {}) => text("en", "forms", key, vars)

const GATEWAY_CODE = "111"
const table = (page: Page) => page.getByRole("table", { name: t("bankAccounts.title") })
const addModal = (page: Page) => page.getByRole("dialog", { name: t("bankAccounts.addModal.title") })
/** A field of the add modal by its whole label ("Bank" is not "Bank Name"); a required one's label ends with "*". */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const labelled = (page: Page, key: string) => addModal(page).getByLabel(new RegExp(`^${escape(t(`bankAccounts.addModal.${key}`))}\\*?$`))

const openBankAccounts = async (page: Page) => {
  await resumeSession(page, DEMO)
  await openApp(page, "/user-account/bank-accounts")
  await expect(page.getByRole("heading", { level: 1, name: t("tabs.bank-accounts") })).toBeVisible()
  await expect(page.getByRole("heading", { level: 2, name: t("bankAccounts.title") })).toBeVisible()
  await expect(table(page)).toBeVisible()
}

test("a local bank account: the name is looked up once 10 digits are typed, a wrong check digit says so with a retry, it is listed and a withdrawal can go to it", async ({
  page,
}) => {
  await openBankAccounts(page)
  // The seeded accounts are listed as bank name, last 4 digits, currency.
  await expect(
    table(page)
      .getByRole("row")
      .filter({ hasText: /^Lekki Commercial Bank \*{4}\d{4} NGN/ }),
  ).toBeVisible()

  await page.getByRole("button", { name: t("bankAccounts.add") }).click()
  const modal = addModal(page)
  await expect(modal).toBeVisible()
  // Nothing chosen: a bank, the number and the account type are asked for.
  await modal.getByRole("button", { name: t("bankAccounts.addModal.submit") }).click()
  await expect(modal.getByText(f("validation.bank-required"), { exact: true })).toBeVisible()
  await expect(modal.getByText(f("validation.account-number"), { exact: true })).toBeVisible()
  await expect(modal.getByText(f("validation.account-type"), { exact: true })).toBeVisible()

  await labelled(page, "bank").selectOption({ label: "Gateway First Bank" })
  await expect(labelled(page, "currency")).toHaveValue("NGN")
  const serial = String(100_000_000 + Math.floor(Math.random() * 899_999_999))
  const number = nubanFor(GATEWAY_CODE, serial)!
  const wrong = `${serial}${(Number(number[9]) + 1) % 10}`
  const numberField = labelled(page, "accountNumber")
  const nameField = labelled(page, "accountName")
  await expect(nameField).toHaveAttribute("readonly", "")

  // A wrong check digit: the lookup fails, says why and offers a retry.
  await numberField.fill(wrong)
  const lookupAlert = modal.getByRole("alert").filter({ hasText: t("bankAccounts.addModal.lookupFailed") })
  await expect(lookupAlert).toBeVisible()
  await expect(lookupAlert).toContainText("not a valid account number for the chosen bank")
  await expect(lookupAlert.getByRole("button", { name: t("bankAccounts.addModal.lookupRetry") })).toBeVisible()
  await expect(nameField).toHaveValue("")

  // Nine digits: no name; the tenth: the name appears, read-only.
  await numberField.fill(number.slice(0, 9))
  await expect(lookupAlert).toBeHidden()
  await expect(nameField).toHaveValue("")
  await numberField.pressSequentially(number.slice(9))
  await expect(nameField).toHaveValue(/^[A-Z]+ [A-Z]+ [A-Z]+$/)
  const accountName = await nameField.inputValue()

  await labelled(page, "accountType").selectOption({ label: t("bankAccounts.addModal.types.Saving") })
  // A new place for money: the session's fresh one-time code first (issue 35; e2e/step-up.spec.ts covers it).
  await submitWithStepUp(page, {
    email: DEMO,
    dialog: modal,
    done: page.getByText("Bank account added"),
    submit: () => modal.getByRole("button", { name: t("bankAccounts.addModal.submit") }).click(),
  })
  await expect(modal).toBeHidden()
  const label = `Gateway First Bank ****${number.slice(-4)} NGN`
  const row = table(page).getByRole("row").filter({ hasText: label })
  await expect(row).toBeVisible()
  await expect(row.getByText(text("en", "common", "enum.status.ACTIVE"), { exact: true })).toBeVisible()

  // Its details show the looked-up name and the number masked but its last 4.
  await row.getByRole("button", { name: t("bankAccounts.viewOne", { account: label }) }).click()
  const details = page.getByRole("dialog", { name: t("bankAccounts.detail.title") })
  await expect(details.getByText(accountName, { exact: true })).toBeVisible()
  await expect(details.getByText(`******${number.slice(-4)}`, { exact: true })).toBeVisible()
  await expect(details.getByText(number, { exact: true })).toHaveCount(0)
  await details
    .getByRole("button", { name: t("bankAccounts.detail.close") })
    .first()
    .click()
  await expect(details).toBeHidden()

  // The withdraw modal offers the new account (its bank accounts load each time it opens): a withdrawal to it is sent.
  await openApp(page, "/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const selector = page.getByRole("combobox", { name: p("selector.label") })
  if (!(await selector.inputValue()).startsWith("IND NGN")) {
    await selector.click()
    await page.getByRole("option", { name: /^IND NGN/ }).click()
  }
  await page
    .getByRole("navigation", { name: p("tabs.label") })
    .getByRole("link", { name: p("tabs.payments") })
    .click()
  await page.getByRole("button", { name: p("withdraw.open"), exact: true }).click()
  const withdraw = page.getByRole("dialog", { name: p("withdraw.title") })
  await withdraw.getByLabel(p("withdraw.channel")).selectOption({ label: p("withdraw.channels.NUBAN") })
  await withdraw.getByLabel(p("withdraw.bankAccount")).selectOption({ label: label })
  await withdraw.getByLabel(p("withdraw.amount")).fill("321.09")
  await withdraw.getByRole("button", { name: p("withdraw.review") }).click()
  const review = page.getByRole("dialog", { name: p("withdraw.reviewTitle") })
  await expect(review.getByText(label)).toBeVisible()
  // The first withdrawal to an account under 24 hours old: a code unless this session's step-up still holds.
  await submitWithStepUp(page, {
    email: DEMO,
    dialog: review,
    done: page.getByText("Withdrawal Request Submitted Successfully"),
    submit: () => review.getByRole("button", { name: p("withdraw.confirm") }).click(),
  })
  const payment = page
    .getByRole("table", { name: p("payments.title") })
    .getByRole("row")
    .filter({ hasText: "₦321.09" })
    .filter({ hasText: `****${number.slice(-4)}` })
  await expect(payment).toBeVisible()
  // Active (its name was verified by the lookup): the payout completes.
  await expect(payment.getByText("COMPLETED", { exact: true })).toBeVisible({ timeout: 60_000 })
})

test("a foreign bank account: the spec's minimum lengths and country, listed as pending, viewed, then deleted after a confirmation", async ({ page }) => {
  await openBankAccounts(page)
  await page.getByRole("button", { name: t("bankAccounts.add") }).click()
  const modal = addModal(page)
  await labelled(page, "bank").selectOption({ label: t("bankAccounts.addModal.foreign") })
  await expect(labelled(page, "currency")).toHaveValue("USD")
  const field = (key: string) => labelled(page, key)
  await field("accountNumber").fill("1234567")
  await field("bankAddress").fill("1 Mkt")
  await modal.getByRole("button", { name: t("bankAccounts.addModal.submit") }).click()
  await expect(modal.getByText(f("validation.min-characters", { min: 8 }), { exact: true })).toBeVisible()
  await expect(modal.getByText(f("validation.bank-address"), { exact: true })).toBeVisible()
  await expect(modal.getByText(f("validation.bank-country"), { exact: true })).toBeVisible()
  await expect(modal.getByText(f("validation.account-type"), { exact: true })).toBeVisible()
  expect(await seriousViolations(page, "[role=dialog]")).toEqual([])

  // Too long: the rule in words under the field, and what was pasted stays as it was.
  const longName = "Pacific Coast Bank ".repeat(8)
  await field("bankName").fill(longName)
  await modal.getByRole("button", { name: t("bankAccounts.addModal.submit") }).click()
  await expect(modal.getByText(f("validation.max-characters", { max: 140 }), { exact: true })).toBeVisible()
  await expect(field("bankName")).toHaveValue(longName)

  const digits = String(10_000_000 + Math.floor(Math.random() * 89_999_999))
  await field("accountNumber").fill(digits)
  await field("accountName").fill("Adaeze Okafor")
  await field("bankName").fill("Pacific Coast Bank")
  await field("bankAddress").fill("1 Market Street")
  await field("bankCity").fill("San Francisco")
  await field("bankProvince").fill("California")
  await field("bankZipCode").fill("94105")
  await field("swiftAba").fill("PCBKUS66")
  // Every ISO 3166 country, named in the user's language.
  await expect(field("country").getByRole("option")).toHaveCount(250)
  await field("country").selectOption({ label: "United States" })
  await field("accountType").selectOption({ label: t("bankAccounts.addModal.types.Checking") })
  await submitWithStepUp(page, {
    email: DEMO,
    dialog: modal,
    done: page.getByText("Bank account added"),
    submit: () => modal.getByRole("button", { name: t("bankAccounts.addModal.submit") }).click(),
  })
  await expect(modal).toBeHidden()

  const label = `Pacific Coast Bank ****${digits.slice(-4)} USD`
  const row = table(page).getByRole("row").filter({ hasText: label })
  // The status as the app shows it in English (common:enum.status).
  await expect(row.getByText(text("en", "common", "enum.status.PENDING"), { exact: true })).toBeVisible()
  await row.getByRole("button", { name: t("bankAccounts.viewOne", { account: label }) }).click()
  const details = page.getByRole("dialog", { name: t("bankAccounts.detail.title") })
  await expect(details.getByText("United States", { exact: true })).toBeVisible()
  await expect(details.getByText("PCBKUS66", { exact: true })).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(details).toBeHidden()

  // Adding the same account again is refused clearly; the typed fields stay.
  await page.getByRole("button", { name: t("bankAccounts.add") }).click()
  await expect(labelled(page, "bank")).toHaveValue("")
  await labelled(page, "bank").selectOption({ label: t("bankAccounts.addModal.foreign") })
  for (const [key, value] of [
    ["accountNumber", digits],
    ["accountName", "Adaeze Okafor"],
    ["bankName", "pacific coast bank"],
    ["bankAddress", "1 Market Street"],
    ["bankCity", "San Francisco"],
    ["bankProvince", "California"],
    ["bankZipCode", "94105"],
    ["swiftAba", "PCBKUS66"],
  ] as const) {
    await field(key).fill(value)
  }
  await field("country").selectOption({ label: "United States" })
  await field("accountType").selectOption({ label: t("bankAccounts.addModal.types.Checking") })
  const refused = modal.getByRole("alert").filter({ hasText: "This bank account is already saved." })
  await submitWithStepUp(page, {
    email: DEMO,
    dialog: modal,
    done: refused,
    submit: () => modal.getByRole("button", { name: t("bankAccounts.addModal.submit") }).click(),
  })
  await expect(field("bankName")).toHaveValue("pacific coast bank")
  await modal.getByRole("button", { name: t("bankAccounts.addModal.cancel") }).click()
  await expect(modal).toBeHidden()

  // Delete, after a confirmation in an alert dialog.
  await row.getByRole("button", { name: t("bankAccounts.deleteOne", { account: label }) }).click()
  const confirm = page.getByRole("alertdialog", { name: t("bankAccounts.confirm.title") })
  await expect(confirm).toContainText(label)
  await confirm.getByRole("button", { name: t("bankAccounts.confirm.confirm") }).click()
  await expect(page.getByText("Bank account deleted")).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(table(page).getByRole("row").filter({ hasText: label })).toHaveCount(0)
})

test("a session that expires while a bank account is being added re-authenticates and carries on, nothing typed or chosen lost", async ({ page }) => {
  const clock = await wallClock(page)
  const user = await registerAndSignIn(page, "bank-expiry")
  await openApp(page, "/user-account/bank-accounts")
  await expect(page.getByText(t("bankAccounts.empty"))).toBeVisible()
  await page.getByRole("button", { name: t("bankAccounts.add") }).click()
  await labelled(page, "bank").selectOption({ label: "Gateway First Bank" })
  const number = nubanFor(GATEWAY_CODE, String(100_000_000 + Math.floor(Math.random() * 899_999_999)))!
  await labelled(page, "accountNumber").fill(number)
  await expect(labelled(page, "accountName")).toHaveValue(/^[A-Z]+ [A-Z]+ [A-Z]+$/)
  await labelled(page, "accountType").selectOption({ label: t("bankAccounts.addModal.types.Checking") })

  // Past the 30-minute validity as Add is clicked: the add waits behind the re-authentication dialog.
  await clock.aheadAtNextClick(31 * 60_000)
  await addModal(page)
    .getByRole("button", { name: t("bankAccounts.addModal.submit") })
    .click()
  const reauth = await expiredSessionDialog(page)
  await clock.now()
  await reauth.getByLabel("Email").fill(user)
  await reauth.getByLabel("Password").fill(PASSWORD)
  // The add that met the expiry goes on with what was typed and chosen: the new user's first
  // bank account asks for a fresh code (issue 35), then it is added.
  await submitWithStepUp(page, {
    email: user,
    dialog: addModal(page),
    done: page.getByText("Bank account added"),
    submit: async () => {
      await reauth.getByRole("button", { name: "Continue" }).click()
      await expect(reauth).toBeHidden()
    },
  })
  const row = table(page)
    .getByRole("row")
    .filter({ hasText: `Gateway First Bank ****${number.slice(-4)} NGN` })
  await expect(row).toBeVisible()
  await row.getByRole("button", { name: /^View / }).click()
  await expect(
    page.getByRole("dialog", { name: t("bankAccounts.detail.title") }).getByText(t("bankAccounts.addModal.types.Checking"), { exact: true }),
  ).toBeVisible()
})

test("letters typed in a row leave no letter in a local account number, also after digits; a foreign one keeps them", async ({ page }) => {
  await openBankAccounts(page)
  await page.getByRole("button", { name: t("bankAccounts.add") }).click()
  await labelled(page, "bank").selectOption({ label: "Gateway First Bank" })
  const numberField = labelled(page, "accountNumber")
  await numberField.pressSequentially("abc")
  await expect(numberField).toHaveValue("")
  await expect(addModal(page).getByText(f("typing.digitsOnly"))).toBeVisible()
  await numberField.pressSequentially("12abc")
  await expect(numberField).toHaveValue("12")
  // A foreign account number may hold letters (an IBAN).
  await labelled(page, "bank").selectOption({ label: t("bankAccounts.addModal.foreign") })
  await numberField.fill("")
  await numberField.pressSequentially("GB29AB")
  await expect(numberField).toHaveValue("GB29AB")
})

test("the account-name lookup is limited per user: the 11th in a minute says so with a retry, and the form keeps what was typed", async ({ page }) => {
  await registerAndSignIn(page, "bank-lookups")
  await openApp(page, "/user-account/bank-accounts")
  await page.getByRole("button", { name: t("bankAccounts.add") }).click()
  const modal = addModal(page)
  await labelled(page, "bank").selectOption({ label: "Gateway First Bank" })
  await labelled(page, "accountType").selectOption({ label: t("bankAccounts.addModal.types.Saving") })
  const numberField = labelled(page, "accountNumber")
  const nameField = labelled(page, "accountName")
  const first = 100_000_000 + Math.floor(Math.random() * 800_000_000)
  // The production limit (10 a minute): each complete number is one lookup.
  for (let i = 0; i < 10; i++) {
    await numberField.fill(nubanFor(GATEWAY_CODE, String(first + i))!)
    await expect(nameField).toHaveValue(/^[A-Z]+ [A-Z]+ [A-Z]+$/)
  }
  const eleventh = nubanFor(GATEWAY_CODE, String(first + 10))!
  await numberField.fill(eleventh)
  const lookupAlert = modal.getByRole("alert").filter({ hasText: t("bankAccounts.addModal.lookupFailed") })
  await expect(lookupAlert).toContainText(text("en", "errors", "codes.bank_account.lookup_limited_minute", { limit: 10 }))
  await expect(lookupAlert.getByRole("button", { name: t("bankAccounts.addModal.lookupRetry") })).toBeVisible()
  await expect(nameField).toHaveValue("")
  await expect(numberField).toHaveValue(eleventh)
  await expect(labelled(page, "bank")).toHaveValue(/.+/)
  await expect(labelled(page, "accountType")).toHaveValue("Saving")
})
