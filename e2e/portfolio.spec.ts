import { readFileSync } from "node:fs"
import { type Browser, type Locator, type Page } from "@playwright/test"
import { expect, test } from "./fixtures"
import { seriousViolations } from "./axe"
import { DEMO, signedInPage } from "./auth-support"
import { fetchFull, scrollToRow, text } from "./support"

// The portfolio area as demo@chartfolio.test sees it. The demo user has two portfolios (seed):
// IND NGN (the first, a cash account) and CUS USD (margin multiplier 2); each has one order in
// every status, among them one PENDING and one PROCESSING. Other tests may place or cancel orders
// for the demo user at the same time, so rows are picked by what the seed guarantees (the oldest
// open order, the oldest rejection) and changes are asserted on that row only.

const t = (key: string, vars: Record<string, string | number> = {}) => text("en", "portfolio", key, vars)

const ACCOUNT_PATH = /\/portfolio\/([^/]+)\/(overview|positions|orders|transactions|payments|statements)$/
const accountIdOf = (page: Page): string => ACCOUNT_PATH.exec(new URL(page.url()).pathname)?.[1] ?? ""

const selector = (page: Page) => page.getByRole("combobox", { name: t("selector.label") })
const sidePanel = (page: Page) => page.getByRole("complementary", { name: t("side.label") })
const tabs = (page: Page) => page.getByRole("navigation", { name: t("tabs.label") })
const positionsTable = (page: Page) => page.getByRole("table", { name: t("positions.title") })
const ordersTable = (page: Page) => page.getByRole("table", { name: t("orders.title") })
const bodyRows = (table: Locator) => table.getByRole("row").filter({ has: table.page().getByRole("cell") })

/** A figure of the side panel by its label ('Account Value'...), as the text shown. */
const figure = (page: Page, label: string) => sidePanel(page).getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]")

/** "₦1,234.50" or "-$12.00" as a number (the amounts are shown with exactly two decimals). */
const amountOf = (shown: string): number => Number(shown.replace(/[^\d.-]/g, ""))

/** Chooses a portfolio in the area's selector by the start of its label ("IND NGN", "CUS USD"). */
const choosePortfolio = async (page: Page, labelStart: string) => {
  await selector(page).click()
  await page.getByRole("option", { name: new RegExp(`^${labelStart}`) }).click()
}

/** The hue (degrees) and saturation (0..1) of an element's text colour. */
const colourOf = async (locator: Locator): Promise<{ hue: number; saturation: number }> => {
  const css = await locator.evaluate((el) => getComputedStyle(el).color)
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map((v) => Number(v) / 255)
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const d = max - min
  const saturation = max === 0 ? 0 : d / max
  if (d === 0) return { hue: 0, saturation }
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return { hue: (h * 60 + 360) % 360, saturation }
}
const isBlue = ({ hue, saturation }: { hue: number; saturation: number }) => saturation > 0.3 && hue >= 200 && hue <= 250
const isRed = ({ hue, saturation }: { hue: number; saturation: number }) => saturation > 0.3 && (hue <= 12 || hue >= 340)

test.describe.configure({ timeout: 120_000 })

/** A new page signed in as the demo user; the session is shared by the worker's tests (auth-support). */
const demoPage = (browser: Browser, baseURL: string | undefined): Promise<Page> => signedInPage(browser, baseURL, DEMO)

