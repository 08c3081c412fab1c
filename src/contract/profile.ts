/**
 * The customer profile of GET /users/profile (spec part 2 section 3; part 1 uses `status` and
 * `basic.riskProfile.riskScore`). Sections the customer has not filled yet are null.
 */
import { Schema } from "effect"
import { Decimal, IsoDate } from "./common"

/** The risk score; non-numeric or null means no band (src/domain/risk-band). */
export const RiskProfile = Schema.Struct({
  riskScore: Schema.NullOr(Schema.Union([Schema.Number, Schema.String])),
})
export type RiskProfile = typeof RiskProfile.Type

/** Basic details: names, contact and the risk profile. */
export const ProfileBasic = Schema.Struct({
  username: Schema.String,
  email: Schema.String,
  firstName: Schema.String,
  middleName: Schema.NullOr(Schema.String),
  lastName: Schema.String,
  phone: Schema.NullOr(Schema.String),
  riskProfile: Schema.NullOr(RiskProfile),
})
export type ProfileBasic = typeof ProfileBasic.Type

/** Personal data; the birth date comes in parts (day, month 1-12, year), shown as day/month/year. */
export const PersonalData = Schema.Struct({
  gender: Schema.NullOr(Schema.String),
  marital: Schema.NullOr(Schema.String),
  birthDay: Schema.NullOr(Schema.Number),
  birthMonth: Schema.NullOr(Schema.Number),
  birthYear: Schema.NullOr(Schema.Number),
  politicallyExposedNames: Schema.NullOr(Schema.String),
})
export type PersonalData = typeof PersonalData.Type

/** The identity document on file; `value` is shown masked except its last five characters. */
export const IdentificationData = Schema.Struct({
  type: Schema.String,
  value: Schema.String,
})
export type IdentificationData = typeof IdentificationData.Type

/** Employment; the employer fields are shown only when `status` is EMPLOYED or SELF_EMPLOYED. */
export const EmploymentData = Schema.Struct({
  status: Schema.String,
  company: Schema.NullOr(Schema.String),
  type: Schema.NullOr(Schema.String),
  position: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Schema.String),
  zip: Schema.NullOr(Schema.String),
  city: Schema.NullOr(Schema.String),
  state: Schema.NullOr(Schema.String),
  country: Schema.NullOr(Schema.String),
})
export type EmploymentData = typeof EmploymentData.Type

/** A trusted contact. */
export const TrustedContact = Schema.Struct({
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
})
export type TrustedContact = typeof TrustedContact.Type

/** The next of kin: a trusted contact plus the relationship. */
export const NextOfKin = Schema.Struct({
  ...TrustedContact.fields,
  relationship: Schema.String,
})
export type NextOfKin = typeof NextOfKin.Type

/** Trusted contact and next of kin. */
export const TrustData = Schema.Struct({
  trustInfo: Schema.NullOr(TrustedContact),
  nextOfKin: Schema.NullOr(NextOfKin),
})
export type TrustData = typeof TrustData.Type

/** Home address. */
export const AddressData = Schema.Struct({
  street1: Schema.String,
  street2: Schema.NullOr(Schema.String),
  postalCode: Schema.String,
  city: Schema.String,
  province: Schema.String,
  country: Schema.String,
})
export type AddressData = typeof AddressData.Type

/** Which agreements were accepted, from which address, by whom and when. */
export const DisclosuresData = Schema.Struct({
  termsOfUse: Schema.Boolean,
  customerAgreement: Schema.Boolean,
  iraAgreement: Schema.Boolean,
  marketDataAgreement: Schema.Boolean,
  marginAgreement: Schema.Boolean,
  accountAgreement: Schema.Boolean,
  rule14b: Schema.Boolean,
  privacyPolicy: Schema.Boolean,
  dataSharing: Schema.Boolean,
  ipAddress: Schema.String,
  signedBy: Schema.String,
  date: IsoDate,
})
export type DisclosuresData = typeof DisclosuresData.Type

/**
 * The investment profile as the customer answered it. These are answer labels or bands
 * ("50000-99999", "GROWTH", "MODERATE"), not amounts, so they are plain text.
 */
export const InvestmentData = Schema.Struct({
  annualIncome: Schema.String,
  networthLiquid: Schema.String,
  networthTotal: Schema.String,
  investmentObjectives: Schema.String,
  investmentExperience: Schema.String,
  riskTolerance: Schema.String,
  taxRate: Schema.String,
})
export type InvestmentData = typeof InvestmentData.Type

/** Compliance & AML answers; `transferTotalExpected` is a decimal string (money). */
export const ComplianceData = Schema.Struct({
  fundingSources: Schema.Array(Schema.String),
  transferFrequencyPerMonth: Schema.Number,
  transferTotalExpected: Decimal,
  investmentHistory12M: Schema.String,
})
export type ComplianceData = typeof ComplianceData.Type

/**
 * The whole profile. `status` is compared case-insensitively with "verified" (only verified
 * profiles may create portfolios); `basic` is always present, every other section is null until
 * filled.
 */
export const Profile = Schema.Struct({
  status: Schema.String,
  basic: ProfileBasic,
  personalData: Schema.NullOr(PersonalData),
  identificationData: Schema.NullOr(IdentificationData),
  employmentData: Schema.NullOr(EmploymentData),
  trustData: Schema.NullOr(TrustData),
  addressData: Schema.NullOr(AddressData),
  disclosuresData: Schema.NullOr(DisclosuresData),
  investmentData: Schema.NullOr(InvestmentData),
  complianceData: Schema.NullOr(ComplianceData),
})
export type Profile = typeof Profile.Type
