import { type Locator, type Page, type Response } from "@playwright/test"
import { expect, test } from "./fixtures"
import { DEMO, signedInPage } from "./auth-support"
import { openApp, text } from "./support"

// Issue 31, "Tables and layout": in German and Japanese, at 1280 px and on a 360 px phone, the
// Orders, Payments and Bank accounts tables show every figure whole: each amount, date, account
// number (last 4 digits and currency) and View button is read where the user sees it, and its
// visible box must lie inside every box that clips it (its cell, the scrolled table, the viewport),
// with the text the data gives. The tables are virtual: each one is scrolled a window at a time
// from the top to the end, and the rows drawn at each stop are read.

test.describe.configure({ timeout: 180_000 })

const LANGUAGES = [
  { code: "de", locale: "de-DE" },
  { code: "ja", locale: "ja-JP" },
] as const
type Lang = (typeof LANGUAGES)[number]
const WIDTHS = [1280, 360] as const

interface OrderRow {
  readonly amount: string
  readonly currency: string
  readonly created: string
}
interface PaymentRow {
  readonly amount: string
  readonly currency: string
  readonly last4: string | null
  readonly createdAt: string
}
interface BankAccountRow {
  readonly ref: string
  readonly accountNumber: string
  readonly currency: string
  readonly createdAt: string
}
interface Seen {
  account: { accountId: string; currency: string; details: { orders: OrderRow[]; payments: PaymentRow[] } } | null
  bankAccounts: BankAccountRow[] | null
}

/** The latest answers of the account's details and of the bank-account list, as the page received them (other specs add rows meanwhile). */
const watchAnswers = (page: Page): Seen => {
  const seen: Seen = { account: null, bankAccounts: null }
  page.on("response", (response: Response) => {
    const path = new URL(response.url()).pathname
    if (response.request().method() !== "GET" || response.status() !== 200) return
    if (/\/users\/account\/[^/]+$/.test(path))
      void response.json().then(
        (body: Seen["account"]) => (seen.account = body),
        () => undefined,
      )
    else if (/\/users\/bank-account$/.test(path))
      void response.json().then(
        (body: BankAccountRow[]) => (seen.bankAccounts = body),
        () => undefined,
      )
  })
  return seen
}

const pageIn = async (browser: Parameters<typeof signedInPage>[0], baseURL: string | undefined, lang: Lang, width: number) => {
  const page = await signedInPage(browser, baseURL, DEMO)
  await page.context().addInitScript((code) => window.localStorage.setItem("chartfolio.v1.language", JSON.stringify(code)), lang.code)
  await page.setViewportSize({ width, height: width < 600 ? 780 : 900 })
  return page
}

/** The demo user's NGN portfolio (its payments hold ₦1,000,000.00 and ₦1,500,000.00 deposits): selected, its id returned. */
const openNgnPortfolio = async (page: Page, lang: Lang): Promise<string> => {
  await openApp(page, "/portfolio")
  await expect(page).toHaveURL(/\/portfolio\/[^/]+\/overview$/)
  const selector = page.getByRole("combobox", { name: text(lang.code, "portfolio", "selector.label") })
  if (!(await selector.inputValue()).startsWith("IND NGN")) {
    await selector.click()
    await page.getByRole("option", { name: /^IND NGN/ }).click()
  }
  await expect(selector).toHaveValue(/^IND NGN/)
  return new URL(page.url()).pathname.split("/")[2] ?? ""
}

/** What a drawn row shows: its index, and per column asked for, the text and why it is not whole (empty when whole). */
interface ReadRow {
  readonly rowIndex: number
  readonly cells: Record<string, { readonly text: string; readonly cut: ReadonlyArray<string> }>
}

/**
 * Reads the rows the table has drawn. For each asked column (by its header's text), the target is
 * the cell, or within it the button whose visible text is `button`, or the part of its text that
 * matches `part`; the target is scrolled into view as a user would (sideways in the table on a
 * phone) and its text's box is compared with every box that could clip it: the element itself,
 * each ancestor up to the table's scrolling region that clips its overflow, and the viewport.
 */
