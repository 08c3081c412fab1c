import { describe, expect, it } from "vitest"
import {
  accountTypeLabel,
  adminRole,
  CUSTOMER_LEVEL,
  carouselName,
  characters,
  maskIdExceptLast5,
  maskIdSixStars,
  maskAllButLast4,
  maskLast4,
  menuText,
  newsContent,
  newsSnippet,
  newsTitle,
  portfolioLabel,
  sidePanelEmail,
  sidePanelUsername,
  truncate,
  underscoresToSpaces,
} from "../../../src/domain"

const repeat = (n: number, c = "a") => c.repeat(n)

describe("truncate", () => {
  it("keeps text of exactly n characters and cuts n + 1", () => {
    expect(truncate(repeat(5), 5)).toBe(repeat(5))
    expect(truncate(repeat(6), 5)).toBe(repeat(5))
    expect(truncate(repeat(6), 5, { ellipsis: true })).toBe(`${repeat(5)}…`)
    expect(truncate(repeat(5), 5, { ellipsis: true })).toBe(repeat(5))
    expect(truncate("abcdef", 3, { ellipsis: "..." })).toBe("abc...")
  })

  it("drops trailing spaces before an ellipsis", () => {
    expect(truncate("abc  defgh", 5, { ellipsis: true })).toBe("abc…")
  })

  it("never splits a user-perceived character", () => {
    const family = "👨‍👩‍👧"
    expect(characters(`${family}e\u0301x`)).toEqual([family, "e\u0301", "x"])
    expect(truncate(`${family}${family}${family}`, 2)).toBe(`${family}${family}`)
    expect(truncate("😀😀😀", 2)).toBe("😀😀")
  })

  it("takes printable ASCII a unit at a character, and keeps CR LF one character", () => {
    expect(characters("a b~")).toEqual(["a", " ", "b", "~"])
    expect(characters("a\r\nb")).toEqual(["a", "\r\n", "b"])
    expect(truncate("a\r\nbc", 2)).toBe("a\r\n")
  })

  it("handles empty and missing text", () => {
    expect(truncate("", 3)).toBe("")
    expect(truncate(null, 3)).toBe("")
    expect(truncate(undefined, 3, { ellipsis: true })).toBe("")
    expect(truncate("abc", 0)).toBe("")
  })

  it("applies the spec's named cuts at n and n + 1", () => {
    expect(menuText(repeat(20))).toBe(repeat(20))
    expect(menuText(repeat(21))).toBe(`${repeat(19)}…`)
    // A cut name says it is cut, at a word where there is one: never "Dangote Cement Plc N".
    expect(menuText("Dangote Cement Plc Nigeria")).toBe("Dangote Cement Plc…")
    expect(menuText("Dangote Cement Plc Nigeria")).toHaveLength(19)
    expect(carouselName(repeat(15))).toBe(repeat(15))
    expect(carouselName(repeat(16))).toBe(`${repeat(15)}…`)
    expect(sidePanelUsername(repeat(15))).toBe(repeat(15))
    expect(sidePanelUsername(repeat(16))).toBe(repeat(15))
    expect(sidePanelEmail(repeat(20))).toBe(repeat(20))
    expect(sidePanelEmail(repeat(21))).toBe(repeat(20))
  })
})

describe("masks", () => {
  it("shows the last 4 digits of accounts and cards", () => {
    expect(maskLast4("0123456789")).toBe("****6789")
    expect(maskAllButLast4("0123456789")).toBe("******6789")
    expect(maskAllButLast4("123")).toBe("***")
    expect(maskAllButLast4("")).toBe("")
    expect(maskLast4(maskAllButLast4("0123456789"))).toBe("****6789")
    expect(maskLast4("1234")).toBe("****1234")
    expect(maskLast4("12")).toBe("****12")
    expect(maskLast4("")).toBe("")
    expect(maskLast4(null)).toBe("")
  })

  it("shows an ID as six stars and its last 5 characters", () => {
    expect(maskIdSixStars("A12345678")).toBe("******45678")
    expect(maskIdSixStars("ABCDE")).toBe("******ABCDE")
    expect(maskIdSixStars("ABC")).toBe("******ABC")
    expect(maskIdSixStars(undefined)).toBe("")
  })

  it("replaces all but the last 5 characters of an ID with stars", () => {
    expect(maskIdExceptLast5("A12345678")).toBe("****45678")
    expect(maskIdExceptLast5("ABCDEF")).toBe("*BCDEF")
    expect(maskIdExceptLast5("ABCDE")).toBe("ABCDE")
    expect(maskIdExceptLast5("AB")).toBe("AB")
    expect(maskIdExceptLast5("")).toBe("")
    expect(maskIdExceptLast5(null)).toBe("")
  })
})

