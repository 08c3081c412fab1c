import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { formattedPaymentStepValues, PAYMENT_STEP_CODES, PAYMENT_STEP_TEXTS, paymentStepText } from "../../../src/domain/payment-step-text"
import { LANGUAGES } from "../../../src/i18n/languages"

const stepsOf = (lang: string): Record<string, string> =>
  (JSON.parse(readFileSync(`src/i18n/locales/${lang}/portfolio.json`, "utf8")) as { payments: { step: Record<string, string> } }).payments.step

const placeholders = (template: string): string[] => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort()

describe("payment timeline steps in six languages (issue 31)", () => {
  for (const { code: lang } of LANGUAGES) {
    it(`${lang}: a text for every step code, naming exactly the code's values`, () => {
      const steps = stepsOf(lang)
      expect(Object.keys(steps).sort()).toEqual([...PAYMENT_STEP_CODES].sort())
      for (const code of PAYMENT_STEP_CODES) expect(placeholders(steps[code] ?? ""), `${lang} ${code}`).toEqual(Object.keys(PAYMENT_STEP_TEXTS[code]).sort())
    })
  }

  it("other languages never keep the English sentence", () => {
    const en = stepsOf("en")
    for (const { code: lang } of LANGUAGES.filter((l) => l.code !== "en")) {
      for (const code of PAYMENT_STEP_CODES) expect(stepsOf(lang)[code], `${lang} ${code}`).not.toBe(en[code])
    }
  })

  it("formats each value by its kind: a payout's failure reason through its label, a bank's name as it is", () => {
    const format = { quantity: String, money: String, text: (v: string) => v, orderType: String, channel: String, reason: (v: string) => `reason:${v}` }
    expect(formattedPaymentStepValues(paymentStepText("returned", { reason: "bank-removed" }), format)).toEqual({ reason: "reason:bank-removed" })
    expect(formattedPaymentStepValues(paymentStepText("paid-to", { bank: "Harbour Trust", last4: "4321" }), format)).toEqual({
      bank: "Harbour Trust",
      last4: "4321",
    })
    // A value the code does not name is left out; one it names but lacks is empty; an unknown code has none.
    expect(formattedPaymentStepValues({ code: "transfer-sent", values: { extra: "x" } }, format)).toEqual({ bank: "" })
    expect(formattedPaymentStepValues({ code: "no-such-step", values: { bank: "x" } }, format)).toEqual({})
  })
})
