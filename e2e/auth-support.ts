import { mkdir, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test"
import { TOTP } from "otpauth"
import { openApp, text } from "./support"

export const PASSWORD = "Chartfolio#2026"
export const DEMO = "demo@chartfolio.test"
export const APP_USER = "app@chartfolio.test"
export const NEW_USER = "new@chartfolio.test"
export const TOTP_SECRET = "CHARTFOLIOAPPDEMOSECRETKEY234567"

/** The current authenticator code for the README's TOTP secret. */
export const totpCode = (at = Date.now()): string => new TOTP({ secret: TOTP_SECRET, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at })

/** Fills and submits the sign-in form. */
export const submitCredentials = async (page: Page, email: string, password = PASSWORD) => {
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill(password)
  await page.getByRole("button", { name: "Sign In" }).click()
}

/**
 * Reads the newest six-digit code mailed to an address, as a person would: on /dev/mailbox, the
 * newest mail that has a code (a notice's mail, say of a price alert another test fired or of a
 * document the demo back office reviewed, may have arrived after it).
 */
export const readMailedCode = async (page: Page, address: string, notBefore?: string): Promise<string> => {
  const mailbox = await page.context().newPage()
  try {
    let code = ""
    await expect(async () => {
      await openApp(mailbox, `/dev/mailbox?to=${encodeURIComponent(address)}`)
      const newest = mailbox
        .getByRole("article")
        .filter({ hasText: /\b\d{6}\b/ })
        .first()
      await expect(newest).toBeVisible()
      const match = /\b(\d{6})\b/.exec((await newest.textContent()) ?? "")
      expect(match).not.toBeNull()
      code = match?.[1] ?? ""
      expect(code).not.toBe(notBefore ?? "")
    }).toPass()
    return code
  } finally {
    await mailbox.close()
  }
}

/**
 * Runs `work` while no other test worker signs in with the same address. Every sign-in mails a
 * code and `readMailedCode` reads the newest one, so two workers signing in as the demo user at
 * once would read each other's codes. A lock older than two minutes is a crashed worker's: taken over.
 */
export const withAddressLock = async <T>(email: string, work: () => Promise<T>): Promise<T> => {
  const lock = join(tmpdir(), "chartfolio-e2e-locks", encodeURIComponent(email.toLowerCase()))
  await mkdir(join(tmpdir(), "chartfolio-e2e-locks"), { recursive: true })
  for (;;) {
    try {
      await mkdir(lock)
      break
    } catch {
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      )
      if (since > 120_000) await rm(lock, { recursive: true, force: true })
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  try {
    return await work()
  } finally {
    await rm(lock, { recursive: true, force: true })
  }
}

/**
 * At the code step of the authenticator-app user (hold its lock): enters the current code and
 * verifies it until the dashboard shows. The server takes a code once per 30 s step, so a code
 * another test used in this step is refused: then the next step's code is entered.
 */
export const verifyTotp = async (page: Page) => {
  for (let attempt = 0; attempt < 3 && !page.url().endsWith("/dashboard"); attempt++) {
    await page.getByLabel("One-time code").fill(totpCode())
    await page.getByRole("button", { name: "Verify" }).click()
    // Wait on what the user sees: the dashboard, or the code refused.
    const refused = page.getByRole("alert").filter({ hasText: /\S/ })
    await expect(async () => expect(page.url().endsWith("/dashboard") || (await refused.isVisible())).toBe(true)).toPass()
    if (await refused.isVisible()) {
      const used = totpCode()
      await expect.poll(() => totpCode(), { timeout: 40_000 }).not.toBe(used)
    }
  }
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** Signs a user in through the real UI, code step included, and waits for the dashboard. */
export const signIn = (page: Page, email: string) => withAddressLock(email, () => signInNow(page, email))

const signInNow = async (page: Page, email: string) => {
  await openApp(page, "/login")
  await submitCredentials(page, email)
  await expect(page).toHaveURL(/\/(2fa-otp|dashboard)$/)
  if (page.url().endsWith("/2fa-otp")) {
    if (email === APP_USER) return verifyTotp(page)
    await page.getByLabel("One-time code").fill(await readMailedCode(page, email))
    await page.getByRole("button", { name: "Verify" }).click()
  }
  await expect(page).toHaveURL(/\/dashboard$/)
}

/** What the app keeps in local storage (its versioned key family). */
/**
 * The dialog that asks to sign in again once the session has expired, once it shows with the
 * cursor in its Email field: the dialog moves focus there as it opens, and text typed before that
 * (on a busy machine, Playwright's fill) lands in whichever field has it then.
 */
export const expiredSessionDialog = async (page: Page): Promise<Locator> => {
  const dialog = page.getByRole("alertdialog", { name: "Your session has expired" })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel("Email")).toBeFocused()
  return dialog
}

export const storedKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(window.localStorage)
      .filter((k) => k.startsWith("chartfolio.v1."))
      .sort(),
  )

/** A unique address for a user a test creates, so tests never share codes or sessions. */
export const freshEmail = (tag: string) => `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@chartfolio.test`

/**
 * Registers a new user through /auth/registration, enters the e-mailed sign-up code and waits for
 * the dashboard. Returns the address; the password is PASSWORD.
 */
export const registerAndSignIn = async (page: Page, tag: string): Promise<string> => {
  const email = freshEmail(tag)
  await openApp(page, "/auth/registration")
  await page.getByLabel("Full name").fill("Test Person")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Username").fill(email.split("@")[0] ?? "tester")
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
  await page.getByLabel("Confirm Password").fill(PASSWORD)
  await page.getByText("I accept the terms and conditions").click()
  await page.getByRole("button", { name: "Sign Up" }).click()
  await expect(page).toHaveURL(/\/2fa-otp$/)
  await page.getByLabel("One-time code").fill(await readMailedCode(page, email))
  await page.getByRole("button", { name: "Verify" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  return email
}

/**
 * Sign-ins are rate-limited and mail codes, so specs that only need a signed-in user reuse one
 * session per user and worker: the first call signs in through the UI, later ones start from that
 * session's local storage. Tests using these must not sign out.
 */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["storageState"]>>>()

/** A page of a new browser context already signed in as `email` (see `sessions`). */
export const signedInPage = async (browser: Browser, baseURL: string | undefined, email: string): Promise<Page> => {
  let state = sessions.get(email)
  if (state === undefined) {
    const first = await browser.newContext({ baseURL })
    await signIn(await first.newPage(), email)
    state = await first.storageState()
    sessions.set(email, state)
    await first.close()
  }
  const context = await browser.newContext({ baseURL, storageState: state })
  return context.newPage()
}

/**
 * Signs `page` in as `email` and lands on /dashboard: through the UI the first time in this worker,
 * afterwards by starting from that session's stored state (the app's own keys only; set once per
 * context, before the app first loads, so later changes such as stored preferences survive reloads).
 */
export const resumeSession = async (page: Page, email: string): Promise<void> => {
  const state = sessions.get(email)
  if (state === undefined) {
    await signIn(page, email)
    sessions.set(email, await page.context().storageState())
    return
  }
  const items = state.origins.flatMap((o) => o.localStorage).filter((i) => i.name.startsWith("chartfolio."))
  await page.context().addInitScript((entries: ReadonlyArray<{ name: string; value: string }>) => {
    if (window.sessionStorage.getItem("e2e.session-resumed") !== null) return
    for (const { name, value } of entries) if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value)
    window.sessionStorage.setItem("e2e.session-resumed", "1")
  }, items)
  await openApp(page, "/dashboard")
  await expect(page).toHaveURL(/\/dashboard$/)
}

/**
 * Issue 35: runs `submit` (what sends a request that moves money to a new place: adding a bank
 * account, a first withdrawal to a new one) holding the address's lock (the code step mails a code,
 * which replaces a code another worker's sign-in waits for). When `dialog` shows the code step, the
 * mailed code is read and typed, and Enter confirms it; when `done` shows first (the session's
 * step-up still holds), nothing is asked. Answers whether the code step was shown.
 */
export const submitWithStepUp = async (
  page: Page,
  opts: { readonly email: string; readonly dialog: Locator; readonly done: Locator; readonly submit: () => Promise<void>; readonly lang?: string },
): Promise<boolean> =>
  withAddressLock(opts.email, async () => {
    const lang = opts.lang ?? "en"
    await opts.submit()
    const field = stepUpField(opts.dialog, lang)
    await expect(async () => expect((await opts.done.isVisible()) || (await field.isVisible())).toBe(true)).toPass()
    if (!(await field.isVisible())) return false
    // The code was mailed once the step says so.
    await expect(opts.dialog.getByText(text(lang, "forms", "stepUp.fromEmail"))).toBeVisible()
    await field.fill(await readMailedCode(page, opts.email))
    await field.press("Enter")
    await expect(opts.done).toBeVisible()
    return true
  })

/** The code field of the step-up code step in a dialog. */
export const stepUpField = (dialog: Locator, lang = "en"): Locator =>
  dialog.getByLabel(new RegExp(`^${text(lang, "forms", "stepUp.label").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`))
