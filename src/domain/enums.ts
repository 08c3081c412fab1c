import { ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES } from "./order-ticket"
import { DOCUMENT_CATEGORIES } from "./upload"
import { PAYOUT_STATUSES } from "./withdrawal"

/**
 * The enumerations of the data that the app shows as values (statuses, order sides and types,
 * account types, the research ratings' uncertainty and moat trend, payment and transaction types,
 * the profile's risk tolerance, gender, marital and employment status, employment type, investment
 * objectives and experience, next-of-kin relationship and sources of funds, document categories), each as its keys (`enumKey` form). Views translate them through
 * `common:enum.<kind>.<KEY>`; a value not listed is shown as it came.
 */
export const DATA_ENUMS = {
  orderSide: ORDER_SIDES,
  orderType: ORDER_TYPES,
  status: [
    ...new Set([...ORDER_STATUSES, ...PAYOUT_STATUSES, "PENDING_CONFIRMATION", "COMPLETED", "FAILED", "ACTIVE", "APPROVED", "VERIFIED", "DISABLED", "DELETED"]),
  ],
  accountType: ["INDIVIDUAL_TRADER", "CUSTODIAL"],
  uncertainty: ["LOW", "MEDIUM", "HIGH", "VERY_HIGH", "EXTREME"],
  moatTrend: ["POSITIVE", "STABLE", "NEGATIVE"],
  paymentType: ["DEPOSIT", "WITHDRAWAL"],
  transactionType: ["DEPOSIT", "WITHDRAW", "REVERSAL", "BUY", "SELL", "DIVIDEND", "FEE", "INTEREST"],
  riskTolerance: ["LOW", "MEDIUM", "HIGH"],
  gender: ["FEMALE", "MALE", "OTHER", "UNDISCLOSED"],
  marital: ["SINGLE", "MARRIED", "DIVORCED", "WIDOWED", "SEPARATED"],
  employmentStatus: ["EMPLOYED", "SELF_EMPLOYED", "UNEMPLOYED", "RETIRED", "STUDENT"],
  employmentType: ["FULL_TIME", "PART_TIME", "CONSULTANT", "CONTRACTOR"],
  investmentObjectives: ["GROWTH", "INCOME", "CAPITAL_PRESERVATION", "SPECULATION"],
  investmentExperience: ["NONE", "LIMITED", "GOOD", "EXTENSIVE"],
  relationship: ["SIBLING", "PARENT", "SPOUSE", "CHILD", "FRIEND", "OTHER"],
  fundingSource: ["EMPLOYMENT_INCOME", "INVESTMENTS", "SAVINGS", "INHERITANCE", "BUSINESS_INCOME", "OTHER"],
  documentCategory: DOCUMENT_CATEGORIES,
} as const satisfies Readonly<Record<string, ReadonlyArray<string>>>

/** One of the data's enumerations. */
export type EnumKind = keyof typeof DATA_ENUMS