const readDrawnRows = (table: Locator, columns: Record<string, { header: string; button?: string; part?: string }>, known: ReadonlyArray<number> = []) =>
  table.evaluate(
    (tableEl, { asked, known }) => {
      const headers = [...tableEl.querySelectorAll('[role="columnheader"]')].map((h) => (h.textContent ?? "").trim())
      const region = tableEl.closest('[role="region"]') as HTMLElement
      const rows: Array<{ rowIndex: number; cells: Record<string, { text: string; cut: string[] }> }> = []
      for (const row of tableEl.querySelectorAll('[role="rowgroup"] + [role="rowgroup"] > [role="row"]')) {
        // A row read at an earlier stop is not read again (each target is scrolled into view to be read).
        if (known.includes(Number(row.getAttribute("aria-rowindex")))) continue
        const cells = [...row.querySelectorAll(':scope > [role="cell"]')]
        const read: Record<string, { text: string; cut: string[] }> = {}
        for (const [key, spec] of Object.entries(asked)) {
          const cell = cells[headers.indexOf(spec.header)]
          if (!cell) {
            read[key] = { text: "", cut: [`no column "${spec.header}" among ${JSON.stringify(headers)}`] }
            continue
          }
          let target: Element = cell
          const range = document.createRange()
          range.selectNodeContents(cell)
          if (spec.button !== undefined) {
            const button = [...cell.querySelectorAll("button")].find((b) => (b.textContent ?? "").trim() === spec.button)
            if (!button) {
              read[key] = { text: (cell.textContent ?? "").trim(), cut: [`no button "${spec.button}"`] }
              continue
            }
            target = button
            range.selectNodeContents(button)
          } else if (spec.part !== undefined) {
            const pattern = new RegExp(spec.part)
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
            let found = false
            for (let node = walker.nextNode(); node && !found; node = walker.nextNode()) {
              const match = pattern.exec(node.textContent ?? "")
              if (!match) continue
              range.setStart(node, match.index)
              range.setEnd(node, match.index + match[0].length)
              target = node.parentElement ?? cell
              found = true
            }
            if (!found) {
              read[key] = { text: (cell.textContent ?? "").trim(), cut: [`no text matching ${spec.part}`] }
              continue
            }
          }
          target.scrollIntoView({ block: "nearest", inline: "nearest" })
          const box = range.getBoundingClientRect()
          const cut: string[] = []
          const outside = (name: string, r: { left: number; right: number }) => {
            if (box.left < r.left - 0.5 || box.right > r.right + 0.5)
              cut.push(`${name} [${Math.round(r.left)}, ${Math.round(r.right)}] clips the text at [${Math.round(box.left)}, ${Math.round(box.right)}]`)
          }
          for (let el: Element | null = target; el && el !== region.parentElement; el = el.parentElement) {
            const clips = el === target || el === cell || getComputedStyle(el).overflowX !== "visible"
            if (clips)
              outside(
                el === target ? "its own box" : el === cell ? "the cell" : el === region ? "the table's region" : `a ${el.tagName.toLowerCase()}`,
                el.getBoundingClientRect(),
              )
            if (el instanceof HTMLElement && el !== region && getComputedStyle(el).overflowX !== "visible" && el.scrollWidth > el.clientWidth)
              cut.push(`a ${el.tagName.toLowerCase()} overflows (${el.scrollWidth} > ${el.clientWidth})`)
          }
          outside("the viewport", { left: 0, right: document.documentElement.clientWidth })
          read[key] = { text: (spec.part !== undefined ? range.toString() : range.toString() || target.textContent || "").trim(), cut }
        }
        rows.push({ rowIndex: Number(row.getAttribute("aria-rowindex")), cells: read })
      }
      return rows
    },
    { asked: columns, known },
  ) as Promise<ReadonlyArray<ReadRow>>

/**
 * Scrolls the table's region from the top to the end half a window at a time and reads the rows
 * drawn at each stop (once the table has drawn them: two frames) that no earlier stop read, as a
 * user scrolling through it.
 */
