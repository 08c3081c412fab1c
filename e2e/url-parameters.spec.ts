import { expect, test } from "./fixtures"
import { openApp, text } from "./support"

// A URL is untrusted input: a search parameter that does not fit is dropped and the page shows its
// default (docs/decisions/0175-url-parameters-dropped.md); one that fits is used as given.

test("the demo mailbox shows one address's mail for ?to=, and every message when ?to= is not an address", async ({ page }) => {
  await openApp(page, `/dev/mailbox?to=${encodeURIComponent("  ada@example.test ")}`)
  await expect(page.getByText(text("en", "dev", "mailbox.filtered", { to: "ada@example.test" }))).toBeVisible()

  // The router reads ?to=[1,2] as a list of numbers: not an address, so no filter.
  await openApp(page, `/dev/mailbox?to=${encodeURIComponent("[1,2]")}`)
  await expect(page.getByRole("heading", { name: text("en", "dev", "mailbox.title") })).toBeVisible()
  await expect(page.getByText(text("en", "dev", "mailbox.all"))).toBeVisible()
  await expect(page.getByText(text("en", "dev", "mailbox.filtered", { to: "1,2" }))).toHaveCount(0)
})
