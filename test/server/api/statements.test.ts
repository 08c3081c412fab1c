/**
 * GET /users/statement/:accountId/:key: a real PDF of the user's own statement (pdfkit), which
 * `qpdf --check` accepts and whose text `pdftotext` extracts: a trade confirmation names the
 * account, the order and the symbol; an account statement its period and the month's
 * transactions. Another user's account or key, an unknown key and malformed ids are 404.
 * Issue 30: every month since the account opened is listed (and every trade confirmation), also
 * for an account opened more than 12 months ago; a month outside that range is 404.
 * Issue 31: Chinese and Japanese statements are written in their language. pdftotext reads a
 * character only when its glyph is in the PDF (pdfkit maps a missing glyph to nothing), so finding
 * the Chinese and Japanese labels in its text shows they are drawn.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fontRuns } from "../../../server/statements/pdf"
import { json } from "../../../server/db/schema"
import { STATEMENT_TEXTS, type StatementTexts } from "../../../server/statements/texts"
import { AccountDetails } from "../../../src/contract/accounts"
import { decode, SEEDED, startApiHarness, type ApiHarness } from "./api-harness"

let h: ApiHarness
let dir: string
beforeAll(async () => {
  h = await startApiHarness()
  dir = mkdtempSync(join(tmpdir(), "chartfolio-statements-"))
}, 60_000)
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
  return h?.close()
})

const download = async (accountId: string, key: string, lang?: string, user: "demo" | "app" = "demo") =>
  h.call("GET", `/api/users/statement/${encodeURIComponent(accountId)}/${encodeURIComponent(key)}${lang ? `?lang=${lang}` : ""}`, {
    token: await h.tokenOf(user),
  })

/** The PDF checked by qpdf and its text as pdftotext extracts it. */
const inspect = (bytes: Uint8Array, name: string): string => {
  const file = join(dir, name)
  writeFileSync(file, bytes)
  execFileSync("qpdf", ["--check", file], { stdio: "pipe" })
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
}

/** The newest file of a tab, as GET /users/account/:accountId lists it (a confirmation with its order). */
const statementOf = async (
  accountId: string,
  kind: "confirmation" | "account",
  user: "demo" | "app" = accountId === SEEDED.accounts.appUsd ? "app" : "demo",
) => {
  const details = decode(AccountDetails, (await h.call("GET", `/api/users/account/${accountId}`, { token: await h.tokenOf(user) })).body)
  const file = details.details.statement[kind][0]
  if (!file) throw new Error(`no ${kind} statement for ${accountId}`)
  const row = await h.database.db.selectFrom("statements").select("orderId").where("accountId", "=", accountId).where("key", "=", file.key).executeTakeFirst()
  return { ...file, orderId: row?.orderId ?? null }
}

/** The first transaction of `month` (yyyy-mm) of an account, with what it says. */
const firstOfMonth = async (accountId: string, month: string) => {
  const next = new Date(`${month}-01T00:00:00Z`)
  next.setUTCMonth(next.getUTCMonth() + 1)
  return h.database.db
    .selectFrom("transactions")
    .select(["tranType", "tranTime", "description", "descriptionText"])
    .where("accountId", "=", accountId)
    .where("tranTime", ">=", `${month}-01T00:00:00Z`)
    .where("tranTime", "<", next.toISOString())
    .orderBy("tranTime")
    .executeTakeFirstOrThrow()
}

/** The start of a transaction's description in a statement's language: its template's words before the first value. */
const descriptionStart = (t: StatementTexts, transaction: { description: string | null; descriptionText: { code: string } | null }): string => {
  const code = transaction.descriptionText?.code
  if (code === undefined) return transaction.description ?? ""
  const template = (t.descriptions as Readonly<Record<string, string>>)[code]
  if (template === undefined) throw new Error(`no statement text for ${code}`)
  return template.split("{")[0]!.trim()
}

/** The data's codes and the English of the old descriptions: none may show on a statement in another language. */
const RAW_ENUMS =
  /\b(MARKET|LIMIT|STOP|BUY|SELL|FILLED|PENDING|DEPOSIT|WITHDRAW|WITHDRAWAL|deposit|withdraw|buy|sell|dividend|reversal|Bought|Sold|Dividend on|Deposit by|Deposit via|Withdrawal to|Market|Buy|Sell)\b/

const accountNumberOf = async (accountId: string) =>
  (await h.database.db.selectFrom("accounts").select("accountNumber").where("accountId", "=", accountId).executeTakeFirstOrThrow()).accountNumber

