/**
 * The notification inbox (issue 36, decision 0250): what happened to the user's money, orders,
 * alerts and sign-ins, kept to read later. A notice is stored as a kind, the thing it is about
 * (its subject) and the values its text names, never as an English sentence: every reader says it
 * in the user's language (the app through `notifications:kind.<kind>.text`, the mail through the
 * server's texts). The server writes notices (server/notifications/notify.ts); the
 * notification-inbox chart and the views read these rules.
 */

/** How a value of a notice's text is shown (as in src/domain/transaction-text). */
export type NotificationValueKind =
  /** shown as it is: a symbol, a reference, a bank's name, the last digits of a number */
  | "text"
  /** an amount in the currency named by the notice's `currency` value (formatMoney) */
  | "money"
  /** a quantity of shares (formatQuantity) */
  | "quantity"
  /** a code said through its label: `notifications:value.<name>.<code>` */
  | "label"

/**
 * Every kind of notice with the names and kinds of the values its text names. `currency` is not
 * shown itself: it is the currency of the kind's money values.
 */
export const NOTIFICATION_KINDS_TABLE = {
  /** A price alert crossed: `condition` above / below / move, `threshold` the level (a price or a percentage), `price` the price that crossed it. */
  "alert-fired": { symbol: "text", condition: "label", threshold: "text", price: "money", currency: "text" },
  "order-filled": { side: "label", quantity: "quantity", symbol: "text", price: "money", currency: "text" },
  "order-rejected": { side: "label", symbol: "text" },
  "order-cancelled": { side: "label", symbol: "text" },
  "withdrawal-completed": { amount: "money", currency: "text", ref: "text" },
  "withdrawal-failed": { amount: "money", currency: "text", ref: "text" },
  "bank-account-added": { bank: "text", last4: "text" },
  "bank-account-deleted": { bank: "text", last4: "text" },
  /** `outcome` APPROVED / REJECTED (a document status), `category` a document category. */
  "document-reviewed": { category: "label", outcome: "label" },
  /** `browser` and `os` as src/domain/user-agent reads them ("" when not recognised). */
  "new-device-sign-in": { browser: "text", os: "text" },
} as const satisfies Readonly<Record<string, Readonly<Record<string, NotificationValueKind>>>>

export type NotificationKind = keyof typeof NOTIFICATION_KINDS_TABLE

/** Every kind, in the order the filter and the preferences form list them. */
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_KINDS_TABLE) as ReadonlyArray<NotificationKind>

export const isNotificationKind = (value: unknown): value is NotificationKind => typeof value === "string" && Object.hasOwn(NOTIFICATION_KINDS_TABLE, value)

/** The values a notice of this kind names, each a string (decimal strings for money and quantities). */
export type NotificationParams<K extends NotificationKind = NotificationKind> = { readonly [P in keyof (typeof NOTIFICATION_KINDS_TABLE)[K]]: string }

/** What a notice is about, so it links there. */
export type NotificationSubject =
  | { readonly type: "instrument"; readonly id: string }
  | { readonly type: "order"; readonly id: string; readonly accountId: string }
  | { readonly type: "withdrawal"; readonly id: string; readonly accountId: string }
  | { readonly type: "bank-account"; readonly id: string }
  | { readonly type: "document"; readonly id: string }
  | { readonly type: "session"; readonly id: string }

export const NOTIFICATION_SUBJECT_TYPES = ["instrument", "order", "withdrawal", "bank-account", "document", "session"] as const

/** Where a notice links: a route of the app and its parameters. */
export type NotificationLink =
  | { readonly to: "/instruments/view/$instrumentId"; readonly params: { readonly instrumentId: string } }
  | { readonly to: "/portfolio/$accountId/orders"; readonly params: { readonly accountId: string } }
  | { readonly to: "/portfolio/$accountId/payments"; readonly params: { readonly accountId: string } }
  | { readonly to: "/user-account/bank-accounts" }
  | { readonly to: "/user-account/documents"; readonly search: { readonly document: string } }
  | { readonly to: "/user-account/security" }

/**
 * The page a notice is about: the instrument, the portfolio's orders or payments, the bank
 * accounts, the document (the documents page with its details open) or the security page.
 */
export const notificationLink = (subject: NotificationSubject): NotificationLink => {
  switch (subject.type) {
    case "instrument":
      return { to: "/instruments/view/$instrumentId", params: { instrumentId: subject.id } }
    case "order":
      return { to: "/portfolio/$accountId/orders", params: { accountId: subject.accountId } }
    case "withdrawal":
      return { to: "/portfolio/$accountId/payments", params: { accountId: subject.accountId } }
    case "bank-account":
      return { to: "/user-account/bank-accounts" }
    case "document":
      return { to: "/user-account/documents", search: { document: subject.id } }
    case "session":
      return { to: "/user-account/security" }
  }
}

/** How the reader formats each kind of value. */
export type NotificationFormatters = Readonly<Record<NotificationValueKind, (value: string, name: string) => string>>

/**
 * The values of a notice, each formatted by its kind, ready for the reader's template; a value its
 * kind does not name is left out, one it names but lacks is "".
 */
export const formattedNotificationValues = (
  notice: { readonly kind: string; readonly params: Readonly<Record<string, string>> },
  format: NotificationFormatters,
): Record<string, string> => {
  const kinds: Readonly<Record<string, NotificationValueKind>> = isNotificationKind(notice.kind) ? NOTIFICATION_KINDS_TABLE[notice.kind] : {}
  const out: Record<string, string> = {}
  for (const [name, kind] of Object.entries(kinds)) {
    const value = notice.params[name]
    out[name] = value === undefined ? "" : format[kind](value, name)
  }
  return out
}

/**
 * The kinds mailed until the user chooses (decision 0250): what moves money or touches the
 * account's security, and a fired alert (the user asked to be told). Order fills, rejections and
 * cancellations are not: the trade confirmations already record them.
 */
export const DEFAULT_MAIL_KINDS: ReadonlyArray<NotificationKind> = [
  "alert-fired",
  "withdrawal-completed",
  "withdrawal-failed",
  "bank-account-added",
  "bank-account-deleted",
  "document-reviewed",
  "new-device-sign-in",
]

/** How many notices the bell's panel shows (the newest). */
export const NOTIFICATION_PANEL_SIZE = 5
/** How many notices one page of the inbox loads. */
export const NOTIFICATION_PAGE_SIZE = 20
/** The longest dedupe key a producer may give. */
export const NOTIFICATION_DEDUPE_MAX = 200
/** How often an open tab asks for the unread count while it is visible (ms). */
export const UNREAD_POLL_MS = 30_000

/** Whether `kinds` lists every kind at most once and only kinds (a preferences form's choice). */
export const isMailKindChoice = (kinds: ReadonlyArray<string>): boolean => kinds.every(isNotificationKind) && new Set(kinds).size === kinds.length
