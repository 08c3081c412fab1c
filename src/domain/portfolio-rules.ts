import { isOrderOpen, type OrderStatus } from "./order-ticket"
import { isFilled, issue, ValidationCodes as C, type FormIssues } from "./validation"

/** True when a profile status allows creating portfolios: "verified", case-insensitively (spec part 1 section 4). */
export const canCreatePortfolio = (profileStatus: string | null | undefined): boolean => profileStatus?.trim().toLowerCase() === "verified"

/** Create-portfolio rule: a custodian (partner) is chosen ('Select Trading Account Partner'). */
export const validateCreatePortfolio = (form: { readonly partner: string | null }): FormIssues<"partner"> =>
  isFilled(form.partner) ? {} : { partner: issue(C.custodianRequired) }

/** True when an order may be cancelled: while it is open (PENDING or PROCESSING). */
export const isOrderCancellable = (status: OrderStatus): boolean => isOrderOpen(status)

/** Instant-deposit update rule: a status is chosen ('Select Instant Deposit Status'). */
export const validateInstantDeposit = (form: { readonly instantDeposit: boolean | null | undefined }): FormIssues<"instantDeposit"> =>
  typeof form.instantDeposit === "boolean" ? {} : { instantDeposit: issue(C.instantDepositStatus) }

/** True when the instant-deposit Update button may be enabled: a value is chosen and differs from the current one. */
export const canUpdateInstantDeposit = (current: boolean, chosen: boolean | null | undefined): boolean => typeof chosen === "boolean" && chosen !== current
