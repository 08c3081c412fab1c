import { expect, it, vi } from "vitest"
import { createActor, fromCallback, fromPromise } from "xstate"
import type { Notification, NotificationPage } from "../../src/contract/notifications"
import { notificationInboxMachine, preferencesChanged } from "../../src/machines/notification-inbox.machine"
import { defineChartModel, describeModel } from "./harness"

const notice = (id: string, readAt: string | null): Notification => ({
  id,
  kind: "order-filled",
  subject: { type: "order", id: `O-${id}`, accountId: "A1" },
  params: { side: "BUY", quantity: "2", symbol: "ACME", price: "10.00", currency: "USD" },
  createdAt: "2026-03-02T10:00:00.000Z",
  readAt,
})
// N1 unread, N2 read; older notices follow.
const page: NotificationPage = { items: [notice("N1", null), notice("N2", "2026-03-02T11:00:00.000Z")], more: true, unread: 1 }
const older: NotificationPage = { items: [notice("N3", null)], more: false, unread: 1 }
const offline = { _tag: "NetworkError", text: "Network Error" }
const notFound = { _tag: "ApiError", status: 404, code: "not_found", text: "No such notice." }
const prefs = { mail: ["alert-fired" as const], language: "en" as const }

type Notify = ReturnType<typeof vi.fn<(_: unknown, p: unknown) => void>>

describeModel(
  defineChartModel({
    chart: "notification-inbox",
    machine: notificationInboxMachine,
    events: [
      { type: "tab.hidden" },
      { type: "tab.visible" },
      { type: "unread.changed" },
      { type: "list.open", limit: 20 },
      { type: "list.close" },
      { type: "list.retry" },
      { type: "list.filter", kind: "order-filled" },
      { type: "list.more" },
      // N1 is listed and unread; N2 is read (refused).
      { type: "notice.read", id: "N1" },
      { type: "notice.read", id: "N2" },
      { type: "all.read" },
      { type: "preferences.open" },
      { type: "preferences.toggle", kind: "order-filled" },
      { type: "preferences.cancel" },
      { type: "preferences.save", language: "de" },
    ],
    invocations: {
      loadUnread: { done: [{ unread: 1 }, { unread: 0 }], error: [offline] },
      loadNotices: { done: [page], error: [offline] },
      loadOlder: { done: [older], error: [offline] },
      markRead: { done: [{ unread: 0 }], error: [notFound] },
      markAllRead: { done: [{ unread: 0 }], error: [offline] },
      loadPreferences: { done: [prefs], error: [offline] },
      savePreferences: { done: [{ mail: ["alert-fired", "order-filled"], language: "de" }], error: [offline] },
      // Watches the tab for the actor's life: no transition takes its end.
      followTab: { done: [undefined] },
    },
    // What decides a transition: whether anything is unread, the tab shown, N1 listed unread, older notices, the kind, the form's changes.
    serialize: (snap) => ({
      unread: (snap.context.unread ?? 0) > 0,
      visible: snap.context.visible,
      listedUnread: snap.context.items.some((n) => n.id === "N1" && n.readAt === null),
      more: snap.context.more && snap.context.items.length > 0,
      kind: snap.context.kind,
      changed: preferencesChanged(snap.context),
      editing: snap.context.preferences !== null,
      markingId: snap.context.markingId,
    }),
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), broadcast: vi.fn<() => void>() } }),
    states: {
      unread: () => undefined,
      "unread.fetching": (snap) => expect(snap.hasTag("marking")).toBe(false),
      "unread.settled": () => undefined,
      "unread.waiting": (snap) => expect(snap.context.visible).toBe(true),
      "unread.hidden": (snap) => expect(snap.context.visible).toBe(false),
      "unread.marking": (snap, { inputOf }) => {
        expect([snap.hasTag("marking"), snap.context.markingId]).toEqual([true, "N1"])
        expect(inputOf("markRead")).toEqual({ id: "N1" })
      },
      "unread.markingAll": (snap) => {
        expect(snap.hasTag("marking")).toBe(true)
        expect(snap.context.unread).toBeGreaterThan(0)
      },
      list: () => undefined,
      "list.closed": (snap) => expect(snap.hasTag("loading")).toBe(false),
      "list.loading": (snap, { inputOf }) => {
        expect(snap.hasTag("loading")).toBe(true)
        const input = inputOf("loadNotices") as { limit: string; kind?: string }
        expect(input.limit).toBe("20")
        if (snap.context.kind) expect(input.kind).toBe(snap.context.kind)
      },
      "list.failed": (snap, { implementations }) => {
        expect(snap.hasTag("failed")).toBe(true)
        expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
      },
      "list.shown": (snap) => expect(snap.context.items.length).toBeGreaterThan(0),
      "list.shown.idle": (snap) => expect([snap.hasTag("preferences"), snap.context.draft]).toEqual([false, []]),
      "list.shown.loadingMore": (snap, { inputOf }) => {
        expect(snap.context.more).toBe(true)
        expect(inputOf("loadOlder")).toMatchObject({ before: snap.context.items.at(-1)?.id })
      },
      "list.shown.loadingPreferences": (snap) => expect(snap.hasTag("preferences")).toBe(true),
      "list.shown.editingPreferences": (snap) => {
        expect([snap.hasTag("open"), snap.hasTag("busy")]).toEqual([true, false])
        expect(snap.context.preferences).toEqual(prefs)
      },
      "list.shown.savingPreferences": (snap, { inputOf }) => {
        expect(preferencesChanged(snap.context)).toBe(true)
        expect(inputOf("savePreferences")).toEqual({ mail: ["alert-fired", "order-filled"], language: "de" })
      },
    },
  }),
)

// What the harness's states cannot say: the other tabs are told after a mark, and the notice shows read.

it("marking a listed notice read tells the other tabs and shows it read", async () => {
  const broadcast = vi.fn<() => void>()
  const actor = createActor(
    notificationInboxMachine.provide({
      actors: {
        loadUnread: fromPromise(async () => ({ unread: 1 })),
        loadNotices: fromPromise(async () => page),
        markRead: fromPromise(async () => ({ unread: 0 })),
        followTab: fromCallback(() => undefined),
      },
      actions: { notify: vi.fn() as Notify, broadcast },
    }),
  ).start()
  actor.send({ type: "list.open", limit: 5 })
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ list: "shown" })).toBe(true))
  await vi.waitFor(() => expect(actor.getSnapshot().matches({ unread: "waiting" })).toBe(true))
  actor.send({ type: "notice.read", id: "N1" })
  await vi.waitFor(() => expect(actor.getSnapshot().context.unread).toBe(0))
  expect(broadcast).toHaveBeenCalledTimes(1)
  expect(actor.getSnapshot().context.items.find((n) => n.id === "N1")?.readAt).not.toBeNull()
  actor.stop()
})
