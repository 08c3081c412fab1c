import { describe, expect, it } from "vitest"
import { statementFileName, statementKindOfKey, STATEMENT_LANGUAGES } from "../../../src/domain/statements"
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
