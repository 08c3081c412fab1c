import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { registerAndSignIn } from "./auth-support"
import { openApp, text } from "./support"

/**
 * The demo back office's document review (issue 36, decision 0225), as a new user meets it: a
 * picture ID uploaded without its number waits as PENDING, then (a minute later) the bell shows a
 * "document reviewed" notice; opened from the bell's panel, it lands on the documents page with that
 * document's details open: REJECTED, and why. A fresh user, so no other test's notices are in the way.
 */

test.describe.configure({ timeout: 240_000 })

/** A real 1x1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64")

const a = (key: string, vars: Record<string, string | number> = {}) => text("en", "account", key, vars)
const n = (key: string, vars: Record<string, string | number> = {}) => text("en", "notifications", key, vars)

test("a document reviewed by the back office: the bell's notice opens its details, rejected with the reason", async ({ page }) => {
  await registerAndSignIn(page, "review")
  await openApp(page, "/user-account/documents")
  const card = page.getByRole("region", { name: a("documents.title") })
  await expect(card.getByRole("status", { name: a("documents.loading") })).toBeHidden()

  // A picture ID without its number.
  await card.getByRole("button", { name: a("documents.new") }).click()
  const dialog = page.getByRole("dialog", { name: a("documents.upload.title") })
  await dialog.getByLabel(a("documents.upload.category")).selectOption("PICTURE_ID")
  await dialog.getByLabel(a("documents.upload.file")).setInputFiles({ name: "id.png", mimeType: "image/png", buffer: PNG })
  await dialog.getByRole("button", { name: a("documents.upload.submit") }).click()
  await expect(dialog).toBeHidden()
  const row = card
    .getByRole("table", { name: a("documents.title") })
    .getByRole("row")
    .nth(1)
  await expect(row).toContainText("PENDING")

  // The review comes about a minute after the upload; the bell asks every 30 s while the page is
  // visible. (A new user may have a "new device" notice already: the count is compared.)
  const bell = page.getByRole("banner").getByRole("button", { name: new RegExp(`^${n("bell.label")}`) })
  await expect(bell).toBeVisible()
  const unread = async () => Number(/\d+/.exec((await bell.getAttribute("aria-label")) ?? "")?.[0] ?? "0")
  const before = await unread()
  await expect(async () => expect(await unread()).toBe(before + 1)).toPass({ timeout: 150_000 })
  await bell.click()
  const panel = page.getByRole("dialog", { name: n("panel.title") })
  const notice = panel.getByRole("article", { name: new RegExp(n("kind.document-reviewed.title")) })
  await expect(notice).toContainText(n("kind.document-reviewed.text", { category: n("value.category.PICTURE_ID"), outcome: n("value.outcome.REJECTED") }))
  await notice.getByRole("link").click()

  // The documents page, with that document's details open; the address no longer names it.
  const details = page.getByRole("dialog", { name: a("documents.details.title") })
  await expect(details).toContainText("REJECTED")
  await expect(details.getByText(a("documents.details.rejectionReason"))).toBeVisible()
  await expect(details.getByText(/The ID number is missing/)).toBeVisible()
  await expect(page).toHaveURL(/\/user-account\/documents$/)
  expect(await seriousViolations(page)).toEqual([])
  await details
    .getByRole("button", { name: a("documents.details.close") })
    .last()
    .click()
  await expect(details).toBeHidden()
  await expect(row).toContainText("REJECTED")
  // The notice opened from the panel is read.
  await expect(async () => expect(await unread()).toBe(before)).toPass()
})