test("the portfolio frame: first account by default, subpage kept when switching, unknown paths to overview, side panel figures", async ({
  browser,
  baseURL,
}) => {
  const page = await demoPage(browser, baseURL)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const ngn = accountIdOf(page)
  await expect(selector(page)).toHaveValue(/^IND NGN \d+$/)
  await expect(selector(page)).toHaveAttribute("placeholder", t("selector.placeholder"))
  // The trail names each level once: "Overview › Portfolio", the portfolio current.
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")
  await expect(crumbs).toHaveText(["Overview", "Portfolio"])
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Portfolio")).toHaveAttribute("aria-current", "page")

  // Account details on the overview, the type with underscores as spaces.
  await expect(page.getByText("INDIVIDUAL TRADER", { exact: true })).toBeVisible()
  await expect(page.getByText(ngn, { exact: true })).toBeVisible()

  // Side panel of a cash account: Account Value = Positions + Total cash, and no margin rows.
  await expect(figure(page, t("side.accountValue"))).toHaveText(/₦/)
  const value = amountOf(await figure(page, t("side.accountValue")).innerText())
  const held = amountOf(await figure(page, t("side.positions")).innerText())
  const cash = amountOf(await figure(page, t("side.totalCash")).innerText())
  expect(Math.abs(value - (held + cash))).toBeLessThanOrEqual(0.011)
  await expect(sidePanel(page).getByText(t("side.marginBalance"))).toHaveCount(0)
  await expect(sidePanel(page).getByText(t("side.totalMargin"))).toHaveCount(0)

  // Subpage tabs, then another account keeps the subpage; the margin account shows both margin rows.
  await tabs(page)
    .getByRole("link", { name: t("tabs.positions") })
    .click()
  await expect(page).toHaveURL(new RegExp(`/portfolio/${ngn}/positions$`))
  await choosePortfolio(page, "CUS USD")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/positions$/)
  const usd = accountIdOf(page)
  expect(usd).not.toBe(ngn)
  await expect(selector(page)).toHaveValue(/^CUS USD /)
  await expect(figure(page, t("side.accountValue"))).toHaveText(/\$/)
  await expect(sidePanel(page).getByText(t("side.marginBalance"), { exact: true })).toBeVisible()
  await expect(sidePanel(page).getByText(t("side.totalMargin"), { exact: true })).toBeVisible()

  // /portfolio now goes to the selected account; unknown subpaths and foreign ids are redirected; statements is a subpage.
  await page.getByRole("link", { name: "Portfolio", exact: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`/portfolio/${usd}/overview$`))
  await page.goto(`/portfolio/${usd}/no-such-page/deeper`)
  await expect(page).toHaveURL(new RegExp(`/portfolio/${usd}/overview$`))
  await page.goto(`/portfolio/${usd}/statements`)
  await expect(page).toHaveURL(new RegExp(`/portfolio/${usd}/statements$`))
  await expect(page.getByRole("tab", { name: t("statements.confirmation.tab") })).toHaveAttribute("aria-selected", "true")
  await page.goto(`/portfolio/${usd}`)
  await expect(page).toHaveURL(new RegExp(`/portfolio/${usd}/overview$`))
  await page.goto("/portfolio/not-an-account-of-mine/orders")
  await expect(page).toHaveURL(new RegExp(`/portfolio/${ngn}/orders$`))

  // The selector's small menu opens the create-portfolio modal.
  await page.getByRole("button", { name: t("selector.menu") }).click()
  await page.getByRole("menuitem", { name: t("selector.newPortfolio") }).click()
  const create = page.getByRole("dialog", {
    name: new RegExp(`^(${text("en", "dashboard", "create.title")}|${text("en", "dashboard", "create.verifiedOnly")})$`),
  })
  await expect(create).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(create).toBeHidden()

  // Clearing the selector leaves no portfolio selected until one is chosen.
  await page.getByRole("button", { name: t("selector.clear") }).click()
  await expect(page.getByText(t("frame.noneSelected"))).toBeVisible()
  await expect(sidePanel(page)).toHaveCount(0)
  await choosePortfolio(page, "IND NGN")
  await expect(ordersTable(page)).toBeVisible()
})

