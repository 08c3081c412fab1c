/**
 * GET /users/profile: the profiles row as the contract's `Profile`. A section the customer has not
 * filled (a required field still null in the stored jsonb) is answered as null, as the contract
 * says; `basic` is always present.
 */
import type { Kysely } from "kysely"
import type { Profile } from "../../src/contract/profile"
import { parseDecimal } from "../../src/domain/decimal"
import type { DB, Row } from "../db/schema"
import { ApiErrors } from "../http/errors"

/** The status that may create portfolios, compared case-insensitively (spec part 1 section 4). */
export const VERIFIED_STATUS = "verified"

/** Whether a profile status counts as verified ("Verified", " VERIFIED " too). */
export const isVerified = (status: string | null | undefined): boolean => (status ?? "").trim().toLowerCase() === VERIFIED_STATUS

const filled = <T extends object, K extends keyof T>(value: T | null | undefined, required: ReadonlyArray<K>): value is T & { [P in K]-?: NonNullable<T[P]> } =>
  value !== null && value !== undefined && required.every((key) => value[key] !== null && value[key] !== undefined)

/**
 * A money figure the customer typed as text ("5,000,000 NGN") as a decimal string: grouping
 * commas and the currency dropped. Null when no number is in it.
 */
export const moneyText = (text: string | null): string | null => {
  if (text === null) return null
  const match = /-?\d[\d,]*(\.\d+)?/.exec(text)
  return match ? parseDecimal(match[0].replace(/,/g, "")) : null
}

/** Politically exposed person names (stored as a list) as one text; null for none. */
const namesText = (names: ReadonlyArray<string> | string | null): string | null => {
  const text =
    typeof names === "string"
      ? names.trim()
      : (names ?? [])
          .map((n) => n.trim())
          .filter((n) => n !== "")
          .join(", ")
  return text === "" ? null : text
}

/** The contract's `Profile` of a profiles row. */
export const toProfile = (row: Row<"profiles">): Profile => {
  const basic = row.basic
  const personal = row.personalData
  const identification = row.identificationData
  const employment = row.employmentData
  const trust = row.trustData
  const address = row.addressData
  const disclosures = row.disclosuresData
  const investment = row.investmentData
  const compliance = row.complianceData
  const personalFilled = personal !== null && Object.values(personal).some((v) => v !== null)
  const transferTotal = compliance ? moneyText(compliance.transferTotalExpected) : null
  return {
    status: row.status,
    basic: {
      username: basic.username,
      email: basic.email,
      firstName: basic.firstName,
      middleName: basic.middleName ?? null,
      lastName: basic.lastName,
      phone: basic.phone ?? null,
      riskProfile: basic.riskProfile ? { riskScore: basic.riskProfile.riskScore ?? null } : null,
    },
    personalData: personalFilled
      ? {
          gender: personal.gender,
          marital: personal.marital,
          birthDay: personal.birthDay,
          birthMonth: personal.birthMonth,
          birthYear: personal.birthYear,
          politicallyExposedNames: namesText(personal.politicallyExposedNames),
        }
      : null,
    identificationData: filled(identification, ["type", "value"]) ? { type: identification.type, value: identification.value } : null,
    employmentData: filled(employment, ["status"]) ? { ...employment } : null,
    trustData: trust && (trust.trustInfo !== null || trust.nextOfKin !== null) ? { trustInfo: trust.trustInfo, nextOfKin: trust.nextOfKin } : null,
    addressData: filled(address, ["street1", "postalCode", "city", "province", "country"])
      ? {
          street1: address.street1,
          street2: address.street2,
          postalCode: address.postalCode,
          city: address.city,
          province: address.province,
          country: address.country,
        }
      : null,
    disclosuresData: filled(disclosures, ["ipAddress", "signedBy", "date"]) ? { ...disclosures } : null,
    investmentData: filled(investment, [
      "annualIncome",
      "networthLiquid",
      "networthTotal",
      "investmentObjectives",
      "investmentExperience",
      "riskTolerance",
      "taxRate",
    ])
      ? {
          annualIncome: investment.annualIncome,
          networthLiquid: investment.networthLiquid,
          networthTotal: investment.networthTotal,
          investmentObjectives: investment.investmentObjectives,
          investmentExperience: investment.investmentExperience,
          riskTolerance: investment.riskTolerance,
          taxRate: investment.taxRate,
        }
      : null,
    complianceData:
      filled(compliance, ["transferFrequencyPerMonth", "investmentHistory12M"]) && transferTotal !== null
        ? {
            fundingSources: compliance.fundingSources,
            transferFrequencyPerMonth: compliance.transferFrequencyPerMonth,
            transferTotalExpected: transferTotal,
            investmentHistory12M: compliance.investmentHistory12M,
          }
        : null,
  }
}

/** The profiles row of a user, or 404 when there is none. */
export const profileRowOf = async (db: Kysely<DB>, userId: string): Promise<Row<"profiles">> => {
  const row = await db.selectFrom("profiles").selectAll().where("userId", "=", userId).executeTakeFirst()
  if (!row) throw ApiErrors.notFound("No profile was found for this user.")
  return row
}
