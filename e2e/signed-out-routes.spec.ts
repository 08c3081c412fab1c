import { expect, test } from "./fixtures"
import { openApp } from "./support"

// Spec part 1 section 2, signed-out area: /auth goes to /login and anything else goes to /login.
// The error pages and the dashboard belong to the signed-in area, so they send a signed-out
// visitor to /login too.
const toLogin = [
  "/",
  "/auth",
  "/auth/",
  "/auth/unknown",
  "/dashboard",
  "/error",
  "/error/error-v1",
  "/error/error-v6",
  "/no/such/page",
  "/portfolio/123/orders",
  "/user-account",
  "/user-account/compliance",
  "/market-insight",
]

for (const path of toLogin) {
  test(`a signed-out visitor opening ${path} lands on /login`, async ({ page }) => {
    await openApp(page, path)
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible()
  })
}

test("the redirect replaces history, so Back does not bounce to the unknown path", async ({ page }) => {
  await openApp(page, "/login")
  await page.goto("/no/such/page")
  await expect(page).toHaveURL(/\/login$/)
  await page.goBack()
  await expect(page).not.toHaveURL(/no\/such\/page/)
})
