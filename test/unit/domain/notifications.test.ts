import { describe, expect, it } from "vitest"
import {
  DEFAULT_MAIL_KINDS,
  formattedNotificationValues,
  isMailKindChoice,
  isNotificationKind,
  NOTIFICATION_KINDS,
  notificationLink,
  type NotificationFormatters,
} from "../../../src/domain/notifications"

describe("notification rules", () => {
  it("links each notice to what it is about", () => {
    expect(notificationLink({ type: "instrument", id: "I1" })).toEqual({ to: "/instruments/view/$instrumentId", params: { instrumentId: "I1" } })
    expect(notificationLink({ type: "order", id: "O1", accountId: "A1" })).toEqual({ to: "/portfolio/$accountId/orders", params: { accountId: "A1" } })
    expect(notificationLink({ type: "withdrawal", id: "W1", accountId: "A2" })).toEqual({ to: "/portfolio/$accountId/payments", params: { accountId: "A2" } })
    expect(notificationLink({ type: "bank-account", id: "B1" })).toEqual({ to: "/user-account/bank-accounts" })
    expect(notificationLink({ type: "document", id: "D1" })).toEqual({ to: "/user-account/documents", search: { document: "D1" } })
    expect(notificationLink({ type: "session", id: "S1" })).toEqual({ to: "/user-account/security" })
  })

  it("formats a notice's values by their kind, leaving out what the kind does not name", () => {
    const format: NotificationFormatters = {
      text: (v) => v,
      money: (v) => `$${v}`,
      quantity: (v) => `${v} sh`,
      label: (v, name) => `${name}:${v}`,
    }
    const notice = { kind: "order-filled", params: { side: "BUY", quantity: "2", symbol: "ACME", price: "10.50", currency: "USD", extra: "x" } }
    expect(formattedNotificationValues(notice, format)).toEqual({ side: "side:BUY", quantity: "2 sh", symbol: "ACME", price: "$10.50", currency: "USD" })
    expect(formattedNotificationValues({ kind: "order-rejected", params: {} }, format)).toEqual({ side: "", symbol: "" })
    expect(formattedNotificationValues({ kind: "unknown", params: { a: "1" } }, format)).toEqual({})
  })

  it("accepts a mail choice of known kinds, each once", () => {
    expect(isMailKindChoice([])).toBe(true)
    expect(isMailKindChoice(["alert-fired", "order-filled"])).toBe(true)
    expect(isMailKindChoice(["alert-fired", "alert-fired"])).toBe(false)
    expect(isMailKindChoice(["nope"])).toBe(false)
    expect(DEFAULT_MAIL_KINDS.every(isNotificationKind)).toBe(true)
    expect(DEFAULT_MAIL_KINDS).not.toContain("order-filled")
    expect(NOTIFICATION_KINDS).toHaveLength(10)
  })
})
