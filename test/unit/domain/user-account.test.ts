import { describe, expect, it } from "vitest"
import {
  ACCOUNT_SUBPAGES,
  DEFAULT_ACCOUNT_SUBPAGE,
  accountPanel,
  avatarFor,
  basicIdentification,
  birthDate,
  formatAmountRange,
  identificationTypeLabel,
  politicallyExposedNames,
  showsEmployerFields,
} from "../../../src/domain"

const profile = {
  status: "verified",
  basic: {
    username: "adaeze.demo.longname",
    email: "adaeze.okafor@chartfolio.test",
    firstName: "Adaeze",
    middleName: "Chioma",
    lastName: "Okafor",
    phone: "+234 803 555 0101",
  },
  personalData: { gender: "FEMALE" },
  identificationData: { type: "nin", value: "70123456789" },
}

describe("user-account subpages", () => {
  it("defaults to profile-detail, which is one of them", () => {
    expect(DEFAULT_ACCOUNT_SUBPAGE).toBe("profile-detail")
    expect(ACCOUNT_SUBPAGES).toContain(DEFAULT_ACCOUNT_SUBPAGE)
  })
})

describe("avatarFor", () => {
  it("picks the avatar by gender, case and spaces ignored, neutral otherwise", () => {
    expect(avatarFor("FEMALE")).toBe("female")
    expect(avatarFor(" female ")).toBe("female")
    expect(avatarFor("Male")).toBe("male")
    expect(avatarFor("OTHER")).toBe("neutral")
    expect(avatarFor(null)).toBe("neutral")
    expect(avatarFor(undefined)).toBe("neutral")
  })
})

describe("showsEmployerFields", () => {
  it("is true only for EMPLOYED and SELF_EMPLOYED", () => {
    expect(showsEmployerFields("EMPLOYED")).toBe(true)
    expect(showsEmployerFields("SELF_EMPLOYED")).toBe(true)
    expect(showsEmployerFields("UNEMPLOYED")).toBe(false)
    expect(showsEmployerFields("RETIRED")).toBe(false)
    expect(showsEmployerFields("STUDENT")).toBe(false)
    expect(showsEmployerFields("employed")).toBe(false)
    expect(showsEmployerFields(null)).toBe(false)
  })
})

describe("identification", () => {
  it("shows the type in upper case", () => {
    expect(identificationTypeLabel("nin")).toBe("NIN")
    expect(identificationTypeLabel(" passport ")).toBe("PASSPORT")
    expect(identificationTypeLabel(null)).toBe("")
  })
  it("shows the profile detail's value as six stars and the last five", () => {
    expect(basicIdentification({ type: "nin", value: "70123456789" })).toEqual({ type: "NIN", value: "******56789" })
    expect(basicIdentification({ type: "bvn", value: "ABC" })).toEqual({ type: "BVN", value: "******ABC" })
    expect(basicIdentification(null)).toEqual({ type: "", value: "" })
  })
})

describe("politicallyExposedNames", () => {
  it("is null for none (the page says 'None'), else the names", () => {
    expect(politicallyExposedNames(null)).toBeNull()
    expect(politicallyExposedNames("  ")).toBeNull()
    expect(politicallyExposedNames("A. Minister")).toBe("A. Minister")
  })
})

describe("birthDate", () => {
  it("is day/month/year, empty when a part is missing", () => {
    expect(birthDate({ birthDay: 14, birthMonth: 6, birthYear: 1988 })).toBe("14/06/1988")
    // As each language writes a numeric date; never a day that does not exist.
    expect(birthDate({ birthDay: 14, birthMonth: 6, birthYear: 1988 }, "de-DE")).toBe("14.06.1988")
    expect(birthDate({ birthDay: 14, birthMonth: 6, birthYear: 1988 }, "ja-JP")).toBe("1988/06/14")
    expect(birthDate({ birthDay: 14, birthMonth: 6, birthYear: 1988 }, "fr-FR")).toBe("14/06/1988")
    expect(birthDate({ birthDay: 31, birthMonth: 2, birthYear: 1988 }, "en-GB")).toBe("")
    expect(birthDate({ birthDay: null, birthMonth: 6, birthYear: 1988 })).toBe("")
    expect(birthDate(null)).toBe("")
  })
})

describe("accountPanel", () => {
  it("cuts the username to 15 and the e-mail to 20 characters, masks the ID but its last 5", () => {
    const panel = accountPanel(profile)
    expect(panel.username).toBe("adaeze.demo.lon")
    expect(panel.username).toHaveLength(15)
    expect(panel.email).toBe("adaeze.okafor@chartf")
    expect(panel.email).toHaveLength(20)
    expect(panel.idType).toBe("NIN")
    expect(panel.idValue).toBe("******56789")
    expect(panel.idValue).toHaveLength(11)
    expect(panel.avatar).toBe("female")
    expect(panel.name).toBe("Adaeze Chioma Okafor")
    expect(panel.phone).toBe("+234 803 555 0101")
    expect(panel.status).toBe("verified")
  })
  it("keeps short values whole and leaves missing sections empty", () => {
    const panel = accountPanel({
      ...profile,
      basic: { ...profile.basic, username: "ada", email: "a@b.c", middleName: null, phone: null },
      personalData: null,
      identificationData: null,
    })
    expect(panel).toMatchObject({ username: "ada", email: "a@b.c", name: "Adaeze Okafor", phone: "", avatar: "neutral", idType: "", idValue: "" })
  })
})

describe("formatAmountRange", () => {
  it("writes an income or net-worth band in the locale's money format, and leaves other text as it came", () => {
    expect(formatAmountRange("25,000,000 - 50,000,000 NGN", "en-GB")).toBe("₦25,000,000 – ₦50,000,000")
    expect(formatAmountRange("25,000,000 - 50,000,000 NGN", "de-DE")).toBe("25.000.000\u00a0₦ – 50.000.000\u00a0₦")
    expect(formatAmountRange("75,000 - 100,000 USD", "fr-FR")).toBe("75\u202f000\u00a0$ – 100\u202f000\u00a0$")
    expect(formatAmountRange("Over a million", "de-DE")).toBe("Over a million")
    expect(formatAmountRange(null, "de-DE")).toBe("")
  })
})
