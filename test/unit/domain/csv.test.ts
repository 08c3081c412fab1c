import { describe, expect, it } from "vitest"
import { CSV_BOM, fileNamePart, toCsv } from "../../../src/domain/csv"

describe("toCsv", () => {
  it("starts with a BOM, ends rows with CRLF, and quotes commas, quotes and line breaks", () => {
    const csv = toCsv(
      ["TYPE", "AMOUNT", "DATE"],
      [
        [{ text: "DEPOSIT, via NUBAN" }, { number: "1000.50" }, { text: "2026-11-02T09:00:00.000Z" }],
        [{ text: 'say "hi"\nthere' }, { number: "0" }, { text: "" }],
      ],
    )
    expect(csv.startsWith(CSV_BOM)).toBe(true)
    expect(csv.slice(1).split("\r\n")).toEqual(["TYPE,AMOUNT,DATE", '"DEPOSIT, via NUBAN",1000.50,2026-11-02T09:00:00.000Z', '"say ""hi""\nthere",0,', ""])
  })

  it("keeps text that a spreadsheet would run as a formula from running; numbers stay numbers", () => {
    const csv = toCsv(
      ["A", "B"],
      [
        [{ text: '=HYPERLINK("x")' }, { number: "-5" }],
        [{ text: "@SUM(A1)" }, { number: "12" }],
        [{ text: "-2+3" }, { number: "1" }],
      ],
    )
    expect(csv.slice(1).split("\r\n").slice(1, 4)).toEqual(['"\'=HYPERLINK(""x"")",-5', "'@SUM(A1),12", "'-2+3,1"])
  })

  it("writes header texts in any language as UTF-8 text", () => {
    expect(toCsv(["日期", "MONTANT"], []).slice(1)).toBe("日期,MONTANT\r\n")
  })
})

describe("fileNamePart", () => {
  it("keeps letters, digits, dots and dashes, never leading or trailing dots", () => {
    expect(fileNamePart("CUS USD 1984321105")).toBe("CUS-USD-1984321105")
    expect(fileNamePart(" /../ ")).toBe("export")
    expect(fileNamePart("   ")).toBe("export")
  })
})