test("positions: columns, instrument links, subtitle; orders: cancel only while open, the view with its timeline and error message", async ({
  browser,
  baseURL,
}) => {
  const page = await demoPage(browser, baseURL)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  await tabs(page)
    .getByRole("link", { name: t("tabs.positions") })
    .click()

  const positions = positionsTable(page)
  await expect(page.getByText(t("positions.subtitle"))).toBeVisible()
  await expect(positions.getByRole("columnheader")).toHaveText(["ASSET", "QUANTITY", "COST BASIS", "PRICE", "VALUE", "PROFIT/LOSS"])
  const firstPosition = bodyRows(positions).first()
  const symbolLink = firstPosition.getByRole("link")
  await expect(symbolLink).toHaveAttribute("href", /^\/instruments\/view\/[^/]+$/)
  // Profit/loss shows its sign (unless zero) and a two-decimal percentage.
  await expect(firstPosition.getByRole("cell").last()).toHaveText(/^([+-]|−)?.+\((\+|-|−)?\d+\.\d{2}\s?%\)$/)
  const href = (await symbolLink.getAttribute("href")) ?? ""
  expect(await seriousViolations(page)).toEqual([])

  // The symbol leads to the instrument page.
  await symbolLink.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await page.goBack()

  await tabs(page)
    .getByRole("link", { name: t("tabs.orders") })
    .click()
  await expect(page.getByText(t("orders.subtitle"))).toBeVisible()
  const orders = ordersTable(page)
  await expect(orders.getByRole("columnheader")).toHaveText(["ACTIVITY", "AMOUNT", "STATUS", "DATE", "ACTIONS"])
  const filled = bodyRows(orders).filter({ hasText: "FILLED" }).first()
  await expect(filled.getByRole("button", { name: t("orders.cancel.button") })).toBeDisabled()
  // A disabled Cancel says why, from the order-cancel chart's guard (tooltip and description).
  const why = text("en", "workflows", "order-cancel.guards.isCancellable")
  await expect(filled.getByRole("button", { name: t("orders.cancel.button") })).toHaveAccessibleDescription(why)
  await expect(filled.getByRole("button", { name: t("orders.cancel.button") })).toHaveAttribute("title", why)
  // Each row's buttons name their order ("View order BUY KANOBNK ₦50,000.00 27 Nov 2026, 10:04 #A1B2C3"): no two Views share a name.
  const symbol = (await filled.getByRole("link").innerText()).trim()
  await expect(filled.getByRole("button", { name: t("orders.view") })).toHaveAccessibleName(new RegExp(`^View order (BUY|SELL) ${symbol} \\S`))
  const viewNames = await bodyRows(orders)
    .getByRole("button", { name: t("orders.view") })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")))
  expect(viewNames.length).toBeGreaterThan(1)
  expect(new Set(viewNames).size).toBe(viewNames.length)
  await expect(filled.getByRole("link")).toHaveAttribute("href", /^\/instruments\/view\/[^/]+$/)
  await expect(filled).toContainText(/BUY|SELL/)
  // The seed's open orders are PROCESSING by now (PENDING lasts a second); PENDING is proven with a routed answer below.
  await expect(
    bodyRows(orders)
      .filter({ hasText: "PROCESSING" })
      .last()
      .getByRole("button", { name: t("orders.cancel.button") }),
  ).toBeEnabled()
  // The seeded rows are the oldest: rows other tests add push them out of the rendered window.
  await scrollToRow(orders, bodyRows(orders).filter({ hasText: "REJECTED" }))
  await expect(
    bodyRows(orders)
      .filter({ hasText: "REJECTED" })
      .first()
      .getByRole("button", { name: t("orders.cancel.button") }),
  ).toBeDisabled()

  // The seeded rejection: its progress timeline and the server's reason as 'Error Message'.
  await bodyRows(orders)
    .filter({ hasText: "REJECTED" })
    .last()
    .getByRole("button", { name: t("orders.view") })
    .click()
  const detail = page.getByRole("dialog", { name: t("orders.detail.title") })
  await expect(detail).toBeVisible()
  await expect(detail.getByRole("list", { name: t("orders.detail.progress") }).getByRole("listitem")).toHaveText([/^PENDING/, /^PROCESSING/, /^REJECTED/])
  await expect(detail.getByText(t("orders.detail.errorMessage"), { exact: true })).toBeVisible()
  await expect(detail).toContainText("Insufficient cash")
  expect(await seriousViolations(page)).toEqual([])
  await detail
    .getByRole("button", { name: t("orders.detail.close") })
    .first()
    .click()
  await expect(detail).toBeHidden()

  // A filled order's view has a timeline and no error message.
  await filled.getByRole("button", { name: t("orders.view") }).click()
  await expect(
    detail
      .getByRole("list", { name: t("orders.detail.progress") })
      .getByRole("listitem")
      .last(),
  ).toHaveText(/^FILLED/)
  await expect(detail.getByText(t("orders.detail.errorMessage"), { exact: true })).toHaveCount(0)
})

