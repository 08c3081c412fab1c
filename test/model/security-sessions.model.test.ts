import { expect, vi } from "vitest"
import type { SessionInfo, TrustedDevice } from "../../src/contract/security"
import { hasOtherSessions, securitySessionsMachine, selectedDevice, selectedSession, type SecurityLists } from "../../src/machines/security-sessions.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
const session = (id: string, userAgent: string, current: boolean): SessionInfo => ({
  id,
  userAgent,
  address: "192.0.2.10",
  place: null,
  firstSeen: "2026-03-02T09:00:00.000Z",
  lastSeen: "2026-03-02T10:00:00.000Z",
  current,
})
const device: TrustedDevice = { id: "D1", userAgent: IPHONE, trustedAt: "2026-03-01T09:00:00.000Z", expiresAt: "2026-03-31T09:00:00.000Z", current: false }
// Two sessions (this one and a phone) and a trusted phone; or only this session and no device.
const both: SecurityLists = { sessions: [session("S1", LINUX, true), session("S2", IPHONE, false)], devices: [device] }
const alone: SecurityLists = { sessions: [session("S1", LINUX, true)], devices: [] }
const ended = { message: "The session was ended." }
const notFound = { _tag: "ApiError", status: 404, code: "not_found", text: "The session was not found." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const offline = { _tag: "NetworkError", text: "Network Error" }

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event
type Notify = ReturnType<typeof vi.fn<(_: unknown, p: unknown) => void>>

describeModel(
  defineChartModel({
    chart: "security-sessions",
    machine: securitySessionsMachine,
    events: [
      { type: "list.retry" },
      // S2 is another session (offered), S1 the caller's own (refused: that is Sign out, not this).
      { type: "session.end", id: "S2" },
      { type: "session.end", id: "S1" },
      { type: "others.end" },
      // D1 is listed; D9 is not (refused).
      { type: "device.forget", id: "D1" },
      { type: "device.forget", id: "D9" },
      { type: "confirm.cancel" },
      { type: "confirm.accept" },
    ],
    invocations: {
      loadSecurity: { done: [both, alone], error: [offline] },
      endSession: { done: [ended], error: [notFound, cancelled] },
      endOtherSessions: { done: [{ ended: 1 }], error: [offline] },
      forgetDevice: { done: [{ message: "The device was forgotten." }], error: [notFound] },
    },
    implementations: () => ({ actions: { notify: vi.fn<(_: unknown, p: unknown) => void>() } }),
    states: {
      loading: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("loading")).toBe(true)
        const notify = implementations.actions?.notify as Notify
        const before = path.steps[step - 1]?.state.machineSnapshot
        if (taken(path, step)?.kind !== "done" || !before) return
        // A success toasts its own text and reloads the lists.
        if (before.matches({ shown: "endingSession" }))
          expect(notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", key: "account:security.toast.ended" })
        if (before.matches({ shown: "endingOthers" }))
          expect(notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", key: "account:security.toast.endedOthers", values: { count: 1 } })
        if (before.matches({ shown: "forgettingDevice" }))
          expect(notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", key: "account:security.toast.forgotten" })
      },
      failed: (snap, { implementations }) => {
        expect([snap.hasTag("failed"), snap.context.lists]).toEqual([true, null])
        expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "error", text: offline.text, code: "network" })
      },
      shown: (snap) => expect([both, alone]).toContainEqual(snap.context.lists),
      "shown.idle": (snap, { path, step, implementations }) => {
        expect([snap.hasTag("open"), snap.context.selectedId]).toEqual([false, null])
        const event = taken(path, step)
        const notify = implementations.actions?.notify as Notify
        if (event?.kind === "error") {
          // A refused call is toasted with its text (a cancelled one shows nothing); the lists stay.
          const error = event.error as { _tag: string; text: string; code?: string }
          if (error._tag === "RequestCancelled") expect(notify).not.toHaveBeenCalled()
          else expect(notify).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ kind: "error", text: error.text }))
        }
        // The caller's own session, a device not listed, or no other session: nothing is asked.
        if (event?.kind === "event" && event.type !== "confirm.cancel")
          expect(path.steps[step - 1]?.state.machineSnapshot.matches({ shown: "idle" })).toBe(true)
      },
      "shown.confirmingSession": (snap) => {
        expect([snap.hasTag("open"), snap.hasTag("busy")]).toEqual([true, false])
        expect(selectedSession(snap.context)).toEqual(both.sessions[1])
      },
      "shown.endingSession": (snap, { inputOf }) => {
        expect([snap.hasTag("confirm-session"), snap.hasTag("busy")]).toEqual([true, true])
        expect(inputOf("endSession")).toEqual({ id: "S2" })
      },
      "shown.confirmingOthers": (snap) => {
        expect([snap.hasTag("confirm-others"), snap.hasTag("busy")]).toEqual([true, false])
        expect(hasOtherSessions(snap.context)).toBe(true)
      },
      "shown.endingOthers": (snap) => expect([snap.hasTag("confirm-others"), snap.hasTag("busy")]).toEqual([true, true]),
      "shown.confirmingDevice": (snap) => {
        expect([snap.hasTag("confirm-device"), snap.hasTag("busy")]).toEqual([true, false])
        expect(selectedDevice(snap.context)).toEqual(device)
      },
      "shown.forgettingDevice": (snap, { inputOf }) => {
        expect([snap.hasTag("confirm-device"), snap.hasTag("busy")]).toEqual([true, true])
        expect(inputOf("forgetDevice")).toEqual({ id: "D1" })
      },
    },
  }),
)
