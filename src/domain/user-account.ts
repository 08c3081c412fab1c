/**
 * The user-account area's rules (spec part 2 "User account area", sections 3 and 9) that are not
 * already general helpers: its subpages, the avatar by gender, the employer-fields condition, the
 * identification type's label and the politically exposed names. The cuts and masks it uses are
 * `sidePanelUsername` / `sidePanelEmail` (./truncate), `maskIdExceptLast5` / `maskIdSixStars`
 * (./masks) and `formatBirthDate` (./dates); `accountPanel` and `basicIdentification` put them
 * together so views never apply a rule themselves.
 */
import { formatBirthDate } from "./dates"
import { formatMoney } from "./format"
import { maskIdExceptLast5, maskIdSixStars } from "./masks"
import { sidePanelEmail, sidePanelUsername } from "./truncate"

/**
 * The subpages of /user-account, in tab order (spec part 2 "User account area"; Security: the
 * sessions and trusted devices, issue 35).
 */
export const ACCOUNT_SUBPAGES = ["profile-overview", "profile-detail", "bank-accounts", "documents", "compliance", "security"] as const
export type AccountSubpage = (typeof ACCOUNT_SUBPAGES)[number]
export const DEFAULT_ACCOUNT_SUBPAGE: AccountSubpage = "profile-detail"

/** The avatar shown for a gender: "female" or "male" (case and spaces ignored), anything else "neutral". */
export type Avatar = "female" | "male" | "neutral"
export const avatarFor = (gender: string | null | undefined): Avatar => {
  const g = (gender ?? "").trim().toUpperCase()
  return g === "FEMALE" || g === "F" ? "female" : g === "MALE" || g === "M" ? "male" : "neutral"
}

/** The employment statuses whose employer fields (company, type, position, address...) are shown. */
export const EMPLOYER_STATUSES = ["EMPLOYED", "SELF_EMPLOYED"] as const

/** Whether the employer fields are shown: only for EMPLOYED or SELF_EMPLOYED (exactly, as the API sends it). */
export const showsEmployerFields = (status: string | null | undefined): boolean => EMPLOYER_STATUSES.some((s) => s === status)

/** The identification type as shown: upper case ("nin" -> "NIN"); "" when missing. */
export const identificationTypeLabel = (type: string | null | undefined): string => (type ?? "").trim().toUpperCase()

/** The politically exposed person names, or null when there are none (the view shows 'None'). */
export const politicallyExposedNames = (names: string | null | undefined): string | null => {
  const text = (names ?? "").trim()
  return text === "" ? null : text
}

/** What the side panel shows of a profile, with the spec's cuts and mask applied. */
export interface AccountPanel {
  readonly avatar: Avatar
  /** The username's first 15 characters. */
  readonly username: string
  /** The e-mail's first 20 characters. */
  readonly email: string
  readonly name: string
  readonly phone: string
  readonly status: string
  /** The ID type in upper case; "" when the profile has none. */
  readonly idType: string
  /** The ID value with all but its last 5 characters as "*"; "" when none. */
  readonly idValue: string
}

interface PanelInput {
  readonly status: string
  readonly basic: {
    readonly username: string
    readonly email: string
    readonly firstName: string
    readonly middleName: string | null
    readonly lastName: string
    readonly phone: string | null
  }
  readonly personalData: { readonly gender: string | null } | null
  readonly identificationData: { readonly type: string; readonly value: string } | null
}

/** The side panel of /user-account for a profile. The name is first, middle and last name. */
export const accountPanel = (profile: PanelInput): AccountPanel => ({
  avatar: avatarFor(profile.personalData?.gender),
  username: sidePanelUsername(profile.basic.username),
  email: sidePanelEmail(profile.basic.email),
  name: [profile.basic.firstName, profile.basic.middleName, profile.basic.lastName].filter((p) => p !== null && p.trim() !== "").join(" "),
  phone: profile.basic.phone ?? "",
  status: profile.status,
  idType: identificationTypeLabel(profile.identificationData?.type),
  idValue: maskIdExceptLast5(profile.identificationData?.value),
})

/** The profile detail's identification: the type in upper case and the value as six stars plus its last five. */
export const basicIdentification = (identification: { readonly type: string; readonly value: string } | null) => ({
  type: identificationTypeLabel(identification?.type),
  value: maskIdSixStars(identification?.value),
})

/** The date of birth as day/month/year ("14/06/1988"); "" when a part is missing. */
export const birthDate = (
  personal: { readonly birthDay: number | null; readonly birthMonth: number | null; readonly birthYear: number | null } | null,
  locale = "en-GB",
): string => (personal ? formatBirthDate(personal.birthDay, personal.birthMonth, personal.birthYear, locale) : "")

const AMOUNT_RANGE = /^\s*([\d,]+(?:\.\d+)?)\s*[-–]\s*([\d,]+(?:\.\d+)?)\s*([A-Za-z]{3})\s*$/

/**
 * An investment profile's income or net-worth band ("25,000,000 - 50,000,000 NGN", as the data
 * writes it) in `locale`'s money format ("25.000.000 ₦ – 50.000.000 ₦" in de-DE); any other text
 * as it came.
 */
export const formatAmountRange = (text: string | null | undefined, locale: string): string => {
  if (!text) return ""
  const match = AMOUNT_RANGE.exec(text)
  if (!match) return text
  const [, low, high, currency] = match
  const money = (value: string) => formatMoney(value.replaceAll(",", ""), currency!.toUpperCase(), locale, { fraction: "whole" })
  return `${money(low!)} – ${money(high!)}`
}