test("cancelling an open order: confirmation, the server's message, and the row turns CANCELLED", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  await choosePortfolio(page, "CUS USD")
  await tabs(page)
    .getByRole("link", { name: t("tabs.orders") })
    .click()
  const orders = ordersTable(page)

  // The seed's LIMIT BUY waiting for its price is the oldest open BUY (anything other tests place is newer).
  const open = bodyRows(orders).filter({ hasText: "PROCESSING" }).filter({ hasText: "BUY" }).last()
  await expect(open).toBeVisible()
  const symbol = await open.getByRole("link").innerText()
  const date = await open.getByRole("cell").nth(3).innerText()
  const sameOrder = bodyRows(orders).filter({ hasText: symbol }).filter({ hasText: date })
  await expect(sameOrder).toHaveCount(1)

  // Dismissing the confirmation sends nothing.
  await open.getByRole("button", { name: t("orders.cancel.button") }).click()
  const confirm = page.getByRole("alertdialog", { name: t("orders.cancel.title") })
  await expect(confirm).toContainText(symbol)
  await confirm.getByRole("button", { name: t("orders.cancel.keep") }).click()
  await expect(confirm).toBeHidden()
  await expect(sameOrder).toContainText("PROCESSING")

  await sameOrder.getByRole("button", { name: t("orders.cancel.button") }).click()
  const answer = page.waitForResponse((r) => r.request().method() === "PATCH" && /\/api\/users\/order\/[^/]+\/cancel$/.test(r.url()))
  await confirm.getByRole("button", { name: t("orders.cancel.confirm") }).click()
  const response = await answer
  expect(response.status()).toBe(200)
  const { message } = (await response.json()) as { message: string }
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect(sameOrder).toContainText("CANCELLED")
  await expect(sameOrder.getByRole("button", { name: t("orders.cancel.button") })).toBeDisabled()
})

