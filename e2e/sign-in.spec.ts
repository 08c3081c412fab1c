import { expect, test } from "./fixtures"
import { APP_USER, DEMO, readMailedCode, registerAndSignIn, storedKeys, submitCredentials, verifyTotp, withAddressLock } from "./auth-support"
import { openApp } from "./support"

// One demo user's codes replace each other, so these walk the sign-in chart one after another; a
// test may first wait for the demo address while another spec signs the demo user in.
test.describe.configure({ mode: "serial", timeout: 120_000 })

test("a new user signs in with an e-mailed code, stays signed in on reload, and signs out", async ({ page }) => {
  // Every demo sign-in mails a code: hold the demo address while this test reads its own.
  await withAddressLock(DEMO, async () => {
    await openApp(page, "/login")

    // credentials: the spec's validation messages appear, and nothing is sent while invalid.
    await page.getByLabel("Email").fill("bad")
    await page.getByRole("button", { name: "Sign In" }).click()
    await expect(page.getByText("Wrong email format")).toBeVisible()
    await expect(page.getByText("Required field")).toBeVisible()

    // submitting: the button shows its spinner during the 1-second delay and the call.
    await submitCredentials(page, DEMO)
    await expect(page.getByRole("button", { name: /Sign/ })).toBeDisabled()

    // code: the e-mailed code step, with a resend.
    await expect(page).toHaveURL(/\/2fa-otp$/)
    await expect(page.getByText("We e-mailed you a six-digit code")).toBeVisible()
    const first = await readMailedCode(page, DEMO)
    await page.getByRole("button", { name: "Send a new code" }).click()
    await expect(page.getByRole("status").filter({ hasText: "A new code is on its way" })).toBeVisible()
    const second = await readMailedCode(page, DEMO, first)

    // the replaced code is refused; the six-digit rules show before anything is sent.
    await page.getByLabel("One-time code").fill("12ab")
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(page.getByText("Only numbers allowed")).toBeVisible()
    await page.getByLabel("One-time code").fill(first)
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(page.getByRole("alert")).toContainText("The code is not valid.")
    // The refused code is cleared for the next one, and the empty field does not also say
    // "Required field": the alert is the one message.
    await expect(page.getByLabel("One-time code")).toHaveValue("")
    await expect(page.getByText("Required field")).toBeHidden()

    // verifying, loading the admin, done: the dashboard with the quick user panel.
    await page.getByLabel("One-time code").fill(second)
    await page.getByRole("button", { name: "Verify" }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.getByRole("button", { name: "Open the user panel" }).click()
    const panel = page.getByRole("region", { name: "Signed-in user" })
    await expect(panel.getByText(DEMO)).toBeVisible()
    await expect(panel.getByText("Super Admin")).toBeVisible()
    await expect(panel.getByText("Chartfolio Demo Partners")).toBeVisible()

    // reload: still signed in.
    await page.reload()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible()

    // sign out: back on /login, persisted state gone but the device id and language.
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Sign Out" }).click()
    await expect(page).toHaveURL(/\/login$/)
    expect(await storedKeys(page)).toEqual(["chartfolio.v1.deviceId"])
    await page.goto("/dashboard")
    await expect(page).toHaveURL(/\/login$/)
  })
})

test("a wrong password shows the server's text in the form and keeps what was typed", async ({ page }) => {
  await openApp(page, "/login")
  await submitCredentials(page, DEMO, "not-the-password")
  await expect(page.getByRole("alert")).toContainText("The login detail is incorrect")
  await expect(page.getByLabel("Email")).toHaveValue(DEMO)
  await expect(page).toHaveURL(/\/login$/)
})

test("an authenticator-app user signs in with a TOTP code and can trust the device", async ({ page }) => {
  // Other tests sign this user in too, and a code is taken once per 30 s step: hold the user's lock.
  await withAddressLock(APP_USER, async () => {
    await openApp(page, "/login")
    await submitCredentials(page, APP_USER)
    await expect(page).toHaveURL(/\/2fa-otp$/)
    await expect(page.getByText("Open your authenticator app")).toBeVisible()
    await expect(page.getByRole("button", { name: "Send a new code" })).toHaveCount(0)
    await page.getByText("Trust this device for 30 days").click()
    await expect(page.getByRole("checkbox", { name: "Trust this device for 30 days" })).toBeChecked()
    await verifyTotp(page)

    // Signed out and in again on the same (trusted) device: no code step.
    await page.goto("/logout")
    await expect(page).toHaveURL(/\/login$/)
    await submitCredentials(page, APP_USER)
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})

test("a code-pending session reloads at the code step, and 'use another account' signs out", async ({ page }) => {
  // Every demo sign-in mails a code: hold the demo address while this test reads its own.
  await withAddressLock(DEMO, async () => {
    await openApp(page, "/login")
    await submitCredentials(page, DEMO)
    await expect(page).toHaveURL(/\/2fa-otp$/)
    await page.reload()
    await expect(page).toHaveURL(/\/2fa-otp$/)
    await expect(page.getByLabel("One-time code")).toBeVisible()
    await page.goto("/dashboard")
    await expect(page).toHaveURL(/\/2fa-otp$/)
    await page.getByRole("button", { name: "Use another account" }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByLabel("Email")).toHaveValue("")
  })
})

test("signed in, the signed-out pages lead to the dashboard and error pages show", async ({ page }) => {
  test.setTimeout(120_000) // registers a user, then loads ten pages (slow on a loaded 2-core CI machine)
  await registerAndSignIn(page, "routes")
  for (const path of ["/login", "/2fa-otp", "/"]) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
  }
  for (const path of ["/auth", "/forgot-password", "/reset-password/abc", "/auth/registration"]) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
  }
  await page.goto("/error")
  await expect(page).toHaveURL(/\/error\/error-v1$/)
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible()
  await page.goto("/error/error-v2")
  await expect(page.getByRole("heading", { level: 1, name: "Oops, something went wrong" })).toBeVisible()
  await page.goto("/no/such/page")
  await expect(page).toHaveURL(/\/dashboard$/)
})

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test("the side menu is a drawer opened from the header, closed by a choice", async ({ page }) => {
    await registerAndSignIn(page, "phone")
    await expect(page.getByRole("complementary")).toBeHidden()
    await page.getByRole("button", { name: "Open the menu" }).click()
    const drawer = page.getByRole("dialog", { name: "Chartfolio" })
    await expect(drawer.getByRole("link", { name: "Sign Out" })).toBeVisible()
    await drawer.getByRole("link", { name: "Dashboard" }).click()
    await expect(drawer).toBeHidden()
  })
})
