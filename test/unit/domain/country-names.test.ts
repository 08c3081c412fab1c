import { describe, expect, it } from "vitest"
import { COUNTRY_CODES } from "../../../src/domain/countries"
import { countryName } from "../../../src/domain/country-names"

describe("country names", () => {
  it("names every ISO 3166-1 alpha-3 code in the user's language", () => {
    expect(countryName("NGA", "en-GB")).toBe("Nigeria")
    expect(countryName("DEU", "de-DE")).toBe("Deutschland")
    expect(countryName("USA", "fr-FR")).toBe("États-Unis")
    for (const code of COUNTRY_CODES) expect(countryName(code, "en-GB"), code).not.toBe(code)
  })

  it("answers the code itself for an unknown one", () => {
    expect(countryName("XXX", "en-GB")).toBe("XXX")
  })
})
