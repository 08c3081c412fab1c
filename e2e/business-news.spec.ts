import { type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { DEMO, resumeSession } from "./auth-support"
import { openApp, text } from "./support"

const t = (key: string) => text("en", "dashboard", key)
const NEWS_API = "**/api/overview/business-news"

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: t("news.pageTitle") })
const articles = (page: Page) => page.getByRole("list", { name: t("news.pageTitle") }).getByRole("listitem")
const toast = (page: Page, message: string) => page.getByRole("status").filter({ hasText: message })

test("the dashboard's 'see all' news link leads to /business-news, which lists the articles as links opening in a new tab", async ({ page }) => {
  await resumeSession(page, DEMO)
  await page.getByRole("link", { name: t("news.seeAll") }).click()
  await expect(page).toHaveURL(/\/business-news$/)
  await expect(heading(page)).toBeVisible()
  await expect(page.getByRole("navigation", { name: text("en", "common", "breadcrumbs.label") })).toContainText(text("en", "common", "menu.businessNews"))

  await expect(articles(page).first()).toBeVisible()
  expect(await articles(page).count()).toBeGreaterThan(0)
  // No search box on this page (spec part 2 "Business news").
  await expect(page.getByRole("main").getByRole("searchbox")).toHaveCount(0)
  for (const article of await articles(page).all()) {
    const link = article.getByRole("link")
    await expect(link).toHaveAttribute("target", "_blank")
    await expect(link).toHaveAttribute("rel", "noopener noreferrer")
    await expect(link).toHaveAttribute("href", /^https?:\/\//)
    await expect(link).toHaveAccessibleName(new RegExp(`${t("news.newTab").replace(/[()]/g, "\\$&")}$`))
  }
  // No serious or critical accessibility findings on the page (targets.md: none on any route).
  expect(await seriousViolations(page)).toEqual([])
})

test("the side menu's Business News entry leads to the news page", async ({ page }) => {
  await resumeSession(page, DEMO)
  await page
    .getByRole("navigation", { name: text("en", "common", "menu.label") })
    .first()
    .getByRole("link", { name: text("en", "common", "menu.businessNews") })
    .click()
  await expect(page).toHaveURL(/\/business-news$/)
  await expect(heading(page)).toBeVisible()
  await expect(articles(page).first()).toBeVisible()
})

test("an article shows its title before ' - ', its content before '[+', its source and its date in the chosen language", async ({ page }) => {
  await resumeSession(page, DEMO)
  await page.route(NEWS_API, (route) =>
    route.fulfill({
      json: [
        {
          url: "https://news.example/rates",
          urlToImage: null,
          title: "Rates rise again - Example Wire",
          content: "Central banks raised rates on Tuesday. [+1234 chars]",
          source: "Example Wire",
          publishedAt: "2026-01-02T12:00:00Z",
        },
      ],
    }),
  )
  await openApp(page, "/business-news")
  await expect(articles(page)).toHaveCount(1)
  const article = articles(page).first()
  await expect(article.getByRole("link")).toHaveAccessibleName(`Rates rise again ${t("news.newTab")}`)
  await expect(article.getByRole("link")).toHaveAttribute("href", "https://news.example/rates")
  await expect(article).toContainText("Central banks raised rates on Tuesday.")
  await expect(article).not.toContainText("[+")
  await expect(article).toContainText(`Example Wire · ${new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date("2026-01-02T12:00:00Z"))}`)
})

test("an empty answer shows the empty state", async ({ page }) => {
  await resumeSession(page, DEMO)
  await page.route(NEWS_API, (route) => route.fulfill({ json: [] }))
  await openApp(page, "/business-news")
  await expect(heading(page)).toBeVisible()
  await expect(page.getByText(t("news.none"))).toBeVisible()
  await expect(page.getByText(t("news.emptyHelp"))).toBeVisible()
  await expect(articles(page)).toHaveCount(0)
})

test("a failed fetch shows an error toast and a retry that recovers", async ({ page }) => {
  await resumeSession(page, DEMO)
  let failing = true
  await page.route(NEWS_API, (route) =>
    failing ? route.fulfill({ status: 500, json: { statusCode: 500, code: "internal", error: "Internal failure" } }) : route.fallback(),
  )
  await openApp(page, "/business-news")
  await expect(toast(page, text("en", "errors", "codes.internal"))).toBeVisible()
  await expect(page.getByText(t("news.failed"))).toBeVisible()
  await expect(heading(page)).toBeVisible()

  failing = false
  await page.getByRole("button", { name: t("news.retry") }).click()
  await expect(articles(page).first()).toBeVisible()
  await expect(page.getByText(t("news.failed"))).toBeHidden()
})