describe("GET /users/statement/:accountId/:key", () => {
  it("a trade confirmation: a PDF named for the account and date, with the trade's facts", async () => {
    const statement = await statementOf(SEEDED.accounts.demoNgn, "confirmation")
    const order = await h.database.db.selectFrom("orders").selectAll().where("id", "=", statement.orderId!).executeTakeFirstOrThrow()
    const accountNumber = await accountNumberOf(SEEDED.accounts.demoNgn)
    const res = await download(SEEDED.accounts.demoNgn, statement.key)
    expect(res.status).toBe(200)
    expect(res.headers.get("Content-Type")).toBe("application/pdf")
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="chartfolio-trade-confirmation-${accountNumber}-${statement.date}.pdf"`)
    expect(new TextDecoder().decode(res.bytes.slice(0, 5))).toBe("%PDF-")
    const text = inspect(res.bytes, "confirmation.pdf")
    expect(text).toContain("Trade Confirmation")
    expect(text).toContain(accountNumber)
    expect(text).toContain(order.id)
    expect(text).toContain(order.symbol)
    expect(text).toContain("Settlement date")
    const partner = await h.database.db
      .selectFrom("accounts")
      .innerJoin("partners", "partners.id", "accounts.partnerId")
      .select("partners.name")
      .where("accountId", "=", SEEDED.accounts.demoNgn)
      .executeTakeFirstOrThrow()
    expect(text).toContain(partner.name)
    expect(text).toMatch(order.side === "BUY" ? /Buy/ : /Sell/)
  })

  it("a monthly account statement: its period, opening and closing cash, the month's transactions", async () => {
    const statement = await statementOf(SEEDED.accounts.demoNgn, "account")
    const accountNumber = await accountNumberOf(SEEDED.accounts.demoNgn)
    const month = statement.date.slice(0, 7)
    const res = await download(SEEDED.accounts.demoNgn, statement.key)
    expect(res.status).toBe(200)
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="chartfolio-account-statement-${accountNumber}-${month}.pdf"`)
    const text = inspect(res.bytes, "account.pdf")
    const monthLabel = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`))
    expect(text).toContain(accountNumber)
    expect(text).toContain(`Account Statement · ${monthLabel}`)
    expect(text).toContain("Opening cash")
    expect(text).toContain("Closing cash")
    expect(text).toContain("Positions at month end")
    const next = new Date(`${month}-01T00:00:00Z`)
    next.setUTCMonth(next.getUTCMonth() + 1)
    const first = await firstOfMonth(SEEDED.accounts.demoNgn, month)
    // The description column is cut to its width; its start is there.
    expect(text).toContain(descriptionStart(STATEMENT_TEXTS.en, first).slice(0, 14))
    expect(text).toContain("₦")
  })

  it("in the user's language: German labels and number formats, French labels", async () => {
    const statement = await statementOf(SEEDED.accounts.demoNgn, "account")
    const de = inspect((await download(SEEDED.accounts.demoNgn, statement.key, "de")).bytes, "de.pdf")
    expect(de).toContain("Kontoauszug")
    expect(de).toContain("Anfangsbestand Barmittel")
    expect(de).toMatch(/\d,\d\d\s₦/)
    const fr = inspect((await download(SEEDED.accounts.demoNgn, statement.key, "fr")).bytes, "fr.pdf")
    expect(fr).toContain("Relevé de compte")
    const unknown = await download(SEEDED.accounts.demoNgn, statement.key, "xx")
    expect(unknown.status).toBe(200)
    expect(inspect(unknown.bytes, "unknown.pdf")).toContain("Account Statement")
  })

  for (const lang of ["de", "fr"] as const) {
    it(`${lang}: no raw value on the trade confirmation or the account statement: the order type, side and descriptions in the language`, async () => {
      const t = STATEMENT_TEXTS[lang]
      const confirmation = await statementOf(SEEDED.accounts.demoNgn, "confirmation")
      const order = await h.database.db.selectFrom("orders").selectAll().where("id", "=", confirmation.orderId!).executeTakeFirstOrThrow()
      const confirmationText = inspect((await download(SEEDED.accounts.demoNgn, confirmation.key, lang)).bytes, `${lang}-raw-confirmation.pdf`)
      expect(confirmationText).toContain(t.orderTypes[order.type])
      expect(confirmationText).toContain(order.side === "BUY" ? t.buy : t.sell)
      // The order id and the account number are the only codes; take them out before looking.
      expect(confirmationText.replaceAll(order.id, "")).not.toMatch(RAW_ENUMS)

      const statement = await statementOf(SEEDED.accounts.demoNgn, "account")
      const statementText = inspect((await download(SEEDED.accounts.demoNgn, statement.key, lang)).bytes, `${lang}-raw-account.pdf`)
      const first = await firstOfMonth(SEEDED.accounts.demoNgn, statement.date.slice(0, 7))
      expect(first.descriptionText).not.toBeNull()
      expect(statementText).toContain(descriptionStart(t, first).slice(0, 12))
      expect(statementText).not.toMatch(RAW_ENUMS)
    })
  }

  it("a fill's quantity reads in full on its confirmation, in the locale's digits (never cut to 6 places)", async () => {
    const statement = await statementOf(SEEDED.accounts.demoNgn, "confirmation")
    const order = await h.database.db.selectFrom("orders").selectAll().where("id", "=", statement.orderId!).executeTakeFirstOrThrow()
    const de = inspect((await download(SEEDED.accounts.demoNgn, statement.key, "de")).bytes, "de-quantity.pdf")
    const [whole, fraction = ""] = (order.quantity ?? "0").split(".")
    const digits = fraction.replace(/0+$/, "")
    const grouped = new Intl.NumberFormat("de-DE", { useGrouping: "always" }).format(BigInt(whole!))
    expect(de).toContain(digits ? `${grouped},${digits}` : grouped)
  })

  /** The labels an account statement with transactions and positions shows. */
  const accountLabels: ReadonlyArray<keyof StatementTexts> = [
    "statementTitle",
    "accountNumber",
    "accountHolder",
    "custodian",
    "currency",
    "period",
    "openingCash",
    "closingCash",
    "positionsValue",
    "transactions",
    "date",
    "type",
    "description",
    "movement",
    "balance",
    "positions",
    "symbol",
    "name",
    "quantity",
    "price",
    "value",
    "generated",
    "disclaimer",
  ]
  /** The labels a trade confirmation shows. */
  const confirmationLabels: ReadonlyArray<keyof StatementTexts> = [
    "confirmationTitle",
    "accountNumber",
    "accountHolder",
    "custodian",
    "currency",
    "orderType",
    "tradeDate",
    "settlementDate",
    "side",
    "exchange",
    "symbol",
    "name",
    "orderId",
    "quantity",
    "price",
    "amount",
    "fees",
    "total",
    "generated",
    "disclaimer",
  ]

  for (const [lang, locale, language] of [
    ["zh", "zh-CN", "Chinese"],
    ["ja", "ja-JP", "Japanese"],
  ] as const) {
    it(`${lang}: the account statement is in ${language}: every label, the month, dates and money in ${locale}`, async () => {
      const t = STATEMENT_TEXTS[lang]
      const statement = await statementOf(SEEDED.accounts.demoNgn, "account")
      const month = statement.date.slice(0, 7)
      const res = await download(SEEDED.accounts.demoNgn, statement.key, lang)
      expect(res.status).toBe(200)
      const text = inspect(res.bytes, `${lang}-account.pdf`)
      const monthLabel = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`))
      expect(monthLabel).toMatch(/2\d{3}年\d{1,2}月/)
      expect(text).toContain(`${t.statementTitle} · ${monthLabel}`)
      for (const key of accountLabels) expect(text, key).toContain(t[key])
      // The month's first transaction's type in the language, its date in the locale's format.
      const next = new Date(`${month}-01T00:00:00Z`)
      next.setUTCMonth(next.getUTCMonth() + 1)
      const first = await h.database.db
        .selectFrom("transactions")
        .select(["tranType", "tranTime"])
        .where("accountId", "=", SEEDED.accounts.demoNgn)
        .where("tranTime", ">=", `${month}-01T00:00:00Z`)
        .where("tranTime", "<", next.toISOString())
        .orderBy("tranTime")
        .executeTakeFirstOrThrow()
      expect(text).toContain(t.tranTypes[first.tranType])
      expect(text).toContain(new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(first.tranTime)))
      expect(text).toMatch(/₦[\d,]+\.\d\d/)
      // No English label.
      for (const label of ["Account Statement", "Opening cash", "Closing cash", "Transactions", "Positions at month end", "Generated"])
        expect(text).not.toContain(label)
    })

    it(`${lang}: the trade confirmation is in ${language}: every label and the side`, async () => {
      const t = STATEMENT_TEXTS[lang]
      const statement = await statementOf(SEEDED.accounts.demoNgn, "confirmation")
      const order = await h.database.db.selectFrom("orders").selectAll().where("id", "=", statement.orderId!).executeTakeFirstOrThrow()
      const res = await download(SEEDED.accounts.demoNgn, statement.key, lang)
      expect(res.status).toBe(200)
      const text = inspect(res.bytes, `${lang}-confirmation.pdf`)
      for (const key of confirmationLabels) expect(text, key).toContain(t[key])
      expect(text).toContain(order.side === "BUY" ? t.buy : t.sell)
      expect(text).toContain(order.id)
      expect(text).toContain(order.symbol)
      for (const label of ["Trade Confirmation", "Settlement date", "Account holder", "Buy", "Sell"]) expect(text).not.toContain(label)
    })
  }

  it("a Chinese name is drawn on an English statement too", async () => {
    const profile = await h.database.db
      .selectFrom("profiles")
      .select(["userId", "basic"])
      .where(
        "userId",
        "=",
        (await h.database.db.selectFrom("accounts").select("userId").where("accountId", "=", SEEDED.accounts.appUsd).executeTakeFirstOrThrow()).userId,
      )
      .executeTakeFirstOrThrow()
    await h.database.db
      .updateTable("profiles")
      .set({ basic: json({ ...profile.basic, firstName: "王", middleName: "", lastName: "小明" }) })
      .where("userId", "=", profile.userId)
      .execute()
    try {
      const statement = await statementOf(SEEDED.accounts.appUsd, "confirmation")
      const text = inspect((await download(SEEDED.accounts.appUsd, statement.key, "en", "app")).bytes, "en-chinese-name.pdf")
      expect(text).toContain("Trade Confirmation")
      expect(text).toContain("王 小明")
    } finally {
      await h.database.db
        .updateTable("profiles")
        .set({ basic: json(profile.basic) })
        .where("userId", "=", profile.userId)
        .execute()
    }
  })

  it("another user's account, another user's key, an unknown key and malformed ids are 404 with the error shape", async () => {
    const own = await statementOf(SEEDED.accounts.demoNgn, "confirmation")
    // Keys are per account ("account-2026-02" exists in several): a confirmation key names its order.
    const foreign = await statementOf(SEEDED.accounts.appUsd, "confirmation")
    const cases: Array<[string, string]> = [
      [SEEDED.accounts.appUsd, foreign.key], // another user's account and its key
      [SEEDED.accounts.demoNgn, foreign.key], // another user's key on the own account
      [SEEDED.accounts.demoUsd, own.key], // the own key on another own account
      [SEEDED.accounts.demoNgn, "confirmation-2000-01-01-00000000"], // unknown
      [SEEDED.accounts.demoNgn, "statement.pdf"], // malformed key
      [SEEDED.accounts.demoNgn, "account-\u0000"], // NUL
      ["not-a-uuid", own.key], // malformed account id
      ["00000000-0000-4000-8000-000000000000", own.key], // unknown account
    ]
    for (const [accountId, key] of cases) {
      const res = await download(accountId, key)
      expect(res.status, `${accountId}/${key}`).toBe(404)
      expect(res.headers.get("Content-Type")).toMatch(/application\/json/)
      expect(res.body).toMatchObject({ statusCode: 404, code: "not_found" })
      expect(typeof res.body.error).toBe("string")
    }
    // The owner still gets theirs.
    expect((await download(SEEDED.accounts.appUsd, foreign.key, undefined, "app")).status).toBe(200)
  })

  it("needs a signed-in session", async () => {
    const own = await statementOf(SEEDED.accounts.demoNgn, "confirmation")
    const res = await h.call("GET", `/api/users/statement/${SEEDED.accounts.demoNgn}/${own.key}`)
    expect(res.status).toBe(401)
  })
})

