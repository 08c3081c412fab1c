import { assign, fromPromise, setup } from "xstate"
import type { CreatePriceAlertRequest, EditPriceAlertRequest, PriceAlert, PriceAlertList } from "../contract/price-alerts"
import { isNumberDraft, numberTextIssue, readNumberText, writeNumberText } from "../domain/number-text"
import {
  PRICE_ALERT_DECIMALS,
  priceAlertThresholdProblem,
  type PriceAlertCondition,
  type PriceAlertSettableState,
  type PriceAlertThresholdProblem,
} from "../domain/price-alert"
import type { ValidationIssue } from "../domain/validation"
import type { Failure, Notice } from "./failure"
import { intentKey, NO_INTENT_KEY, notifyFailure, shownFailure, TAG, type Tag, providedCall, providedAction } from "./kit"

/** How often the alerts are read again while shown (one may have fired meanwhile). */
export const PRICE_ALERT_POLL_MS = 30_000

export interface PriceAlertInput {
  /** Makes an Idempotency-Key (crypto.randomUUID in the app). */
  readonly newKey: () => string
  /** The instrument whose alerts are shown and made. */
  readonly instrumentId: string
  /** The user's locale (Intl): the threshold is typed, read and shown in its notation. */
  readonly locale: string
}

/** What is wrong with the typed threshold: its notation (a validation issue) or the alert's rule. */
export type ThresholdProblem =
  { readonly kind: "notation"; readonly issue: ValidationIssue } | { readonly kind: "rule"; readonly problem: PriceAlertThresholdProblem }

export interface PriceAlertContext {
  readonly instrumentId: string
  readonly locale: string
  /** Every alert of the user, newest first (the view shows this instrument's). */
  readonly alerts: PriceAlertList
  /** The form: a new alert, or editing the alert `editingId`. */
  readonly editingId: string | null
  readonly condition: PriceAlertCondition
  /** The threshold as typed, in the user's notation (kept after a refusal). */
  readonly threshold: string
  /** Whether the last keystroke in the threshold was refused (a character no number has: a letter, a symbol). */
  readonly refused: boolean
  /** Shown once the user submitted. */
  readonly problem: ThresholdProblem | null
  /** The failure of the last save, shown in the form. */
  readonly failure: Failure | null
  /** The alert being paused, armed or deleted, and to which state. */
  readonly target: { readonly id: string; readonly state: PriceAlertSettableState | null } | null
  readonly idempotencyKey: string | null
  readonly newKey: () => string
}

export type PriceAlertEvent =
  | { type: "list.retry" }
  | { type: "form.open" }
  | { type: "edit.open"; id: string }
  | { type: "condition.change"; condition: PriceAlertCondition }
  | { type: "threshold.change"; text: string }
  | { type: "form.submit" }
  | { type: "form.cancel" }
  | { type: "alert.pause"; id: string }
  | { type: "alert.arm"; id: string }
  | { type: "delete.request"; id: string }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" }

/** This instrument's alerts, newest first. */
export const instrumentAlerts = (context: Pick<PriceAlertContext, "alerts" | "instrumentId">): PriceAlert[] =>
  context.alerts.filter((a) => a.instrumentId === context.instrumentId)

/** The typed threshold as a decimal string, or what is wrong with it (notation first, then the alert's rule). */
export const readThreshold = (
  context: Pick<PriceAlertContext, "threshold" | "locale" | "condition">,
): { readonly value: string; readonly problem: null } | { readonly value: null; readonly problem: ThresholdProblem } => {
  const read = readNumberText(context.threshold, context.locale, PRICE_ALERT_DECIMALS)
  if (read.kind === "problem")
    return { value: null, problem: { kind: "notation", issue: numberTextIssue(read.problem, context.locale, { max: PRICE_ALERT_DECIMALS }) } }
  const value = read.kind === "number" ? read.value : null
  const rule = priceAlertThresholdProblem(context.condition, value)
  return rule === null && value !== null ? { value, problem: null } : { value: null, problem: { kind: "rule", problem: rule ?? "required" } }
}

/** The request the form sends (create: with the instrument). */
const requestOf = (context: PriceAlertContext): EditPriceAlertRequest => ({ condition: context.condition, threshold: readThreshold(context).value ?? "" })

const replaced = (alerts: PriceAlertList, alert: PriceAlert): PriceAlertList =>
  alerts.some((a) => a.id === alert.id) ? alerts.map((a) => (a.id === alert.id ? alert : a)) : [alert, ...alerts]

