import { describe, expect, it } from "vitest"
import { formatMoney, widestAmounts } from "../../../src/domain"

const rows = (...amounts: Array<[string, string]>) => amounts.map(([amount, currency]) => ({ amount, currency }))
const widest = (list: ReadonlyArray<{ amount: string; currency: string }>) =>
  widestAmounts(
    list,
    (r) => r.amount,
    (r) => r.currency,
  )

describe("widestAmounts: the amounts a column of money is sized to", () => {
  it("picks the largest amount in size per currency, by its digits and not by the text's length", () => {
    expect(widest(rows(["999.99", "NGN"], ["1000.5", "NGN"], ["0.000001", "NGN"], ["6009823.71", "NGN"], ["12.5", "USD"], ["9.999", "USD"]))).toEqual([
      { amount: "6009823.71", currency: "NGN" },
      { amount: "12.5", currency: "USD" },
    ])
  })

  it("compares equal whole parts by their decimals, and ignores leading zeros", () => {
    expect(widest(rows(["0001000.10", "NGN"], ["1000.09", "NGN"]))).toEqual([{ amount: "0001000.10", currency: "NGN" }])
    expect(widest(rows(["999.994", "NGN"], ["999.995", "NGN"]))).toEqual([{ amount: "999.995", currency: "NGN" }])
    expect(widest(rows(["12.5", "NGN"], ["+12.50001", "NGN"], [" 12.49 ", "NGN"]))).toEqual([{ amount: "+12.50001", currency: "NGN" }])
    expect(widest(rows([".5", "NGN"], ["0.25", "NGN"]))).toEqual([{ amount: ".5", currency: "NGN" }])
  })

  it("keeps the largest negative amount too: its minus sign can make it the widest text", () => {
    expect(widest(rows(["-900.00", "NGN"], ["1000.00", "NGN"], ["-12.00", "NGN"]))).toEqual([
      { amount: "1000.00", currency: "NGN" },
      { amount: "-900.00", currency: "NGN" },
    ])
  })

  it("leaves out what is not a decimal, and a list with none gives none", () => {
    expect(widest(rows(["", "NGN"], ["abc", "NGN"], ["1e5", "NGN"]))).toEqual([])
    expect(widest([])).toEqual([])
    expect(widest(rows(["-0.00", "NGN"], ["5", "NGN"]))).toEqual([{ amount: "5", currency: "NGN" }])
  })

  it("the amounts it picks are written at least as wide as any other of their currency, in every interface language", () => {
    const list = rows(["999.995", "NGN"], ["1000", "NGN"], ["-99999.99", "NGN"], ["123456.78", "NGN"], ["-5", "USD"], ["42", "USD"], ["99.999", "USD"])
    for (const locale of ["en-GB", "zh-CN", "es-ES", "ja-JP", "de-DE", "fr-FR"]) {
      const picked = widest(list)
      for (const currency of ["NGN", "USD"]) {
        const longest = Math.max(
          ...picked.filter((p) => p.currency === currency).map((p) => formatMoney(p.amount, currency, locale, { fraction: "fixed" }).length),
        )
        for (const row of list.filter((r) => r.currency === currency))
          expect(formatMoney(row.amount, currency, locale, { fraction: "fixed" }).length).toBeLessThanOrEqual(longest)
      }
    }
  })
})
