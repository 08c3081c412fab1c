import { describe, expect, it } from "vitest"
import { preferredLanguage } from "../../../src/i18n/languages"

describe("preferredLanguage", () => {
  it("takes the stored choice when it is one of the six", () => {
    expect(preferredLanguage("ja", ["de-DE"])).toBe("ja")
  })
  it("ignores a stored value that is not a language, and takes the browser's first supported one", () => {
    expect(preferredLanguage("xx", ["pt-BR", "fr-CA", "de"])).toBe("fr")
    expect(preferredLanguage({ code: "de" }, ["ZH-Hans"])).toBe("zh")
    expect(preferredLanguage(null, [undefined, "es"])).toBe("es")
  })
  it("falls back to English", () => {
    expect(preferredLanguage(undefined, ["pt", "ru"])).toBe("en")
    expect(preferredLanguage(undefined, [])).toBe("en")
  })
})