const closedForm = { editingId: null, condition: "above", threshold: "", refused: false, problem: null, failure: null, ...NO_INTENT_KEY } as const

/**
 * Price alerts on one instrument (issue 36, decision 0260): the user's alerts on it (loaded on
 * entry, read again every PRICE_ALERT_POLL_MS while shown, as the server may have fired one), the
 * form for a new alert or an edit ("above" / "below" a price, or a daily "move" of N %), the
 * threshold typed in the user's notation (src/domain/number-text: a character no number has, a
 * letter or a symbol, is refused as it is typed and the field says why) and checked against the
 * alert's rules (src/domain/price-alert) before sending, pausing, arming again, and deleting after a
 * confirmation. A refused save keeps what was typed and shows why (past the most armed alerts:
 * the server's 409 by its code).
 *
 * Provide the actors `loadAlerts`, `saveAlert`, `setAlertState`, `deleteAlert` and the action
 * `notify` (params: Notice, a toast).
 */
export const priceAlertMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as PriceAlertContext,
    events: {} as PriceAlertEvent,
    input: {} as PriceAlertInput,
  },
  actors: {
    loadAlerts: providedCall<PriceAlertList, void>("loadAlerts"),
    saveAlert: fromPromise<PriceAlert, { id: string | null; request: EditPriceAlertRequest; create: CreatePriceAlertRequest | null; idempotencyKey: string }>(
      async () => {
        throw new Error("the saveAlert actor is not implemented, add it with provide(...)")
      },
    ),
    setAlertState: providedCall<PriceAlert, { id: string; state: PriceAlertSettableState }>("setAlertState"),
    deleteAlert: providedCall<PriceAlertList, { id: string }>("deleteAlert"),
  },
  actions: {
    notifyFailure: notifyFailure(),
    notify: providedAction<Notice>("notify"),
  },
  guards: {
    thresholdValid: ({ context }) => readThreshold(context).problem === null,
    isNotDecimal: (_, params: { text: string }) => !isNumberDraft(params.text),
    isKnownAlert: ({ context, event }) => "id" in event && context.alerts.some((a) => a.id === event.id),
  },
  delays: { poll: PRICE_ALERT_POLL_MS },
}).createMachine({
  id: "price-alert",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Price alerts",
    purpose:
      "Being told when an instrument's price goes above or below a level, or moves more than a percentage in a day: the server watches and fires each alert once until it is armed again.",
    events: {
      "list.retry": "The user asks to load the alerts again.",
      "form.open": "The user opens the form for a new alert.",
      "edit.open": "The user opens the form to edit an alert.",
      "condition.change": "The user picks above, below or a daily move.",
      "threshold.change": "The user types the price or percentage.",
      "form.submit": "The user saves the alert.",
      "form.cancel": "The user closes the form.",
      "alert.pause": "The user pauses an alert.",
      "alert.arm": "The user arms a paused or fired alert again.",
      "delete.request": "The user asks to delete an alert.",
      "delete.confirm": "The user confirms the deletion.",
      "delete.cancel": "The user keeps the alert.",
    },
    guards: {
      thresholdValid: "The price or percentage is a number above zero in your notation, with at most two decimals.",
      isNotDecimal: "The typed text has a character no number has (a letter or a symbol).",
      isKnownAlert: "The alert is one of yours.",
    },
  },
  context: ({ input }) => ({
    instrumentId: input.instrumentId,
    locale: input.locale,
    alerts: [],
    ...closedForm,
    target: null,
    newKey: input.newKey,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "GET /users/price-alerts; the section shows a placeholder" },
      invoke: {
        id: "loadAlerts",
        src: "loadAlerts",
        onDone: { target: "ready", actions: assign({ alerts: ({ event }) => event.output }) },
        onError: { target: "failed", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The alerts could not be loaded (an error toast was shown unless the request was cancelled); a retry is offered" },
      on: { "list.retry": { target: "loading" } },
    },
    ready: {
      meta: { description: "The instrument's alerts are listed with their state" },
      initial: "idle",
      states: {
        idle: {
          meta: { description: "The alerts are shown; they are read again after a while" },
          after: { poll: { target: "refreshing" } },
          on: {
            "form.open": { target: "editing", actions: assign({ ...closedForm }) },
            "edit.open": {
              guard: "isKnownAlert",
              target: "editing",
              actions: assign(({ context, event }) => {
                const alert = context.alerts.find((a) => a.id === event.id)
                return {
                  ...closedForm,
                  editingId: event.id,
                  condition: alert?.condition ?? "above",
                  threshold: writeNumberText(alert?.threshold, context.locale),
                }
              }),
            },
            "alert.pause": { guard: "isKnownAlert", target: "changingState", actions: assign({ target: ({ event }) => ({ id: event.id, state: "paused" }) }) },
            "alert.arm": { guard: "isKnownAlert", target: "changingState", actions: assign({ target: ({ event }) => ({ id: event.id, state: "armed" }) }) },
            "delete.request": {
              guard: "isKnownAlert",
              target: "confirmingDelete",
              actions: assign({ target: ({ event }) => ({ id: event.id, state: null }) }),
            },
          },
        },
        refreshing: {
          meta: { description: "GET /users/price-alerts again: an alert may have fired; the shown list stays" },
          invoke: {
            id: "refreshAlerts",
            src: "loadAlerts",
            onDone: { target: "idle", actions: assign({ alerts: ({ event }) => event.output }) },
            onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        editing: {
          tags: [TAG.open],
          meta: { description: "The form is open (a new alert or an edit) with what the user typed" },
          on: {
            "condition.change": { actions: assign({ condition: ({ event }) => event.condition, problem: null, failure: null, ...NO_INTENT_KEY }) },
            "threshold.change": [
              // A character no number has (a letter, a symbol) is refused as it is typed: the threshold keeps its text and says why.
              { guard: { type: "isNotDecimal", params: ({ event }) => ({ text: event.text }) }, actions: assign({ refused: true }) },
              { actions: assign({ threshold: ({ event }) => event.text, refused: false, problem: null, failure: null, ...NO_INTENT_KEY }) },
            ],
            "form.submit": [
              { guard: "thresholdValid", target: "saving", actions: assign({ idempotencyKey: ({ context }) => intentKey(context), failure: null }) },
              { actions: assign({ problem: ({ context }) => readThreshold(context).problem }) },
            ],
            "form.cancel": { target: "idle", actions: assign({ ...closedForm }) },
          },
        },
        saving: {
          tags: [TAG.open, TAG.busy],
          meta: { description: "POST /users/price-alerts (a new alert, with its Idempotency-Key) or PATCH /users/price-alerts/:id (the edit)" },
          invoke: {
            id: "saveAlert",
            src: "saveAlert",
            input: ({ context }) => ({
              id: context.editingId,
              request: requestOf(context),
              create: context.editingId === null ? { instrumentId: context.instrumentId, ...requestOf(context) } : null,
              idempotencyKey: context.idempotencyKey ?? "",
            }),
            onDone: {
              target: "idle",
              actions: [
                assign({ alerts: ({ context, event }) => replaced(context.alerts, event.output), ...closedForm }),
                { type: "notify", params: { kind: "success", key: "alerts:toast.saved" } },
              ],
            },
            onError: { target: "editing", actions: assign({ failure: ({ event }) => shownFailure(event.error) }) },
          },
        },
        changingState: {
          tags: [TAG.busy],
          meta: { description: "PUT /users/price-alerts/:id/state: pauses the alert, or arms it again" },
          invoke: {
            id: "setAlertState",
            src: "setAlertState",
            input: ({ context }) => ({ id: context.target?.id ?? "", state: context.target?.state ?? "paused" }),
            onDone: { target: "idle", actions: assign({ alerts: ({ context, event }) => replaced(context.alerts, event.output), target: null }) },
            onError: { target: "idle", actions: [assign({ target: null }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        confirmingDelete: {
          tags: [TAG.open],
          meta: { description: "Asks whether to delete the alert" },
          on: { "delete.confirm": { target: "deleting" }, "delete.cancel": { target: "idle", actions: assign({ target: null }) } },
        },
        deleting: {
          tags: [TAG.open, TAG.busy],
          meta: { description: "DELETE /users/price-alerts/:id; the alerts left are shown" },
          invoke: {
            id: "deleteAlert",
            src: "deleteAlert",
            input: ({ context }) => ({ id: context.target?.id ?? "" }),
            onDone: { target: "idle", actions: assign({ alerts: ({ event }) => event.output, target: null }) },
            onError: { target: "idle", actions: [assign({ target: null }), { type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }] },
          },
        },
      },
    },
  },
})
