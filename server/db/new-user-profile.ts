import { json } from "./schema"

/**
 * The profile row of a user who has just signed up: status pending (not verified, so no portfolio
 * yet), the basics from the sign-up form, every other group empty, and the terms of use accepted
 * (the registration form cannot be sent without them). Registration and the demo world's
 * unverified user both use it.
 */
export const newUserProfile = <At>(p: {
  readonly userId: string
  readonly username: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly ipAddress: string | null
  readonly privacyPolicy: boolean
  readonly at: At
}) => ({
  userId: p.userId,
  status: "pending",
  basic: json({ username: p.username, email: p.email, firstName: p.firstName, middleName: null, lastName: p.lastName, phone: null }),
  personalData: json({ gender: null, marital: null, birthDay: null, birthMonth: null, birthYear: null, politicallyExposedNames: null }),
  identificationData: json({ type: null, value: null }),
  employmentData: json({ status: null, company: null, type: null, position: null, address: null, zip: null, city: null, state: null, country: null }),
  trustData: json({ trustInfo: null, nextOfKin: null }),
  addressData: json({ street1: null, street2: null, postalCode: null, city: null, province: null, country: null }),
  disclosuresData: json({
    termsOfUse: true,
    customerAgreement: false,
    iraAgreement: false,
    marketDataAgreement: false,
    marginAgreement: false,
    accountAgreement: false,
    rule14b: false,
    privacyPolicy: p.privacyPolicy,
    dataSharing: false,
    ipAddress: p.ipAddress,
    signedBy: null,
    date: null,
  }),
  investmentData: json({
    annualIncome: null,
    networthLiquid: null,
    networthTotal: null,
    investmentObjectives: null,
    investmentExperience: null,
    riskTolerance: null,
    taxRate: null,
  }),
  complianceData: json({ fundingSources: [], transferFrequencyPerMonth: null, transferTotalExpected: null, investmentHistory12M: null }),
  createdAt: p.at,
  updatedAt: p.at,
})
