/** The colour role of a status badge; views map it to a theme palette. */
export type StatusColour = "info" | "warning" | "primary" | "danger" | "muted"

const COLOURS: Readonly<Record<string, StatusColour>> = {
  pending_confirmation: "info",
  queued: "info",
  pending: "info",
  processing: "warning",
  sent_to_bank: "warning",
  active: "primary",
  completed: "primary",
  verified: "primary",
  approved: "primary",
  disabled: "danger",
  deleted: "danger",
  cancelled: "danger",
  failed: "danger",
  rejected: "danger",
  returned: "danger",
}

/**
 * The badge colour of any status (accounts, orders, payments, documents, bank accounts, profile),
 * per spec part 2 section 4, case-insensitively ("PENDING" is info, "Verified" primary); any
 * status not listed there (e.g. "FILLED") or a missing one is "muted".
 */
export const statusColour = (status: string | null | undefined): StatusColour => {
  const key = status?.trim().toLowerCase() ?? ""
  return (Object.hasOwn(COLOURS, key) ? COLOURS[key] : undefined) ?? "muted"
}
