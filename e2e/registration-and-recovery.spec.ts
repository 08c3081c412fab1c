import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, freshEmail, PASSWORD, readMailedCode, registerAndSignIn, submitCredentials, withAddressLock } from "./auth-support"
import { openApp, text } from "./support"

/** The newest mail to an address, read on /dev/mailbox as a person would. */
const newestMail = async (page: Page, address: string, expected: RegExp): Promise<string> => {
  const mailbox = await page.context().newPage()
  try {
    let body = ""
    await expect(async () => {
      await openApp(mailbox, `/dev/mailbox?to=${encodeURIComponent(address)}`)
      body = (await mailbox.getByRole("article").first().textContent()) ?? ""
      expect(body).toMatch(expected)
    }).toPass()
    return body
  } finally {
    await mailbox.close()
  }
}

test("registration keeps Sign Up disabled until the form is valid and the terms are accepted", async ({ page }) => {
  await openApp(page, "/auth/registration")
  const submit = page.getByRole("button", { name: "Sign Up" })
  await expect(submit).toBeDisabled()
  await page.getByLabel("Full name").fill("Al")
  await page.getByLabel("Full name").blur()
  await expect(page.getByText("Minimum 3 symbols")).toBeVisible()
  await page.getByLabel("Full name").fill("Ada Obi")
  const email = freshEmail("form")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Username").fill("adaobi")
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Confirm Password").fill("Something#Else1")
  await page.getByLabel("Confirm Password").blur()
  await expect(page.getByText("Password and Confirm Password didn't match")).toBeVisible()
  await page.getByLabel("Confirm Password").fill(PASSWORD)
  await expect(submit).toBeDisabled()
  await page.getByText("I accept the terms and conditions").click()
  await expect(submit).toBeEnabled()
})

test("registering with an address that already has an account looks the same, and its owner is told", async ({ page }) => {
  // This mails the demo user: not while another test reads the demo user's newest code.
  await withAddressLock(DEMO, async () => {
    await openApp(page, "/auth/registration")
    await page.getByLabel("Full name").fill("Someone Else")
    await page.getByLabel("Email").fill(DEMO)
    await page.getByLabel("Username").fill(`someone${Date.now().toString(36)}`)
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
    await page.getByLabel("Confirm Password").fill(PASSWORD)
    await page.getByText("I accept the terms and conditions").click()
    await page.getByRole("button", { name: "Sign Up" }).click()
    // Same as a new address: on to the code step.
    await expect(page).toHaveURL(/\/2fa-otp$/)
    await newestMail(page, DEMO, /tried to register/i)
    // No code can complete it.
    await page.getByLabel("One-time code").fill("123456")
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(page.getByRole("alert")).toContainText(text("en", "errors", "codes.otp.invalid"))
  })
})

test("a forgotten password is reset through the e-mailed link, once", async ({ page }) => {
  test.setTimeout(90_000) // a whole journey: register, sign out, reset by mail, sign in twice
  const email = await registerAndSignIn(page, "reset")
  // A self-registered customer is labelled with the role they have, not as an admin.
  await page.getByRole("button", { name: "Open the user panel" }).click()
  const panel = page.getByRole("region", { name: "Signed-in user" })
  await expect(panel.getByText(email)).toBeVisible()
  await expect(panel.getByText("Customer", { exact: true })).toBeVisible()
  await expect(panel.getByText("Admin", { exact: true })).toHaveCount(0)
  await page.goto("/logout")
  await expect(page).toHaveURL(/\/login$/)

  await page.getByRole("link", { name: "Forgot Password?" }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  // The page's own form, not the sign-in form still shown while its route loads.
  await expect(page.getByRole("heading", { level: 1, name: "Forgot Password?" })).toBeVisible()
  await page.getByLabel("Email").fill(email)
  await page.getByRole("button", { name: "Send reset link" }).click()
  // The request waits out the spec's 1-second delay and the server's constant-time answer, on a busy machine.
  await expect(page).toHaveURL(/\/login$/)

  const mail = await newestMail(page, email, /\/reset-password\//)
  const link = /https?:\/\/[^\s]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)?.[0]
  expect(link).toBeTruthy()
  const path = new URL(link ?? "").pathname
  await openApp(page, path)
  await expect(page.getByRole("heading", { level: 1, name: "Reset Password" })).toBeVisible()

  await page.getByLabel("New Password").fill("weakpass")
  await page.getByLabel("Confirm Password").fill("weakpass")
  await page.getByRole("button", { name: "Reset Password" }).click()
  await expect(page.getByText(text("en", "forms", "validation.password-complexity"))).toBeVisible()
  await page.getByLabel("New Password").fill("Brand#New2027")
  await page.getByLabel("Confirm Password").fill("Brand#New2026")
  await page.getByRole("button", { name: "Reset Password" }).click()
  await expect(page.getByText("Passwords must match")).toBeVisible()
  await page.getByLabel("Confirm Password").fill("Brand#New2027")
  await page.getByRole("button", { name: "Reset Password" }).click()
  await expect(page).toHaveURL(/\/login$/)

  // The old password no longer works; the new one does.
  await submitCredentials(page, email, PASSWORD)
  await expect(page.getByRole("alert")).toContainText("The login detail is incorrect")
  await submitCredentials(page, email, "Brand#New2027")
  await expect(page).toHaveURL(/\/2fa-otp$/)
  await page.getByLabel("One-time code").fill(await readMailedCode(page, email))
  await page.getByRole("button", { name: "Verify" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  // The link was single use.
  await page.goto("/logout")
  await expect(page).toHaveURL(/\/login$/)
  await openApp(page, path)
  await page.getByLabel("New Password").fill("Another#Pass3")
  await page.getByLabel("Confirm Password").fill("Another#Pass3")
  await page.getByRole("button", { name: "Reset Password" }).click()
  await expect(page.getByRole("alert")).toContainText(text("en", "errors", "codes.reset.invalid"))
  await expect(page.getByRole("link", { name: "Request a new reset link" })).toBeVisible()
})

test("forgot password answers the same for an address with no account", async ({ page }) => {
  await openApp(page, "/forgot-password")
  await page.getByLabel("Email").fill(freshEmail("nobody"))
  await page.getByRole("button", { name: "Send reset link" }).click()
  await expect(page).toHaveURL(/\/login$/)
})
