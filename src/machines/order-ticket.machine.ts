import { assertEvent, assign, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate"
import type { Message } from "../contract/common"
import type { Quote } from "../contract/instruments"
import { ORDER_CREATED_MESSAGE } from "../contract/messages"
import type { CreateOrderRequest, OrderPriority } from "../contract/orders"
import { isNumberDraft, moneyDecimals, numberTextIssue, readNumberText, showsWhileTyping, writeNumberText, type NumberRead } from "../domain/number-text"
import {
  afterOrder,
  buyingPowerIssue,
  defaultTicketAccount,
  estimateAmount,
  estimatedField,
  estimatedFigures,
  estimateQuantity,
  issueFields,
  marketPrice,
  ORDER_SIDES,
  ORDER_TYPES,
  orderFigures,
  orderTypesFor,
  QUANTITY_FRACTION_DIGITS,
  validateOrderTicket,
  type BuyingPowerIssue,
  type OrderFigure,
  type OrderFigures,
  type OrderSide,
  type OrderTicketFields,
  type OrderTicketIssue,
  type OrderType,
  type TicketFunds,
} from "../domain/order-ticket"
import type { ValidationIssue } from "../domain/validation"
import { type Failure, type Notice } from "./failure"
import { intentKey, NO_INTENT_KEY, type RegionTag, regionTag, shownFailure, TAG, type Tag, providedCall, providedAction } from "./kit"
import { watchPeer } from "./peers"
import type { portfoliosMachine } from "./portfolios.machine"

/** The shared portfolios actor the ticket follows (accounts, selection) and tells to refetch after an order. */
export type PortfoliosPeer = ActorRefFrom<typeof portfoliosMachine>

/** A portfolio the ticket may trade in: its id and currency. */
export interface TicketAccount {
  readonly accountId: string
  readonly currency: string
}

/** What the ticket reads of the portfolios actor. */
export type PortfoliosChanged = {
  type: "portfolios.changed"
  accounts: ReadonlyArray<TicketAccount>
  selectedId: string | null
  /** The account list is (re)loading: Create Order waits for it. */
  loading: boolean
}

/** The portfolios snapshot as the ticket reads it. */
export const readPortfolios = (snapshot: SnapshotFrom<PortfoliosPeer>): PortfoliosChanged => ({
  type: "portfolios.changed",
  accounts: snapshot.context.accounts ?? [],
  selectedId: snapshot.context.selectedId,
  loading: snapshot.matches("loading") || snapshot.matches("reloading"),
})

/** The numeric fields of the ticket. */
export type OrderTicketField = "amount" | "quantity" | "price"

/** The part of the quote the ticket shows and estimates MARKET orders with. */
export interface TicketQuote {
  readonly ask: string
  readonly bid: string
  readonly currency: string
}

/** The instrument the ticket is for (symbol and name are shown when known). */
export interface TicketInstrument {
  readonly instrumentId: string
  readonly symbol?: string | null
  readonly name?: string | null
}

/**
 * What the ticket loads for its instrument and portfolio: the quote (null when it was not asked
 * for: the instrument's quote is already known and only the portfolio changed), and the
 * portfolio's buying power (null when unknown).
 */
export interface TicketMarket {
  readonly quote: Quote | null
  readonly funds: TicketFunds | null
}

/** What `loadQuote` is asked: the instrument, the portfolio, and whether the quote is still needed. */
export interface LoadQuoteRequest {
  readonly instrumentId: string
  readonly accountId: string | null
  readonly withQuote: boolean
}

export interface OrderTicketContext {
  /** The user's locale (Intl): the numeric fields are typed, read and shown in its notation. */
  readonly locale: string
  /** The instrument; null while the user still has to pick one (opened from /portfolio). */
  readonly instrument: TicketInstrument | null
  /** Opened without an instrument (from /portfolio): the modal offers the instrument search. */
  readonly pickInstrument: boolean
  /** Reopened from the user's unsent draft (after a reload): the modal says so. */
  readonly restored: boolean
  readonly side: OrderSide
  readonly type: OrderType
  /** The form's texts in the user's notation, as typed (or estimated); "" when empty. */
  readonly amount: string
  readonly quantity: string
  readonly price: string
  /** Which MARKET field the user typed (the other one is the estimate); null for LIMIT and STOP and before typing. */
  readonly priority: OrderPriority | null
  /** The portfolio the order is for; null until one is chosen. */
  readonly accountId: string | null
  /** The user's portfolios and the selected one, as the portfolios actor holds them. */
  readonly accounts: ReadonlyArray<TicketAccount>
  readonly selectedId: string | null
  /** The portfolios actor is (re)loading the account list. */
  readonly accountsLoading: boolean
  /** True once the user chose the portfolio in the ticket: the ticket stops choosing it for them. */
  readonly accountChosen: boolean
  /** The shared portfolios actor (followed, and told to refetch the account after an order). */
  readonly portfolios: PortfoliosPeer
  /** The instrument's ask and bid; null while loading or when the quote could not be loaded. */
  readonly quote: TicketQuote | null
  /** Why the quote could not be loaded (the modal offers a retry). */
  readonly quoteFailure: Failure | null
  /** The chosen portfolio's cash and holding of the instrument, loaded with the quote; null when unknown. */
  readonly funds: TicketFunds | null
  /** The portfolio the quote and funds were last loaded for (another one chosen: they load again). */
  readonly fundsFor: string | null
  /** The field whose last keystroke was refused (a character no number has); null otherwise. */
  readonly refused: OrderTicketField | null
  /** The numeric fields the user has left since the side or type last changed: their notation problems show. */
  readonly blurred: ReadonlyArray<OrderTicketField>
  /** True once the user tried to submit: the validation message shows from then on. */
  readonly attempted: boolean
  /** The server's answer when it was not 'Order Created Successfully', or why the call failed. */
  readonly failure: Failure | null
  /** The Idempotency-Key of the current intent: made on its first submit, reused on a retry, dropped by any change. */
  readonly idempotencyKey: string | null
  /** Makes a new Idempotency-Key (crypto.randomUUID in the app). */
  readonly newKey: () => string
}

export type OrderTicketEvent =
  /** BUY or SELL chosen: the type goes back to MARKET and the fields are cleared. */
  | { type: "side.change"; value: OrderSide }
  /** Another order type chosen (STOP only when selling): the fields are cleared. */
  | { type: "type.change"; value: OrderType }
  /** MARKET: the amount typed; the quantity becomes its estimate. */
  | { type: "amount.change"; value: string }
  /** The quantity typed; for MARKET the amount becomes its estimate. */
  | { type: "quantity.change"; value: string }
  /** LIMIT and STOP: the target price typed. */
  | { type: "price.change"; value: string }
  /** A numeric field lost focus: a number is written back in the user's notation, a problem shows. */
  | { type: "field.blur"; field: OrderTicketField }
  /** A portfolio chosen in the modal (null: the choice was cleared). */
  | { type: "account.select"; accountId: string | null }
  /** An instrument picked in the modal (when it was opened without one). */
  | { type: "instrument.select"; instrument: TicketInstrument }
  /** Load the quote again after it failed. */
  | { type: "quote.retry" }
  /** Create Order pressed: the review step when the ticket is valid. */
  | { type: "ticket.submit" }
  /** Back from the review step to the form, every field kept. */
  | { type: "review.back" }
  /** Confirm on the review step: the order is sent. */
  | { type: "review.confirm" }
  /** Cancel (or Escape, the close button): the ticket closes and its draft is dropped. */
  | { type: "ticket.close" }
  /** The portfolios actor's accounts or selection changed (sent by the ticket's own watcher). */
  | PortfoliosChanged

export interface OrderTicketInput {
  /** The user's locale (Intl), whose notation the numeric fields take and show. */
  readonly locale: string
  /** The instrument (null or absent: the user picks one in the modal). */
  readonly instrument?: TicketInstrument | null
  readonly side: OrderSide
  /** The shared portfolios actor: the ticket defaults to its selected account (or one that can trade the instrument). */
  readonly portfolios: PortfoliosPeer
  /** Makes a new Idempotency-Key. */
  readonly newKey: () => string
  /**
   * The user's unsent draft to reopen (as stored: read with `readTicketDraft`); it replaces the
   * instrument, side and fields above. null or absent: a fresh ticket.
   */
  readonly draft?: unknown
}

/**
 * The unsent ticket kept for the session (issue 31): the instrument, side, type, the fields as
 * typed, the portfolio the user chose. Always the form: a review reopens as the form (its quote
 * must be loaded again) and an order being sent or sent is never a draft.
 */
export interface OrderTicketDraft {
  readonly instrument: TicketInstrument | null
  readonly pickInstrument: boolean
  readonly side: OrderSide
  readonly type: OrderType
  readonly amount: string
  readonly quantity: string
  readonly price: string
  readonly priority: OrderPriority | null
  /** The portfolio the user chose; null: the ticket chooses the default again. */
  readonly accountId: string | null
}

/** The draft of the ticket as it stands; null when nothing was typed or chosen (nothing to keep). */
export const ticketDraft = (c: OrderTicketContext): OrderTicketDraft | null => {
  const typed = c.amount !== "" || c.quantity !== "" || c.price !== "" || c.type !== "MARKET" || c.accountChosen || (c.pickInstrument && c.instrument !== null)
  if (!typed) return null
  return {
    instrument: c.instrument,
    pickInstrument: c.pickInstrument,
    side: c.side,
    type: c.type,
    amount: c.amount,
    quantity: c.quantity,
    price: c.price,
    priority: c.priority,
    accountId: c.accountChosen ? c.accountId : null,
  }
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length <= 64
const isOptionalText = (value: unknown): value is string | null | undefined => value === null || value === undefined || isText(value)
const isOneOf = <T extends string>(values: ReadonlyArray<T>, value: unknown): value is T =>
  typeof value === "string" && (values as ReadonlyArray<string>).includes(value)

/** A stored draft read back (storage is untrusted): null unless every field has its type, the type is offered for the side and an instrument is there or to be picked. */
export const readTicketDraft = (value: unknown): OrderTicketDraft | null => {
  if (typeof value !== "object" || value === null) return null
  const d = value as Record<string, unknown>
  const raw = d["instrument"]
  const instrument =
    typeof raw === "object" &&
    raw !== null &&
    isText((raw as Record<string, unknown>)["instrumentId"]) &&
    isOptionalText((raw as Record<string, unknown>)["symbol"]) &&
    isOptionalText((raw as Record<string, unknown>)["name"])
      ? (raw as { instrumentId: string; symbol?: string | null; name?: string | null })
      : null
  // An instrument, or none while the ticket was still to pick one.
  const instrumentOk = instrument !== null || (raw === null && d["pickInstrument"] === true)
  if (!instrumentOk || typeof d["pickInstrument"] !== "boolean" || !isOneOf(ORDER_SIDES, d["side"]) || !isOneOf(ORDER_TYPES, d["type"])) return null
  if (!orderTypesFor(d["side"]).includes(d["type"])) return null
  if (!isText(d["amount"]) || !isText(d["quantity"]) || !isText(d["price"]) || !(d["accountId"] === null || isText(d["accountId"]))) return null
  if (!(d["priority"] === null || isOneOf(["amount", "quantity"] as const, d["priority"]))) return null
  return {
    instrument: instrument === null ? null : { instrumentId: instrument.instrumentId, symbol: instrument.symbol ?? null, name: instrument.name ?? null },
    pickInstrument: d["pickInstrument"],
    side: d["side"],
    type: d["type"],
    amount: d["amount"],
    quantity: d["quantity"],
    price: d["price"],
    priority: d["priority"],
    accountId: d["accountId"],
  }
}

/** Keeps the ticket as it stands (after the change its transition made) as the draft. */
const KEEP_DRAFT = { type: "storeDraft", params: ({ context }: { context: OrderTicketContext }) => ticketDraft(context) } as const

/** What the placeOrder actor is asked: the body and the intent's Idempotency-Key. */
export interface PlaceOrderRequest {
  readonly body: CreateOrderRequest
  readonly idempotencyKey: string
}

/** The ticket's currency: the quote's, else the chosen portfolio's (null while neither is known). */
export const ticketCurrency = (c: Pick<OrderTicketContext, "quote" | "accounts" | "accountId">): string | null =>
  c.quote?.currency ?? c.accounts.find((a) => a.accountId === c.accountId)?.currency ?? null

/** How many fraction digits a field takes: the amount its currency's (cents), quantity and target price 10. */
export const fieldDecimals = (c: Pick<OrderTicketContext, "quote" | "accounts" | "accountId">, field: OrderTicketField): number =>
  field === "amount" ? moneyDecimals(ticketCurrency(c)) : QUANTITY_FRACTION_DIGITS

type TicketNumbers = Pick<OrderTicketContext, "locale" | "type" | "amount" | "quantity" | "price" | "quote" | "accounts" | "accountId">

/** A field's text read in the user's notation, with the field's decimals rule (src/domain/number-text). */
const readField = (c: TicketNumbers, field: OrderTicketField): NumberRead => readNumberText(c[field], c.locale, fieldDecimals(c, field))

/** The fields the ticket's type shows: amount and quantity for MARKET, target price and quantity for LIMIT and STOP. */
export const ticketNumberFields = (type: OrderType): ReadonlyArray<OrderTicketField> => (type === "MARKET" ? ["amount", "quantity"] : ["price", "quantity"])

/**
 * Why a field's text is not a number the ticket takes (a sign, an exponent, not the user's
 * notation, more decimals than the field takes), as a validation issue in the user's notation;
 * null when it reads (or is empty).
 */
export const fieldProblem = (c: TicketNumbers, field: OrderTicketField): ValidationIssue | null => {
  const read = readField(c, field)
  if (read.kind !== "problem") return null
  return numberTextIssue(read.problem, c.locale, { max: fieldDecimals(c, field), currency: field === "amount" ? ticketCurrency(c) : null })
}

/**
 * A field's problem as the form shows it: at once for what typing on cannot mend (a sign, an
 * exponent, too many decimals), and once the field was left or Create Order pressed for a
 * notation problem (which may be a number half typed).
 */
export const shownFieldProblem = (c: TicketNumbers & Pick<OrderTicketContext, "blurred" | "attempted">, field: OrderTicketField): ValidationIssue | null => {
  const read = readField(c, field)
  if (read.kind !== "problem") return null
  return showsWhileTyping(read.problem) || c.attempted || c.blurred.includes(field) ? fieldProblem(c, field) : null
}

/** A field of the ticket that is not a number it takes: the first such field of its type, with the issue. */
export interface TicketNumberIssue {
  readonly code: "order.number"
  readonly field: OrderTicketField
  readonly issue: ValidationIssue
}

const numberIssue = (c: TicketNumbers): TicketNumberIssue | null => {
  for (const field of ticketNumberFields(c.type)) {
    const issue = fieldProblem(c, field)
    if (issue !== null) return { code: "order.number", field, issue }
  }
  return null
}

/** A field's canonical decimal (what is computed with and sent), or null when it is empty or not a number the ticket takes. */
const fieldValue = (c: TicketNumbers, field: OrderTicketField): string | null => {
  const read = readField(c, field)
  return read.kind === "number" ? read.value : null
}

/**
 * The create-order body of the ticket (spec part 1 section 7): instrumentId, side, type, priority
 * and accountId; price and quantity for LIMIT or STOP; amount and quantity (the typed one and the
 * estimate) for MARKET. Numbers are the canonical decimals read from the fields in the user's
 * notation ("1.234,5" typed in German is sent as "1234.5"): exactly what the review shows.
 */
export const orderPayload = (c: OrderTicketContext): CreateOrderRequest => {
  const base = { instrumentId: c.instrument?.instrumentId ?? "", accountId: c.accountId ?? "", side: c.side, type: c.type }
  const quantity = fieldValue(c, "quantity")
  if (c.type === "MARKET") {
    return { ...base, priority: c.priority ?? "amount", amount: fieldValue(c, "amount") ?? "", ...(quantity !== null ? { quantity } : {}) }
  }
  return { ...base, priority: null, price: fieldValue(c, "price") ?? "", quantity: quantity ?? "" }
}

/** The ticket's fields as the domain's rules read them: the side, the type and the canonical decimals of the form (the same the order sends). */
export const ticketFields = (c: TicketNumbers & Pick<OrderTicketContext, "side">): OrderTicketFields => ({
  side: c.side,
  type: c.type,
  amount: fieldValue(c, "amount"),
  price: fieldValue(c, "price"),
  quantity: fieldValue(c, "quantity"),
})

/** What the ticket's review shows: the figures of what is sent, which of them are estimates, and the cash or holding after. */
export interface TicketReview {
  readonly figures: OrderFigures
  readonly estimated: ReadonlySet<OrderFigure>
  readonly after: string | null
}

/** The review of the ticket (from the same canonical decimals as `orderPayload`). */
export const ticketReview = (c: OrderTicketContext): TicketReview => {
  const figures = orderFigures(ticketFields(c), c.quote)
  return { figures, estimated: estimatedFigures(c.type, c.side, c.priority), after: afterOrder(c.side, figures, c.funds) }
}

/**
 * Why the ticket may not be sent as it stands (null when it may): a field that is not a number
 * it takes, the spec's validation, then, with the portfolio's funds known, an order beyond its
 * buying power (more than the cash for BUY, more than held for SELL).
 */
export const ticketIssue = (c: TicketNumbers & Pick<OrderTicketContext, "side" | "funds">): TicketNumberIssue | OrderTicketIssue | BuyingPowerIssue | null =>
  numberIssue(c) ?? validateOrderTicket(ticketFields(c)) ?? (c.funds === null ? null : buyingPowerIssue(ticketFields(c), c.quote, c.funds))

/** The validation message to show: only after a submit attempt. */
export const shownIssue = (c: OrderTicketContext): TicketNumberIssue | OrderTicketIssue | BuyingPowerIssue | null => (c.attempted ? ticketIssue(c) : null)

/** What a numeric field of the form shows besides its text. */
export interface TicketFieldView {
  /** It holds the MARKET estimate (the field the user did not type): marked 'estimated'. */
  readonly estimated: boolean
  /** The validation message (after a submit attempt) is about it. */
  readonly inIssue: boolean
  /** Why its text is not a number the ticket takes, when the form shows it (`shownFieldProblem`). */
  readonly problem: ValidationIssue | null
  /** Its last keystroke was refused (a character no number has). */
  readonly refused: boolean
}

/** A numeric field as the form shows it (the rules of the estimate, the message and the field's problem in one place). */
export const ticketFieldView = (c: OrderTicketContext, field: OrderTicketField): TicketFieldView => {
  const issue = shownIssue(c)
  return {
    estimated: estimatedField(c.type, c.priority) === field,
    inIssue: issue !== null && issueFields(issue).includes(field),
    problem: shownFieldProblem(c, field),
    refused: c.refused === field,
  }
}

/**
 * Whether Create Order is enabled (spec part 1 section 5): an instrument and a portfolio are
 * chosen and nothing is loading (neither the quote, the portfolios nor the order).
 */
export const canCreateOrder = (snap: SnapshotFrom<typeof orderTicketMachine>): boolean =>
  snap.matches({ open: "editing" }) && snap.context.accountId !== null && snap.context.instrument !== null && !snap.context.accountsLoading

/**
 * The MARKET estimate for the field the user did not type, from the ask (BUY) or bid (SELL),
 * written in the user's notation (empty when the typed field is not a number the ticket takes).
 */
const withEstimate = (c: OrderTicketContext): Partial<OrderTicketContext> => {
  if (c.type !== "MARKET" || c.priority === null) return {}
  const price = marketPrice(c.side, c.quote)
  return c.priority === "amount"
    ? { quantity: writeNumberText(estimateQuantity(fieldValue(c, "amount"), price), c.locale) }
    : { amount: writeNumberText(estimateAmount(fieldValue(c, "quantity"), price, fieldDecimals(c, "amount")), c.locale) }
}

/** What a change of side or type leaves: MARKET (for a side change) and every field cleared. */
const CLEARED = {
  amount: "",
  quantity: "",
  price: "",
  priority: null,
  attempted: false,
  failure: null,
  idempotencyKey: null,
  refused: null,
  blurred: [],
} as const

/** Any change of what is ordered is a new intent: a new key on the next submit, the old answer dropped. */
const NEW_INTENT = { failure: null, refused: null, ...NO_INTENT_KEY } as const

/**
 * Whether a portfolio can trade the instrument: once the quote tells the instrument's currency,
 * only portfolios in that currency can (the server refuses others); before that, any.
 */
export const canTradeIn = (c: Pick<OrderTicketContext, "quote">, account: TicketAccount): boolean => c.quote === null || account.currency === c.quote.currency

/**
 * The portfolio the ticket chooses while the user has not: the selected one when it can trade the
 * instrument, else the first that can (spec part 1 "Order form": the default is the selected
 * portfolio); the current choice stays when none can.
 */
const withDefaultAccount = (c: OrderTicketContext): Partial<OrderTicketContext> => {
  if (c.accountChosen) return {}
  const wanted = defaultTicketAccount(c.accounts, c.selectedId, c.quote?.currency ?? null)
  return wanted !== null && wanted !== c.accountId ? { accountId: wanted, ...NEW_INTENT } : {}
}

/**
 * The order ticket, the create-order modal (spec part 1 sections 4 "Order form", 5 "Create
 * order", 7 and 8). Opened for an instrument and a side (or without an instrument: the user picks
 * one first); it loads the quote (GET /users/instruments/{id}?quote=only) whose ask (BUY) or bid
 * (SELL) the MARKET estimates use. Changing side resets the type to MARKET; changing side or type
 * clears price, amount, quantity and priority; Stop Loss (STOP) is taken only for SELL. MARKET:
 * typing the amount estimates the quantity (amount is the priority), typing the quantity estimates
 * the amount (quantity is the priority). LIMIT and STOP: price and quantity, no priority. Numeric
 * fields are typed and shown in the user's notation (input `locale`, src/domain/number-text):
 * a character no number has (a letter, an exponent's e included) is refused as it is typed; a
 * sign, a text that is not a number in that notation, or more decimals than the field takes (the
 * amount its currency's, 2 for NGN and USD; quantity and price 10) are refused in words and never
 * sent; a number is written back in the notation on blur. Create Order is enabled only with a
 * portfolio and nothing loading; an invalid ticket shows the spec's message; a valid one is sent
 * (POST /users/order) with the intent's Idempotency-Key, reused when the same ticket is sent
 * again, new after any change. 'Order Created Successfully' tells the portfolios actor to refetch the account,
 * toasts (`notify`) and ends the chart (the modal closes); any other answer or failure shows the
 * server's text in the modal and keeps every field. A request the client cancelled shows nothing.
 *
 * The portfolio defaults to the portfolios actor's selected account (input `portfolios`, which the
 * ticket follows), or, once the quote tells the instrument's currency, to the first portfolio that
 * can trade it; once the user chooses one, the ticket keeps the user's choice.
 *
 * The unsent ticket is the session's draft (issue 31): every change stores `ticketDraft` (null when
 * nothing is typed or chosen); Cancel (`ticket.close`, final state `closed`) and Confirm drop it; a
 * failed send stores it again. Input `draft` (a stored draft, read with `readTicketDraft`) reopens
 * the form as it was left, `restored` set so the modal says so.
 *
 * Provide the actors `loadQuote` ({ instrumentId } -> Quote) and `placeOrder`
 * (PlaceOrderRequest -> Message), and the actions `notify` (params: Notice), `storeDraft`
 * (params: OrderTicketDraft | null) and `dropDraft`.
 */
export const orderTicketMachine = setup({
  types: {
    tags: {} as Tag | RegionTag<"quote"> | "review",
    context: {} as OrderTicketContext,
    events: {} as OrderTicketEvent,
    input: {} as OrderTicketInput,
  },
  actors: {
    loadQuote: providedCall<TicketMarket, LoadQuoteRequest>("loadQuote"),
    placeOrder: providedCall<Message, PlaceOrderRequest>("placeOrder"),
    watchPortfolios: watchPeer<PortfoliosPeer, PortfoliosChanged>(),
  },
  actions: {
    refetchAccount: sendTo(({ context }) => context.portfolios, { type: "account.refetch" }),
    notify: providedAction<Notice>("notify"),
    /** Keeps the unsent draft for the session (null: nothing typed, none is kept); the app's storage. */
    storeDraft: providedAction<OrderTicketDraft | null>("storeDraft"),
    /** Drops the draft (closed, or the order is being sent). */
    dropDraft: providedAction("dropDraft"),
    changeSide: assign(({ event }) => {
      assertEvent(event, "side.change")
      return { side: event.value, type: "MARKET" as const, ...CLEARED }
    }),
    changeType: assign(({ event }) => {
      assertEvent(event, "type.change")
      return { type: event.value, ...CLEARED }
    }),
    changeAmount: assign(({ context, event }) => {
      assertEvent(event, "amount.change")
      const next = { ...context, amount: event.value, priority: "amount" as const }
      return { amount: next.amount, priority: next.priority, ...withEstimate(next), ...NEW_INTENT }
    }),
    changeMarketQuantity: assign(({ context, event }) => {
      assertEvent(event, "quantity.change")
      const next = { ...context, quantity: event.value, priority: "quantity" as const }
      return { quantity: next.quantity, priority: next.priority, ...withEstimate(next), ...NEW_INTENT }
    }),
    changeQuantity: assign(({ event }) => {
      assertEvent(event, "quantity.change")
      return { quantity: event.value, priority: null, ...NEW_INTENT }
    }),
    changePrice: assign(({ event }) => {
      assertEvent(event, "price.change")
      return { price: event.value, priority: null, ...NEW_INTENT }
    }),
    // Left: a number the ticket takes is written back in the user's notation ("1234,50" -> "1.234,5"); anything else stays as typed, its problem shown.
    reformat: assign(({ context, event }) => {
      assertEvent(event, "field.blur")
      const value = fieldValue(context, event.field)
      return {
        ...(value !== null ? { [event.field]: writeNumberText(value, context.locale) } : {}),
        blurred: context.blurred.includes(event.field) ? context.blurred : [...context.blurred, event.field],
      }
    }),
    selectAccount: assign(({ event }) => {
      assertEvent(event, "account.select")
      return { accountId: event.accountId, accountChosen: true, ...NEW_INTENT }
    }),
    followPortfolios: assign(({ context, event }) => {
      assertEvent(event, "portfolios.changed")
      const { accounts, selectedId, loading } = event
      const next = { ...context, accounts, selectedId }
      return { accounts, selectedId, accountsLoading: loading, ...withDefaultAccount(next) }
    }),
    selectInstrument: assign(({ event }) => {
      assertEvent(event, "instrument.select")
      return { instrument: event.instrument, quote: null, quoteFailure: null, ...NEW_INTENT }
    }),
    takeQuote: assign(({ context }, market: TicketMarket) => {
      const quote = market.quote ? { ask: market.quote.ask, bid: market.quote.bid, currency: market.quote.currency } : context.quote
      const next = { ...context, quote }
      return { quote, quoteFailure: null, funds: market.funds, ...withEstimate(next), ...withDefaultAccount(next) }
    }),
    refuse: assign({ refused: (_, params: { field: OrderTicketField }) => params.field }),
    startIntent: assign({ attempted: true, failure: null, idempotencyKey: ({ context }) => intentKey(context) }),
  },
  guards: {
    hasInstrument: ({ context }) => context.instrument !== null,
    isMarket: ({ context }) => context.type === "MARKET",
    isOtherSide: ({ context, event }) => event.type === "side.change" && event.value !== context.side,
    isOfferedType: ({ context, event }) => event.type === "type.change" && event.value !== context.type && orderTypesFor(context.side).includes(event.value),
    isInvalid: ({ context }) => ticketIssue(context) !== null,
    isNotDecimal: (_, params: { text: string }) => !isNumberDraft(params.text),
    // Another portfolio than the quote and funds were loaded for (the quote's currency and the buying power depend on it).
    isStale: ({ context }) => context.instrument !== null && context.accountId !== context.fundsFor,
    hasAccount: ({ context }) => context.accountId !== null,
    isCreated: (_, params: { message: string }) => params.message === ORDER_CREATED_MESSAGE,
  },
}).createMachine({
  id: "order-ticket",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Order ticket",
    purpose: "Buying or selling: side, type, quantity or amount checked against cash or holdings, the review step and the idempotent order.",
    events: {
      "instrument.select": "The user picks an instrument.",
      "account.select": "The user chooses a portfolio.",
      "portfolios.changed": "The portfolio list or the default portfolio changed.",
      "side.change": "The user chooses BUY or SELL.",
      "type.change": "The user chooses the order type.",
      "amount.change": "The user types the amount.",
      "quantity.change": "The user types the quantity.",
      "price.change": "The user types the limit or stop price.",
      "field.blur": "The user leaves a number field, which is tidied up.",
      "quote.retry": "The user asks to load the quote again.",
      "ticket.submit": "The user presses Create Order.",
      "review.back": "The user goes back from the review to the form.",
      "review.confirm": "The user confirms the order.",
      "ticket.close": "The user cancels or closes the ticket; its draft is dropped.",
    },
    guards: {
      hasInstrument: "An instrument is chosen.",
      isMarket: "The order type is MARKET.",
      isOtherSide: "The user chose the other side.",
      isOfferedType: "The chosen order type is offered for this side.",
      isInvalid: "The ticket has a field that is not a number, a validation or a buying-power problem.",
      isNotDecimal: "The typed text has a character no number has (a letter or a symbol).",
      isStale: "The quote and buying power were loaded for another portfolio.",
      hasAccount: "Choose a portfolio to place the order in.",
      isCreated: "The server answered 'Order Created Successfully'.",
    },
    guardRequirements: {
      hasInstrument: ["OT-8"],
      isNotDecimal: ["OT-6", "OT-7"],
      isMarket: ["OT-3", "OT-4"],
      isOtherSide: ["OT-1"],
      isOfferedType: ["OT-1", "OT-2"],
      isInvalid: ["OT-6", "OT-7", "SEC-4"],
      isStale: ["SEC-4"],
      hasAccount: ["OT-8"],
      isCreated: ["OT-5"],
    },
  },
  context: ({ input }) => {
    const draft = readTicketDraft(input.draft)
    return {
      locale: input.locale,
      instrument: draft ? draft.instrument : (input.instrument ?? null),
      pickInstrument: draft ? draft.pickInstrument : !input.instrument,
      restored: draft !== null,
      side: draft?.side ?? input.side,
      type: draft?.type ?? "MARKET",
      amount: draft?.amount ?? "",
      quantity: draft?.quantity ?? "",
      price: draft?.price ?? "",
      priority: draft?.priority ?? null,
      accountId: draft?.accountId ?? null,
      accounts: [],
      selectedId: null,
      accountsLoading: true,
      accountChosen: (draft?.accountId ?? null) !== null,
      portfolios: input.portfolios,
      quote: null,
      quoteFailure: null,
      funds: null,
      fundsFor: null,
      refused: null,
      blurred: [],
      attempted: false,
      failure: null,
      idempotencyKey: null,
      newKey: input.newKey,
    }
  },
  // The ticket follows the portfolios actor for as long as it is open.
  invoke: { id: "watchPortfolios", src: "watchPortfolios", input: ({ context }) => ({ peer: context.portfolios, read: readPortfolios }) },
  on: { "portfolios.changed": { actions: "followPortfolios" } },
  initial: "open",
  states: {
    open: {
      tags: [TAG.open],
      meta: { description: "The modal is open and the form can be edited (also while the quote loads); only sending the order freezes it" },
      initial: "opening",
      on: {
        "side.change": { guard: "isOtherSide", actions: ["changeSide", KEEP_DRAFT], meta: { requirements: ["OT-1", "SEC-1"] } },
        "type.change": { guard: "isOfferedType", actions: ["changeType", KEEP_DRAFT], meta: { requirements: ["OT-1", "OT-2", "SEC-1"] } },
        "amount.change": [
          { guard: { type: "isNotDecimal", params: ({ event }) => ({ text: event.value }) }, actions: { type: "refuse", params: { field: "amount" } } },
          { guard: "isMarket", actions: ["changeAmount", KEEP_DRAFT], meta: { requirements: ["OT-3", "SEC-1"] } },
        ],
        "quantity.change": [
          { guard: { type: "isNotDecimal", params: ({ event }) => ({ text: event.value }) }, actions: { type: "refuse", params: { field: "quantity" } } },
          { guard: "isMarket", actions: ["changeMarketQuantity", KEEP_DRAFT], meta: { requirements: ["OT-3", "SEC-1"] } },
          { actions: ["changeQuantity", KEEP_DRAFT], meta: { requirements: ["OT-4", "SEC-1"] } },
        ],
        "price.change": [
          { guard: { type: "isNotDecimal", params: ({ event }) => ({ text: event.value }) }, actions: { type: "refuse", params: { field: "price" } } },
          { guard: not("isMarket"), actions: ["changePrice", KEEP_DRAFT], meta: { requirements: ["OT-4", "SEC-1"] } },
        ],
        "field.blur": { actions: ["reformat", KEEP_DRAFT] },
        "account.select": { actions: ["selectAccount", KEEP_DRAFT] },
        "instrument.select": { target: ".loadingQuote", actions: ["selectInstrument", KEEP_DRAFT] },
        "ticket.close": { target: "#order-ticket.closed", actions: "dropDraft" },
      },
      states: {
        opening: {
          meta: { description: "Opening: with an instrument the quote loads, without one the user picks an instrument first" },
          always: [{ guard: "hasInstrument", target: "loadingQuote" }, { target: "picking" }],
        },
        picking: {
          meta: { description: "Opened without an instrument (from /portfolio): the user searches and picks one; Create Order is disabled" },
        },
        loadingQuote: {
          tags: [regionTag("quote", TAG.loading)],
          meta: {
            description:
              "Loading the instrument's quote (ask and bid) for the estimates and the portfolio's buying power; the form can be edited, Create Order is disabled",
          },
          // The quote is the instrument's: it stays while reloading for another portfolio; the funds are the portfolio's.
          entry: assign({ fundsFor: ({ context }) => context.accountId, funds: null }),
          // Another portfolio chosen meanwhile: load for that one instead.
          always: { guard: "isStale", target: "loadingQuote", reenter: true },
          invoke: {
            id: "loadQuote",
            src: "loadQuote",
            // The instrument's quote once; another portfolio only needs its own buying power.
            input: ({ context }) => ({ instrumentId: context.instrument?.instrumentId ?? "", accountId: context.accountId, withQuote: context.quote === null }),
            onDone: { target: "editing", actions: { type: "takeQuote", params: ({ event }) => event.output } },
            onError: { target: "editing", actions: assign({ quoteFailure: ({ event }) => shownFailure(event.error) }) },
          },
        },
        editing: {
          meta: {
            description:
              "The order form; Create Order is enabled once a portfolio is chosen, shows the validation message (or the buying-power one) when the ticket is invalid, and else the review",
          },
          // Another portfolio chosen: its buying power (and the quote) load for it.
          always: { guard: "isStale", target: "loadingQuote" },
          on: {
            "quote.retry": { target: "loadingQuote", actions: assign({ quoteFailure: null }) },
            "ticket.submit": [
              { guard: "isInvalid", actions: assign({ attempted: true }), meta: { requirements: ["OT-6", "OT-7", "SEC-4"] } },
              { guard: "hasAccount", target: "#order-ticket.reviewing", actions: assign({ attempted: true, failure: null }), meta: { requirements: ["OT-8"] } },
            ],
          },
        },
      },
    },
    reviewing: {
      tags: [TAG.open, "review"],
      meta: { description: "The review step: estimated quantity, price, fees, total and the cash (or holding) after; Confirm sends, Back returns to the form" },
      // The default portfolio changed meanwhile (the list reloaded): its quote and buying power load, then the form.
      always: { guard: "isStale", target: "open.loadingQuote" },
      on: {
        "review.back": { target: "open.editing" },
        // Sent: no longer a draft (an order that may have gone is never offered again after a reload).
        "review.confirm": { target: "submitting", actions: ["startIntent", "dropDraft"], meta: { requirements: ["SEC-1"] } },
        "ticket.close": { target: "closed", actions: "dropDraft" },
      },
    },
    submitting: {
      tags: [TAG.open, TAG.busy, "review"],
      meta: { description: "Sending the order (POST /users/order with the intent's Idempotency-Key); the form is frozen" },
      invoke: {
        id: "placeOrder",
        src: "placeOrder",
        input: ({ context }) => ({ body: orderPayload(context), idempotencyKey: context.idempotencyKey ?? "" }),
        onDone: [
          {
            guard: { type: "isCreated", params: ({ event }) => ({ message: event.output.message }) },
            target: "created",
            actions: ["refetchAccount", { type: "notify", params: { kind: "success", key: "orders:ticket.created" } }],
            meta: { requirements: ["OT-5"] },
          },
          { target: "open.editing", actions: [assign({ failure: ({ event }) => ({ tag: "OrderAnswer", text: event.output.message }) }), KEEP_DRAFT] },
        ],
        // Not placed: the form is unsent input again, so it is the draft again.
        onError: {
          target: "open.editing",
          actions: [assign({ failure: ({ event }) => shownFailure(event.error) }), KEEP_DRAFT],
          meta: { requirements: ["SEC-1"] },
        },
      },
    },
    created: {
      type: "final",
      meta: { description: "'Order Created Successfully': the account was refetched, a success toast shows and the modal closes" },
    },
    closed: {
      type: "final",
      meta: { description: "Cancelled: the modal closes and the unsent draft is dropped" },
    },
  },
})