test("routed answers: cancel only for PENDING and PROCESSING, status colours, the list follows the server, empty states", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  const statuses = ["PENDING", "PROCESSING", "FILLED", "REJECTED", "CANCELLED"] as const
  let serverOrders: "each status" | "none" = "each status"
  await page.route(/\/api\/users\/account\/[^/?]+$/, async (route) => {
    const response = await fetchFull(route)
    const account = (await response.json()) as { details: { orders: Array<Record<string, unknown>> } & Record<string, unknown> } & Record<string, unknown>
    const template = account.details.orders.find((o) => o.status === "FILLED") ?? {}
    const orders = serverOrders === "none" ? [] : statuses.map((status, i) => ({ ...template, id: `mock-${status}`, symbol: `MOCK${i}`, status }))
    await route.fulfill({ response, json: { ...account, positions: [], details: { ...account.details, positions: [], orders } } })
  })
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  await tabs(page)
    .getByRole("link", { name: t("tabs.positions") })
    .click()
  await expect(page.getByText(t("positions.empty"))).toBeVisible()

  await tabs(page)
    .getByRole("link", { name: t("tabs.orders") })
    .click()
  const orders = ordersTable(page)
  const hue = (from: number, to: number) => (c: { hue: number; saturation: number }) => c.saturation > 0.3 && c.hue >= from && c.hue <= to
  const colourOfStatus = {
    PENDING: hue(170, 205),
    PROCESSING: hue(12, 45),
    FILLED: (c: { saturation: number }) => c.saturation < 0.2,
    REJECTED: isRed,
    CANCELLED: isRed,
  }
  for (const [i, status] of statuses.entries()) {
    const row = bodyRows(orders).filter({ hasText: `MOCK${i}` })
    const cancel = row.getByRole("button", { name: t("orders.cancel.button") })
    if (status === "PENDING" || status === "PROCESSING") await expect(cancel).toBeEnabled()
    else await expect(cancel).toBeDisabled()
    // Status colours: pending info, processing warning, rejected and cancelled danger, others muted.
    expect(colourOfStatus[status](await colourOf(row.getByText(status, { exact: true }))), status).toBe(true)
  }

  // While orders are open the list is refetched by itself: the server's new answer shows without a reload.
  serverOrders = "none"
  await expect(page.getByText(t("orders.empty"))).toBeVisible()
  await expect(orders).toHaveCount(0)
})

/** A 10,000-row answer for GET /users/account/{id}: positions and orders, with known profit/loss signs and margin figures. */
const hugeAccount = (account: Record<string, unknown>, count: number) => {
  const details = account.details as Record<string, unknown>
  const positions = Array.from({ length: count }, (_, i) => ({
    instrumentId: `mock-instrument-${i}`,
    symbol: `SYM${i}`,
    asset: { symbol: `SYM${i}`, imageUrl: null },
    totalQuantity: "10",
    // Row 0 gains 10 %, row 1 loses 25 %, row 2 has no cost basis (0 %), the rest gain.
    costBasis: i === 1 ? "400.00" : i === 2 ? "0" : "100.00",
    price: "30.00",
    equityBalance: i === 0 ? "110.00" : i === 1 ? "300.00" : i === 2 ? "300.00" : "300.00",
  }))
  const orders = Array.from({ length: count }, (_, i) => ({
    ...((details.orders as Array<Record<string, unknown>>).find((o) => o.status === "FILLED") ?? {}),
    id: `mock-order-${i}`,
    symbol: `ORD${i}`,
    instrumentId: `mock-instrument-${i}`,
    status: "FILLED",
  }))
  return {
    ...account,
    cashBalance: "-500.00",
    portfolio: { multiplier: "2", equity: "1000.00", long_market_value: "1500.00" },
    positions,
    details: { ...details, positions, orders },
  }
}