describe("the statement lists (issue 30)", () => {
  const details = async (accountId: string) =>
    decode(AccountDetails, (await h.call("GET", `/api/users/account/${accountId}`, { token: await h.tokenOf("demo") })).body)
  /** "2026-02", "2026-01", ... back to `from`. */
  const monthsBackTo = (from: string): string[] => {
    const out: string[] = []
    for (let d = new Date(Date.UTC(2026, 1, 1)); d.toISOString().slice(0, 7) >= from; d.setUTCMonth(d.getUTCMonth() - 1)) out.push(d.toISOString().slice(0, 7))
    return out
  }

  it("list every month since an account opened more than 12 months ago, the opening month included, and every trade confirmation", async () => {
    const row = await h.database.db.selectFrom("accounts").select("createdAt").where("accountId", "=", SEEDED.accounts.demoNgn).executeTakeFirstOrThrow()
    const opened = new Date(row.createdAt).toISOString().slice(0, 7)
    expect(opened < "2025-03").toBe(true) // more than 12 months before the test's clock (2026-03-16)
    const { statement } = (await details(SEEDED.accounts.demoNgn)).details
    expect(statement.account.map((f) => f.key)).toEqual(monthsBackTo(opened).map((m) => `account-${m}`))
    expect(statement.account.map((f) => f.date)).toEqual(monthsBackTo(opened).map((m) => `${m}-01`))
    expect(statement.account.length).toBeGreaterThan(12)
    const filled = await h.database.db
      .selectFrom("orders")
      .select("id")
      .where("accountId", "=", SEEDED.accounts.demoNgn)
      .where("status", "=", "FILLED")
      .execute()
    expect(statement.confirmation).toHaveLength(filled.length)
    expect(statement.confirmation.map((f) => f.date)).toEqual([...statement.confirmation.map((f) => f.date)].sort().reverse())

    // The opening month's statement is a real PDF: nothing before it, so it opens at zero.
    const res = await download(SEEDED.accounts.demoNgn, `account-${opened}`)
    expect(res.status).toBe(200)
    const text = inspect(res.bytes, "opening.pdf")
    const monthLabel = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${opened}-01T00:00:00Z`))
    expect(text).toContain(`Account Statement · ${monthLabel}`)
    expect(text).toMatch(/Opening cash\s+₦0\.00/)
  })

  it("reach back years for an old account: 10 years of months, each downloadable; none before the opening month or for a month not yet ended", async () => {
    await h.database.db
      .updateTable("accounts")
      .set({ createdAt: new Date("2016-03-20T10:00:00Z") })
      .where("accountId", "=", SEEDED.accounts.demoUsd)
      .execute()
    const { statement } = (await details(SEEDED.accounts.demoUsd)).details
    expect(statement.account).toHaveLength(120)
    expect(statement.account.at(-1)).toEqual({ date: "2016-03-01", key: "account-2016-03" })
    expect((await download(SEEDED.accounts.demoUsd, "account-2016-03")).status).toBe(200)
    for (const key of ["account-2016-02", "account-2026-03", "account-2026-04", "account-2016-13", "account-2016-3"]) {
      const res = await download(SEEDED.accounts.demoUsd, key)
      expect(res.status, key).toBe(404)
      expect(res.body).toMatchObject({ statusCode: 404, code: "not_found" })
    }
    // When the month ends, its statement appears.
    h.clock.advance(Date.parse("2026-04-01T00:00:01Z") - h.clock.now())
    const later = await h.signInFully("demo@chartfolio.test")
    const after = decode(AccountDetails, (await h.call("GET", `/api/users/account/${SEEDED.accounts.demoUsd}`, { token: later.token })).body)
    expect(after.details.statement.account[0]).toEqual({ date: "2026-03-01", key: "account-2026-03" })
    expect(after.details.statement.account).toHaveLength(121)
  })
})

describe("the PDF's text runs", () => {
  it("draw Latin in the Latin part of the font, ₦ in Latin Extended, and French digit groups with a no-break space the font has", () => {
    expect(fontRuns("₦1,234.00")).toEqual([
      { text: "₦", part: "ext" },
      { text: "1,234.00", part: "latin" },
    ])
    const french = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "NGN" }).format(1234567.5)
    expect(french).toContain("\u202f")
    expect(
      fontRuns(french)
        .map((r) => r.text)
        .join(""),
    ).not.toContain("\u202f")
    expect(
      fontRuns(french)
        .map((r) => r.text)
        .join(""),
    ).toContain("1\u00a0234\u00a0567,50")
  })

  it("draw Han, kana, CJK punctuation and full-width forms in the CJK font, the Latin between them in Noto Sans", () => {
    expect(fontRuns("账户对账单 · 2026年2月")).toEqual([
      { text: "账户对账单", part: "cjk" },
      { text: " · 2026", part: "latin" },
      { text: "年", part: "cjk" },
      { text: "2", part: "latin" },
      { text: "月", part: "cjk" },
    ])
    expect(fontRuns("Chartfolio デモ：価格、「注文ID」（ｱ）")).toEqual([
      { text: "Chartfolio ", part: "latin" },
      { text: "デモ：価格、「注文", part: "cjk" },
      { text: "ID", part: "latin" },
      { text: "」（ｱ）", part: "cjk" },
    ])
    expect(fontRuns("𠮷₦").map((r) => r.part)).toEqual(["cjk", "ext"])
  })
})
