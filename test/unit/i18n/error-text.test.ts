import { readFileSync } from "node:fs"
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import { codedErrorText } from "../../../src/i18n/error-text"

const errors = (lang: string) => JSON.parse(readFileSync(`src/i18n/locales/${lang}/errors.json`, "utf8")) as Record<string, unknown>

const instance = async (lng: string) => {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng,
    fallbackLng: "en",
    ns: ["errors"],
    defaultNS: "errors",
    resources: { en: { errors: errors("en") }, [lng]: { errors: errors(lng) } },
    keySeparator: ".",
    nsSeparator: ":",
    interpolation: { escapeValue: false },
  })
  return i18n
}

describe("a coded server error in the user's language", () => {
  it("says a too-long field by its name and maximum, in English and German", async () => {
    const values = { reason: "too_long", field: "bankName", max: "140" }
    expect(codedErrorText(await instance("en"), "bad_request", values)).toBe("Bank Name is too long: at most 140 characters.")
    expect(codedErrorText(await instance("de"), "bad_request", values)).toBe("Name der Bank ist zu lang: höchstens 140 Zeichen.")
    // Without a reason the code's own text; an unknown field is named as it came.
    expect(codedErrorText(await instance("en"), "bad_request", undefined)).toBe("Some of the data sent was not valid.")
    expect(codedErrorText(await instance("en"), "bad_request", { reason: "too_long", field: "other", max: "5" })).toBe(
      "other is too long: at most 5 characters.",
    )
  })

  it("says which lookup limit was reached; a reason it has no text for falls back to the code's text", async () => {
    const fr = await instance("fr")
    expect(codedErrorText(fr, "bank_account.lookup_limited", { reason: "minute", limit: "10" })).toBe(
      "Trop de recherches de titulaires de compte : 10 par minute au maximum. Patientez une minute et réessayez.",
    )
    expect(codedErrorText(await instance("en"), "bank_account.lookup_limited", { reason: "day", limit: "100" })).toBe(
      "Too many account-name lookups: at most 100 in 24 hours. Try again later.",
    )
    expect(codedErrorText(await instance("en"), "bank_account.lookup_limited", { reason: "week" })).toBe(
      "Too many account-name lookups. Wait a moment and try again.",
    )
  })

  it("formats money figures for the locale and leaves unknown codes to the caller", async () => {
    expect(codedErrorText(await instance("de"), "withdrawal.above_cash", { cash: "1500", currency: "NGN" })).toBe(
      "Der Betrag übersteigt das verfügbare Guthaben (1.500,00\u00a0₦).",
    )
    expect(codedErrorText(await instance("en"), "no.such.code", {})).toBeUndefined()
    expect(codedErrorText(await instance("en"), undefined, {})).toBeUndefined()
  })
})