test("10,000 positions and orders: only a window of rows is in the DOM, the table says 10,001 rows, the end is reachable", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await page.route(/\/api\/users\/account\/[^/?]+$/, async (route) => {
    const response = await fetchFull(route)
    await route.fulfill({ response, json: hugeAccount((await response.json()) as Record<string, unknown>, 10_000) })
  })
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  await tabs(page)
    .getByRole("link", { name: t("tabs.positions") })
    .click()

  const positions = positionsTable(page)
  await expect(positions).toHaveAttribute("aria-rowcount", "10001")
  await expect(bodyRows(positions).first()).toContainText("SYM0")
  const rendered = await bodyRows(positions).count()
  expect(rendered).toBeGreaterThan(5)
  expect(rendered).toBeLessThan(60)

  // Profit/loss: sign, two-decimal percentage, primary colour for a gain and danger for a loss, 0 % without a cost basis.
  const pl = (row: number) => bodyRows(positions).nth(row).getByRole("cell").last()
  await expect(pl(0)).toHaveText(/^\+₦10\.00 \(\+10\.00%\)$/)
  expect(isBlue(await colourOf(pl(0).locator("span").first()))).toBe(true)
  await expect(pl(1)).toHaveText(/^-₦100\.00 \(-25\.00%\)$/)
  expect(isRed(await colourOf(pl(1).locator("span").first()))).toBe(true)
  await expect(pl(2)).toHaveText(/^\+₦300\.00 \(0\.00%\)$/)
  // No image: the fallback icon stands in.
  await expect(bodyRows(positions).first().getByRole("img")).toHaveCount(0)

  // Margin figures with negative cash: Total Margin = (2 - 1) x 1000; Margin Balance = 1000 + 1000 - 1500.
  await expect(figure(page, t("side.totalMargin"))).toHaveText("₦1,000.00")
  await expect(figure(page, t("side.marginBalance"))).toHaveText("₦500.00")

  // Scrolling to the end shows the last row, with its row index, and still only a window of rows.
  const region = page.getByRole("region", { name: t("positions.title") })
  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(positions.getByRole("row", { name: /SYM9999/ })).toBeVisible()
  await expect(positions.locator('[role="row"][aria-rowindex="10001"]')).toContainText("SYM9999")
  await expect(positions.getByRole("columnheader").first()).toBeInViewport()
  expect(await bodyRows(positions).count()).toBeLessThan(60)

  await tabs(page)
    .getByRole("link", { name: t("tabs.orders") })
    .click()
  const orders = ordersTable(page)
  await expect(orders).toHaveAttribute("aria-rowcount", "10001")
  expect(await bodyRows(orders).count()).toBeLessThan(60)
  await page.getByRole("region", { name: t("orders.title") }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  await expect(orders.locator('[role="row"][aria-rowindex="10001"]')).toContainText("ORD9999")
})

test("transactions: kinds, upper-case types, amounts and the comment's tooltip by keyboard; payments: activity, status and the details with timeline and fees", async ({
  browser,
  baseURL,
}) => {
  const page = await demoPage(browser, baseURL)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  await tabs(page)
    .getByRole("link", { name: t("tabs.transactions") })
    .click()
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/transactions$/)
  await expect(page.getByText(t("transactions.subtitle"))).toBeVisible()
  const transactions = page.getByRole("table", { name: t("transactions.title") })
  const rows = bodyRows(transactions)
  await expect(rows.first()).toBeVisible()
  // Every kind of the demo world is there, each with its icon's name. The table renders a window of
  // its rows and other specs add the demo user's newest ones, so a kind may be further down: scroll
  // a window at a time until it shows, as a user does.
  const scroller = page.getByRole("region", { name: t("transactions.title") })
  const scrolledTo = async (target: Locator) => {
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
    await expect(async () => {
      // Look once the table has drawn the rows of where it was scrolled to (two frames), then go
      // half a window further (windows overlap, so no row is skipped) until the target is drawn.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      if ((await target.count()) === 0) {
        await scroller.evaluate((el) => el.scrollBy({ top: el.clientHeight / 2 }))
        throw new Error("not among the rows drawn yet")
      }
      await target.scrollIntoViewIfNeeded({ timeout: 2_000 })
    }).toPass({ intervals: [100], timeout: 60_000 })
    return target
  }
  for (const kind of ["DEBIT", "CREDIT", "OTHERS"])
    await expect(await scrolledTo(transactions.getByRole("img", { name: t(`transactions.kind.${kind}`) }).first())).toBeVisible()
  const deposit = await scrolledTo(rows.filter({ hasText: "DEPOSIT" }).first())
  await expect(deposit).toContainText(/\d/)
  // The comment's hint is a button: focus it with the keyboard and its tooltip shows the comment.
  const hint = await scrolledTo(transactions.getByRole("button", { name: /^Comment on / }).first())
  await hint.focus()
  await expect(page.getByRole("tooltip")).toBeVisible()
  await expect(page.getByRole("tooltip")).not.toBeEmpty()

  await tabs(page)
    .getByRole("link", { name: t("tabs.payments") })
    .click()
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/payments$/)
  await expect(page.getByText(t("payments.subtitle"))).toBeVisible()
  const payments = page.getByRole("table", { name: t("payments.title") })
  const payment = bodyRows(payments)
    .filter({ hasText: /^(DEPOSIT|WITHDRAWAL) \/ / })
    .first()
  await expect(payment).toBeVisible()
  await payment.getByRole("button", { name: /^View / }).click()
  const detail = page.getByRole("dialog", { name: t("payments.detail.title") })
  await expect(
    detail
      .getByRole("list", { name: t("payments.detail.progress") })
      .getByRole("listitem")
      .first(),
  ).toBeVisible()
  for (const fee of ["serviceFee", "instantFee", "processFee", "total"])
    await expect(detail.getByText(t(`payments.detail.${fee}`), { exact: true })).toBeVisible()
  await detail
    .getByRole("button", { name: t("payments.detail.close") })
    .first()
    .click()
  await expect(detail).toBeHidden()
  expect(await seriousViolations(page)).toEqual([])
})