describe("labels", () => {
  it("labels individual traders IND and every other type CUS", () => {
    expect(accountTypeLabel("INDIVIDUAL_TRADER")).toBe("IND")
    expect(accountTypeLabel("individual_trader")).toBe("IND")
    expect(accountTypeLabel("CORPORATE")).toBe("CUS")
    expect(accountTypeLabel(null)).toBe("CUS")
  })

  it("builds the portfolio label with hyphens for underscores", () => {
    expect(portfolioLabel({ userType: "INDIVIDUAL_TRADER", currency: "NGN", accountNumber: "2001234567" })).toBe("IND NGN 2001234567")
    expect(portfolioLabel({ userType: "CUSTODIAN_ACCOUNT", currency: "USD", accountNumber: "CF_0042_A" })).toBe("CUS USD CF-0042-A")
    expect(portfolioLabel({ userType: "INDIVIDUAL_TRADER", currency: "USD" })).toBe("IND USD")
  })

  it("cuts the label to 30 in the header and 40 in the order modal", () => {
    const at = (n: number) => ({ userType: "INDIVIDUAL_TRADER", currency: "NGN", accountNumber: repeat(n - 8, "9") })
    expect(portfolioLabel(at(30))).toHaveLength(30)
    expect(portfolioLabel(at(31))).toHaveLength(30)
    expect(portfolioLabel(at(31))).toBe(`IND NGN ${repeat(22, "9")}`)
    expect(portfolioLabel(at(40), "order-modal")).toHaveLength(40)
    expect(portfolioLabel(at(41), "order-modal")).toHaveLength(40)
    expect(portfolioLabel(at(35), "order-modal")).toHaveLength(35)
  })

  it("shows underscores as spaces", () => {
    expect(underscoresToSpaces("INDIVIDUAL_TRADER")).toBe("INDIVIDUAL TRADER")
    expect(underscoresToSpaces("PICTURE_ID_PROOF_OF_ADDRESS")).toBe("PICTURE ID PROOF OF ADDRESS")
    expect(underscoresToSpaces(undefined)).toBe("")
  })

  it("names admin levels", () => {
    expect(adminRole(1)).toBe("admin")
    expect(adminRole(2)).toBe("super-admin")
    expect(adminRole(CUSTOMER_LEVEL)).toBe("customer")
    expect(adminRole(3)).toBe("admin")
  })
})

describe("news", () => {
  it("takes the title before the source suffix", () => {
    expect(newsTitle("Rates rise - Reuters")).toBe("Rates rise")
    expect(newsTitle("Oil - gas deal signed - Bloomberg")).toBe("Oil - gas deal signed")
    expect(newsTitle("No source here")).toBe("No source here")
    expect(newsTitle("well-known names")).toBe("well-known names")
    expect(newsTitle(null)).toBe("")
  })

  it("takes the content before the [+ marker", () => {
    expect(newsContent("Markets rallied today… [+1234 chars]")).toBe("Markets rallied today…")
    expect(newsContent("Plain text")).toBe("Plain text")
    expect(newsContent(undefined)).toBe("")
  })

  it("cuts the snippet to 150 characters", () => {
    expect(newsSnippet(`${repeat(150)} [+10 chars]`)).toBe(repeat(150))
    expect(newsSnippet(`${repeat(151)} [+10 chars]`)).toBe(`${repeat(149)}…`)
    // Cut at a word boundary, with the ellipsis inside the spec's 150 characters.
    const words = "Synthetic market report ".repeat(10)
    const snippet = newsSnippet(words)
    expect(snippet.length).toBeLessThanOrEqual(150)
    expect(snippet.endsWith("…")).toBe(true)
    expect(
      snippet
        .slice(0, -1)
        .split(" ")
        .every((w) => ["Synthetic", "market", "report"].includes(w)),
    ).toBe(true)
    expect(newsSnippet("short")).toBe("short")
  })
})
