import type { EnumKind } from "./enums"
import { truncate, TRUNCATION } from "./truncate"

/** The short account-type label: IND for an individual trader, CUS for any other (custodian) type. */
export type AccountTypeLabel = "IND" | "CUS"

/** "IND" when `userType` is INDIVIDUAL_TRADER (case-insensitive), else "CUS". */
export const accountTypeLabel = (userType: string | null | undefined): AccountTypeLabel =>
  userType?.trim().toUpperCase() === "INDIVIDUAL_TRADER" ? "IND" : "CUS"

/** Underscores shown as spaces, for account types and document categories ("INDIVIDUAL_TRADER" -> "INDIVIDUAL TRADER"). */
export const underscoresToSpaces = (text: string | null | undefined): string => (text ?? "").replaceAll("_", " ")

/** The fields a portfolio label is made of. */
export interface PortfolioLabelInputs {
  readonly userType?: string | null
  readonly currency?: string | null
  readonly accountNumber?: string | null
}

/** Where a portfolio label is shown: the header and portfolio selectors cut it to 30 characters, the order modal to 40. */
export type PortfolioLabelPlace = "header" | "order-modal"

/**
 * The label of a portfolio option (spec part 1, Portfolio selector): "IND" or "CUS", then the
 * currency, then the account number, separated by single spaces, with every underscore turned
 * into a hyphen, e.g. "IND NGN 2001234567" or "CUS USD CF-0042"; missing parts are left out.
 * Cut to 30 characters for the header and selectors (the default) or 40 in the order modal.
 */
export const portfolioLabel = (account: PortfolioLabelInputs, place: PortfolioLabelPlace = "header"): string => {
  const text = [accountTypeLabel(account.userType), account.currency?.trim(), account.accountNumber?.trim()]
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .replaceAll("_", "-")
  return truncate(text, place === "order-modal" ? TRUNCATION.portfolioLabelOrderModal : TRUNCATION.portfolioLabel)
}

/**
 * The level of a customer who registered themselves (/register): not an admin of their partner
 * group, so the quick user panel says "Customer". Levels 1 to 3 are the partner admins' labels.
 */
export const CUSTOMER_LEVEL = 0

/** The role label code of an admin level (spec part 1 section 6): 2 is "super-admin" ('Super Admin'); 0 "customer" ('Customer', a self-registered user); 1, 3 and anything else "admin" ('Admin'). */
export const adminRole = (adminLevel: unknown): "admin" | "super-admin" | "customer" =>
  adminLevel === CUSTOMER_LEVEL || adminLevel === String(CUSTOMER_LEVEL) ? "customer" : adminLevel === 2 || adminLevel === "2" ? "super-admin" : "admin"

/**
 * The key under which a value of the data's enumerations (statuses, order sides and types, account
 * types, uncertainty, moat trend, payment types, document categories) is translated: trimmed,
 * upper case, spaces and hyphens as underscores ("Very High" -> "VERY_HIGH", "active" -> "ACTIVE").
 */
export const enumKey = (value: string): string =>
  value
    .trim()
    .toUpperCase()
    .replaceAll(/[\s-]+/g, "_")

/**
 * The one casing rule of the values shown as codes: statuses, order sides and transaction types
 * read in upper case in every language ("PENDING", "ACTIVE", "AUSSTEHEND", "KAUF"), as the spec
 * writes them, whatever case the data or a translation has; other enumerations read as labelled.
 */
export const UPPER_CASE_ENUMS: ReadonlySet<EnumKind> = new Set<EnumKind>(["status", "orderSide", "transactionType"])

/** A label of `kind` as shown: upper-cased in `locale` when `kind` is one of `UPPER_CASE_ENUMS`. */
export const shownEnumLabel = (kind: EnumKind, label: string, locale: string): string => (UPPER_CASE_ENUMS.has(kind) ? label.toLocaleUpperCase(locale) : label)
