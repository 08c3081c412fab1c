import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { formatMoney, formatQuantity } from "../../../src/domain/format"
import {
  formattedTransactionValues,
  PAYOUT_FAILURE_REASONS,
  TRANSACTION_TEXT_CODES,
  TRANSACTION_TEXTS,
  transactionText,
} from "../../../src/domain/transaction-text"
import { WITHDRAWAL_CHANNELS } from "../../../src/domain/withdrawal"
import { LANGUAGES } from "../../../src/i18n/languages"

interface TransactionTexts {
  readonly text: Record<string, string>
  readonly reason: Record<string, string>
  readonly channel: Record<string, string>
}
const textsOf = (lang: string): TransactionTexts =>
  (JSON.parse(readFileSync(`src/i18n/locales/${lang}/portfolio.json`, "utf8")) as { transactions: TransactionTexts }).transactions

const placeholders = (template: string): string[] => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort()

describe("transaction texts in six languages (issue 31)", () => {
  for (const { code: lang } of LANGUAGES) {
    it(`${lang}: a text for every code, naming exactly the code's values, and a label for every reason and channel`, () => {
      const texts = textsOf(lang)
      expect(Object.keys(texts.text).sort()).toEqual([...TRANSACTION_TEXT_CODES].sort())
      for (const code of TRANSACTION_TEXT_CODES)
        expect(placeholders(texts.text[code] ?? ""), `${lang} ${code}`).toEqual(Object.keys(TRANSACTION_TEXTS[code]).sort())
      expect(Object.keys(texts.reason).sort()).toEqual([...PAYOUT_FAILURE_REASONS].sort())
      expect(Object.keys(texts.channel).sort()).toEqual([...WITHDRAWAL_CHANNELS].sort())
    })
  }

  it("other languages never keep the English sentence", () => {
    const en = textsOf("en")
    for (const { code: lang } of LANGUAGES.filter((l) => l.code !== "en")) {
      for (const code of TRANSACTION_TEXT_CODES.filter((c) => c !== "payment")) expect(textsOf(lang).text[code], `${lang} ${code}`).not.toBe(en.text[code])
    }
  })

  it("formats each value by its kind: a fill's quantity by the quantity rule, its price as money of the account's currency", () => {
    const fill = transactionText("bought", { quantity: "169.6404341926", symbol: "KANOBNK", price: "12.5" })
    const values = formattedTransactionValues(fill, {
      quantity: (v) => formatQuantity(v, "de-DE"),
      money: (v) => formatMoney(v, "NGN", "de-DE"),
      text: (v) => v,
      orderType: (v) => `label:${v}`,
      channel: (v) => v,
      reason: (v) => v,
    })
    expect(values).toEqual({ quantity: "169,6404", symbol: "KANOBNK", price: "12,50\u00a0₦" })
    // A value the code does not name is left out; one it names but lacks is empty.
    expect(
      formattedTransactionValues(
        { code: "order-filled", values: { extra: "x" } },
        { quantity: String, money: String, text: String, orderType: (v) => `label:${v}`, channel: String, reason: String },
      ),
    ).toEqual({ orderType: "" })
  })
})
