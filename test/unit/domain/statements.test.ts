import { describe, expect, it } from "vitest"
import {
  accountStatementKey,
  accountStatementMonthOfKey,
  accountStatementMonths,
  listPage,
  statementFileName,
  statementKindOfKey,
  STATEMENT_LANGUAGES,
  STATEMENTS_PAGE_SIZE,
} from "../../../src/domain/statements"
import { LANGUAGES } from "../../../src/i18n/languages"

describe("statementFileName", () => {
  it("names a trade confirmation by account number and day, an account statement by account number and month", () => {
    expect(statementFileName("confirmation", "9745753502", "2026-02-09")).toBe("chartfolio-trade-confirmation-9745753502-2026-02-09.pdf")
    expect(statementFileName("account", "9745753502", "2026-02-01")).toBe("chartfolio-account-statement-9745753502-2026-02.pdf")
    expect(statementFileName("confirmation", "9745753502", "2026-02-09T12:00:00.000Z")).toBe("chartfolio-trade-confirmation-9745753502-2026-02-09.pdf")
  })

  it("keeps only letters, digits and dashes of what it is given", () => {
    expect(statementFileName("account", "../12 34/", "2026-02-01")).toBe("chartfolio-account-statement-12-34-2026-02.pdf")
    expect(statementFileName("account", "", "")).toBe("chartfolio-account-statement-unknown-unknown.pdf")
  })
})

describe("statementKindOfKey", () => {
  it("reads the kind from the key's prefix", () => {
    expect(statementKindOfKey("confirmation-2026-02-09-790d09a4")).toBe("confirmation")
    expect(statementKindOfKey("account-2026-02")).toBe("account")
    expect(statementKindOfKey("statement.pdf")).toBeNull()
  })
})

it("a statement can be asked for in every interface language", () => {
  expect([...STATEMENT_LANGUAGES].sort()).toEqual(LANGUAGES.map((l) => l.code).sort())
})

describe("accountStatementMonths", () => {
  it("lists every month from the one the account opened in through the last ended month, newest first", () => {
    const now = new Date("2026-03-16T12:00:00Z")
    expect(accountStatementMonths("2025-11-30T23:59:59Z", now)).toEqual(["2026-02", "2026-01", "2025-12", "2025-11"])
    // More than 12 months: the opening month is there.
    const long = accountStatementMonths(new Date("2024-12-05T09:00:00Z"), now)
    expect(long).toHaveLength(15)
    expect(long[0]).toBe("2026-02")
    expect(long.at(-1)).toBe("2024-12")
    expect(accountStatementMonths("2016-03-01T00:00:00Z", now)).toHaveLength(120)
  })

  it("has none for the month in progress, an account opened this month or later, or an unreadable date", () => {
    expect(accountStatementMonths("2026-03-01T00:00:00Z", new Date("2026-03-31T23:59:59Z"))).toEqual([])
    expect(accountStatementMonths("2026-04-01T00:00:00Z", new Date("2026-03-16T00:00:00Z"))).toEqual([])
    expect(accountStatementMonths("2026-02-28T23:59:59Z", new Date("2026-03-01T00:00:00Z"))).toEqual(["2026-02"])
    expect(accountStatementMonths("not a date", new Date("2026-03-16T00:00:00Z"))).toEqual([])
  })

  it("keys a month's statement and reads the month back; other keys have none", () => {
    expect(accountStatementKey("2025-01")).toBe("account-2025-01")
    expect(accountStatementMonthOfKey("account-2025-01")).toBe("2025-01")
    for (const key of ["account-2025-13", "account-2025-1", "account-2025-01-x", "confirmation-2025-01-01-abcd", "account-25-01"])
      expect(accountStatementMonthOfKey(key), key).toBeNull()
    expect(statementKindOfKey(accountStatementKey("2025-01"))).toBe("account")
  })
})

describe("listPage", () => {
  const items = Array.from({ length: 27 }, (_, i) => i)

  it("cuts a list into pages of 12 and counts them", () => {
    expect(STATEMENTS_PAGE_SIZE).toBe(12)
    expect(listPage(items, 1)).toEqual({ items: items.slice(0, 12), page: 1, pageCount: 3 })
    expect(listPage(items, 3)).toEqual({ items: [24, 25, 26], page: 3, pageCount: 3 })
    expect(listPage(items.slice(0, 12), 1).pageCount).toBe(1)
    expect(listPage([], 1)).toEqual({ items: [], page: 1, pageCount: 1 })
  })

  it("shows the last page for a page past the end and the first for one before it", () => {
    expect(listPage(items, 9).page).toBe(3)
    expect(listPage(items, 0).page).toBe(1)
    expect(listPage(items, Number.NaN).page).toBe(1)
    expect(listPage(items, 2, 10)).toEqual({ items: items.slice(10, 20), page: 2, pageCount: 3 })
  })
})