test("overview: six months of inflow and outflow as a table, the latest four transactions, reserved accounts, and the wire instructions with this account's number", async ({
  browser,
  baseURL,
}) => {
  const page = await demoPage(browser, baseURL)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  const flows = page.getByRole("table", { name: t("overview.flows.title") })
  await expect(bodyRows(flows)).toHaveCount(6)
  await expect(flows.getByRole("columnheader", { name: t("overview.flows.inflow") })).toBeVisible()
  // Whole numbers only.
  for (const cell of await flows.getByRole("cell").all()) expect(await cell.textContent()).not.toMatch(/[.,]\d{2}$/)
  // The bars are drawn (react-financial-charts on canvas), with green inflow and red outflow on them.
  const chart = page.getByTestId("cash-flow-chart")
  await expect(chart.locator("canvas").first()).toBeVisible()
  await page.screenshot({ path: "test-results/overview.png", fullPage: true })
  await expect
    .poll(() =>
      chart.evaluate((box) => {
        const seen = { inflow: false, outflow: false }
        for (const canvas of box.querySelectorAll("canvas")) {
          const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray()
          for (let i = 0; i < pixels.length; i += 4) {
            const [r = 0, g = 0, b = 0, a = 0] = [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
            if (a > 100 && g > r + 40 && g > b + 20) seen.inflow = true
            if (a > 100 && r > g + 60 && r > b + 60) seen.outflow = true
          }
        }
        return seen
      }),
    )
    .toEqual({ inflow: true, outflow: true })
  const latest = page.getByRole("list", { name: t("overview.latest.title") })
  await expect(latest.getByRole("listitem")).toHaveCount(4)
  await expect(page.getByRole("link", { name: t("overview.latest.seeAll") })).toBeVisible()
  const reserved = page.getByRole("list", { name: t("overview.reserved.title") }).or(page.getByText(t("overview.reserved.empty")))
  await expect(reserved.first()).toBeVisible()

  // The USD portfolio has a wire account: its instructions carry this account's trading number.
  await choosePortfolio(page, "CUS USD")
  await expect(page).toHaveURL(/\/overview$/)
  // The selector names the portfolio by its trading account number.
  await expect(selector(page)).toHaveValue(/^CUS USD \d+$/)
  const number = /(\d+)$/.exec(await selector(page).inputValue())?.[1] ?? ""
  const wire = page.getByRole("heading", { name: t("overview.wire.title") }).locator("xpath=ancestor::section[1]")
  await expect(wire).toContainText(number)
  await expect(wire).toContainText(t("overview.wire.thirdParty"))
  expect(await seriousViolations(page)).toEqual([])
})

test("instant deposit: Update waits for a different choice, then the server's message, and the stored status follows", async ({ browser, baseURL }) => {
  const page = await demoPage(browser, baseURL)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  const reserved = page.getByRole("list", { name: t("overview.reserved.title") })
  const first = reserved.getByRole("listitem").first()
  const control = first.getByRole("combobox", { name: /^Instant deposit of / })
  const update = first.getByRole("button", { name: t("overview.reserved.update") })
  await expect(update).toBeDisabled()
  const stored = await control.inputValue()
  const other = stored === "enabled" ? "disabled" : "enabled"
  const label = (value: string) => t(`overview.reserved.${value}`)

  await control.selectOption(other)
  await expect(update).toBeEnabled()
  await control.selectOption(stored)
  await expect(update).toBeDisabled()

  // Toggled and back, so the demo data ends as it began.
  for (const to of [other, stored]) {
    await control.selectOption(to)
    await update.click()
    await expect(page.getByRole("status").filter({ hasText: "Instant deposit updated" }).first()).toBeVisible()
    await expect(first.getByText(label(to), { exact: true }).first()).toBeVisible()
    await expect(control).toHaveValue(to)
    await expect(update).toBeDisabled()
  }
})

test("transactions, payments and orders download as CSV a spreadsheet opens: BOM, header in the user's language, ISO dates, plain amounts, every row", async ({
  browser,
  baseURL,
}) => {
  const page = await demoPage(browser, baseURL)
  await page.goto("/portfolio")
  await expect(page).toHaveURL(/\/overview$/)
  for (const [list, header] of [
    ["transactions", "Type,Kind,Description,Amount,Currency,Date,Comment"],
    ["payments", "Reference,Type,Method,Last four,Status,Amount,Service fee,Instant fee,Processing fee,Total,Currency,Date"],
    ["orders", "Order ID,Symbol,Side,Order type,Status,Quantity,Price,Amount,Total,Currency,Date"],
  ] as const) {
    await tabs(page)
      .getByRole("link", { name: t(`tabs.${list}`) })
      .click()
    const table = page.getByRole("table", { name: t(`${list}.title`) })
    await expect(bodyRows(table).first()).toBeVisible()
    // The table says how many rows it has (virtualised: not all are in the page).
    const rowCount = Number(await table.getAttribute("aria-rowcount")) - 1
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: t("csv.download", { list: t(`${list}.title`) }) }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${list}-(IND|CUS)-[A-Z]{3}-\\d+-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
    const bytes = readFileSync(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString("utf8").slice(1).split("\r\n")
    expect(lines[0]).toBe(header)
    expect(lines.at(-1)).toBe("")
    const records = lines.slice(1, -1)
    // Every row of the list, not only those on screen (no field here holds a line break).
    expect(records).toHaveLength(rowCount)
    // Amounts are plain decimals a spreadsheet reads as numbers, the currency a code of its own;
    // words (a transaction's description in the user's language) may name money as people write it.
    const columns = header.split(",")
    const amountColumns = ["Amount", "Service fee", "Instant fee", "Processing fee", "Total", "Price"].map((c) => columns.indexOf(c)).filter((i) => i >= 0)
    for (const record of records.slice(0, 20)) {
      expect(record).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z(,|$)/)
      const fields = csvFields(record)
      expect(fields).toHaveLength(columns.length)
      for (const i of amountColumns) expect(fields[i], `${columns[i]} of ${record}`).toMatch(/^(-?\d+(\.\d+)?)?$/)
      expect(fields[columns.indexOf("Currency")]).toMatch(/^[A-Z]{3}$/)
    }
  }
})

/** The fields of one CSV record (RFC 4180: a quoted field may hold commas and doubled quotes). */
const csvFields = (record: string): string[] => {
  const fields: string[] = []
  let field = ""
  let quoted = false
  for (let i = 0; i < record.length; i++) {
    const c = record[i]
    if (quoted) {
      if (c === '"' && record[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ",") {
      fields.push(field)
      field = ""
    } else field += c
  }
  fields.push(field)
  return fields
}