const readWholeTable = async (page: Page, region: Locator, table: Locator, columns: Parameters<typeof readDrawnRows>[1]): Promise<ReadonlyArray<ReadRow>> => {
  const byIndex = new Map<number, ReadRow>()
  await region.evaluate((el) => el.scrollTo({ top: 0, left: 0 }))
  for (let stop = 0; stop < 400; stop++) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    for (const row of await readDrawnRows(table, columns, [...byIndex.keys()])) byIndex.set(row.rowIndex, row)
    const atEnd = await region.evaluate((el) => {
      const before = el.scrollTop
      el.scrollBy({ top: el.clientHeight / 2 })
      return el.scrollTop === before
    })
    if (atEnd) break
  }
  return [...byIndex.values()].sort((a, b) => a.rowIndex - b.rowIndex)
}

/** The texts the data gives, formatted by the browser's own Intl (money in its currency's narrow symbol, two decimals; dates medium with the time). */
const expectedTexts = (page: Page, locale: string, money: ReadonlyArray<readonly [string, string]>, dates: ReadonlyArray<string>) =>
  page.evaluate(
    ([locale, money, dates]) => ({
      money: money.map(([amount, currency]) =>
        new Intl.NumberFormat(locale, {
          style: "currency",
          currency,
          currencyDisplay: "narrowSymbol",
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(Number(amount)),
      ),
      dates: dates.map((d) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(d))),
    }),
    [locale, money, dates] as const,
  )

/** Every cut found, by row and column (an empty list when every figure is whole). */
const cutsOf = (rows: ReadonlyArray<ReadRow>) =>
  rows.flatMap((r) => Object.entries(r.cells).flatMap(([column, c]) => c.cut.map((why) => `row ${r.rowIndex} ${column} "${c.text}": ${why}`)))

for (const lang of LANGUAGES) {
  for (const width of WIDTHS) {
    const p = (key: string) => text(lang.code, "portfolio", key)
    const a = (key: string) => text(lang.code, "account", key)

    test(`${lang.code} at ${width} px: Orders shows every amount, date and View button whole, with the order's amount`, async ({ browser, baseURL }) => {
      const page = await pageIn(browser, baseURL, lang, width)
      const seen = watchAnswers(page)
      const accountId = await openNgnPortfolio(page, lang)
      await page.goto(`/portfolio/${accountId}/orders`)
      const table = page.getByRole("table", { name: p("orders.title") })
      await expect(table.getByRole("row").nth(1)).toBeVisible()
      await expect(async () => {
        const rows = await readWholeTable(page, page.getByRole("region", { name: p("orders.title") }), table, {
          amount: { header: p("orders.columns.amount") },
          date: { header: p("orders.columns.date") },
          view: { header: p("orders.columns.actions"), button: p("orders.view") },
        })
        const orders = seen.account?.accountId === accountId ? seen.account.details.orders : []
        expect(rows.length).toBe(orders.length)
        const currency = seen.account?.currency ?? ""
        const expected = await expectedTexts(
          page,
          lang.locale,
          orders.map((o) => [o.amount, o.currency || currency] as const),
          orders.map((o) => o.created),
        )
        expect(rows.map((r) => r.cells.amount?.text)).toEqual(expected.money)
        expect(rows.map((r) => r.cells.date?.text)).toEqual(expected.dates)
        expect(rows.map((r) => r.cells.view?.text)).toEqual(orders.map(() => p("orders.view")))
        expect(cutsOf(rows)).toEqual([])
      }).toPass({ timeout: 60_000 })
      await page.context().close()
    })

    test(`${lang.code} at ${width} px: Payments shows every amount, the bank account's last 4 digits, the date and View whole, with the payment's amount`, async ({
      browser,
      baseURL,
    }) => {
      const page = await pageIn(browser, baseURL, lang, width)
      const seen = watchAnswers(page)
      const accountId = await openNgnPortfolio(page, lang)
      await page.goto(`/portfolio/${accountId}/payments`)
      const table = page.getByRole("table", { name: p("payments.title") })
      await expect(table.getByRole("row").nth(1)).toBeVisible()
      // The seeded deposits of a million and a half: the widest amounts of the table.
      const million = lang.code === "de" ? "1.000.000,00\u00a0₦" : "₦1,000,000.00"
      await expect(async () => {
        const region = page.getByRole("region", { name: p("payments.title") })
        const rows = await readWholeTable(page, region, table, {
          amount: { header: p("payments.columns.amount") },
          last4: { header: p("payments.columns.activity"), part: "\\*{4}\\d{4}" },
          date: { header: p("payments.columns.date") },
          view: { header: p("payments.columns.actions"), button: p("payments.view") },
        })
        const payments = seen.account?.accountId === accountId ? seen.account.details.payments : []
        expect(rows.length).toBe(payments.length)
        const expected = await expectedTexts(
          page,
          lang.locale,
          payments.map((x) => [x.amount, x.currency] as const),
          payments.map((x) => x.createdAt),
        )
        expect(rows.map((r) => r.cells.amount?.text)).toEqual(expected.money)
        expect(rows.map((r) => r.cells.amount?.text)).toContain(million)
        expect(rows.map((r) => r.cells.date?.text)).toEqual(expected.dates)
        expect(rows.map((r) => r.cells.view?.text)).toEqual(payments.map(() => p("payments.view")))
        // A payment to or from a card or bank account shows its last 4 digits; one without has none to show.
        const withLast4 = rows.filter((_, i) => payments[i]?.last4)
        expect(withLast4.length).toBeGreaterThan(0)
        expect(withLast4.map((r) => r.cells.last4?.text)).toEqual(payments.filter((x) => x.last4).map((x) => `****${x.last4}`))
        expect(
          cutsOf(
            rows.map((r, i) =>
              payments[i]?.last4 ? r : { ...r, cells: Object.fromEntries(Object.entries(r.cells).filter(([column]) => column !== "last4")) },
            ),
          ),
        ).toEqual([])
      }).toPass({ timeout: 60_000 })
      await page.context().close()
    })

    test(`${lang.code} at ${width} px: Bank accounts shows each account's last 4 digits and currency, the date and View whole`, async ({
      browser,
      baseURL,
    }) => {
      const page = await pageIn(browser, baseURL, lang, width)
      const seen = watchAnswers(page)
      await openApp(page, "/user-account/bank-accounts")
      const table = page.getByRole("table", { name: a("bankAccounts.title") })
      await expect(table.getByRole("row").nth(1)).toBeVisible()
      await expect(async () => {
        const rows = await readWholeTable(page, page.getByRole("region", { name: a("bankAccounts.title") }), table, {
          last4: { header: a("bankAccounts.columns.bankAccount"), part: "\\*{4}\\d{4}" },
          currency: { header: a("bankAccounts.columns.bankAccount"), part: "\\b[A-Z]{3}\\b" },
          date: { header: a("bankAccounts.columns.date") },
          view: { header: a("bankAccounts.columns.actions"), button: a("bankAccounts.view") },
        })
        const accounts = seen.bankAccounts ?? []
        expect(rows.length).toBe(accounts.length)
        const expected = await expectedTexts(
          page,
          lang.locale,
          [],
          accounts.map((x) => x.createdAt),
        )
        expect(rows.map((r) => r.cells.last4?.text)).toEqual(accounts.map((x) => `****${x.accountNumber.slice(-4)}`))
        expect(rows.map((r) => r.cells.currency?.text)).toEqual(accounts.map((x) => x.currency))
        expect(rows.map((r) => r.cells.date?.text)).toEqual(expected.dates)
        expect(rows.map((r) => r.cells.view?.text)).toEqual(accounts.map(() => a("bankAccounts.view")))
        expect(cutsOf(rows)).toEqual([])
      }).toPass({ timeout: 60_000 })
      await page.context().close()
    })
  }
}
