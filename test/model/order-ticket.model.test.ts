import { describe, expect, it, vi, type Mock } from "vitest"
import { createActor } from "xstate"
import { defaultTicketAccount, validateOrderTicket } from "../../src/domain/order-ticket"
import { ValidationCodes } from "../../src/domain/validation"
import type { Quote } from "../../src/contract/instruments"
import { ORDER_CREATED_MESSAGE } from "../../src/contract/orders"
import {
  canCreateOrder,
  orderPayload,
  orderTicketMachine,
  type PortfoliosChanged,
  fieldProblem,
  shownFieldProblem,
  shownIssue,
  ticketFields,
  ticketIssue,
  readTicketDraft,
  ticketDraft,
  ticketReview,
  ticketFieldView,
  type OrderTicketContext,
  type OrderTicketDraft,
  type OrderTicketEvent,
  type OrderTicketInput,
} from "../../src/machines/order-ticket.machine"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import { defineChartModel, describeModel, type ModelPath, type StateCheck } from "./harness"

// The ticket's peer; its watcher is a stub here, and the portfolios' changes are sent as events.
const portfolios = createActor(portfoliosMachine, { input: {} })
// The user's portfolios: the selected one is in NGN, the quote is in USD, so once the quote is known
// the ticket moves to the USD portfolio unless the user chose one.
const PORTFOLIOS: PortfoliosChanged = {
  type: "portfolios.changed",
  accounts: [
    { accountId: "A1", currency: "NGN" },
    { accountId: "A2", currency: "USD" },
  ],
  selectedId: "A1",
  loading: false,
}

// The quote the estimates use: ask 40 (BUY), bid 32 (SELL).
const quote: Quote = {
  last: "36",
  ask: "40",
  bid: "32",
  open: "35",
  high: "41",
  low: "30",
  previousClose: "35",
  priceChange: "1",
  priceChangePercent: 2.86,
  totalDailyVolume: 1000,
  week52High: "50",
  week52Low: "20",
  marketCap: null,
  currency: "USD",
}
// The portfolio's buying power loaded with the quote: 110 of cash (a MARKET BUY of 100 fits, one of
// 3 x 40 = 120 does not) and 3 held (a SELL of 3 fits, 100 / 32 = 3.125 does not).
const FUNDS = { cash: "110", held: "3" }
// The account list reloaded while the order was reviewed: the USD portfolio A2 is gone, A3 is there.
const PORTFOLIOS_MOVED: PortfoliosChanged = {
  ...PORTFOLIOS,
  accounts: [
    { accountId: "A1", currency: "NGN" },
    { accountId: "A3", currency: "USD" },
  ],
}
const quoteFailed = { _tag: "ApiError", status: 503, code: "upstream_unavailable", text: "Quotes are unavailable" }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const insufficient = { _tag: "ApiError", status: 422, code: "order.insufficient_cash", text: "Insufficient cash for this order" }
const otherAnswer = { message: "Market is closed" }

// What the user types, in the notation of the ticket's locale (English: a decimal point; German:
// a decimal comma): amount 100 (MARKET), quantity 3, target price 25.50 (25,50 in German), which
// reads 25.5 on blur. The English ticket is opened from an instrument page, the German one from
// /portfolio.
const AMOUNT = "100"
const QUANTITY = "3"
const german = (c: { locale: string }) => c.locale === "de-DE"
/** A decimal as the ticket's locale writes it (the samples are below 1000: no grouping). */
const written = (c: { locale: string }, canonical: string) => (german(c) ? canonical.replace(".", ",") : canonical)
/** What the user means by a sample typed in the ticket's locale (the samples have no grouping). */
const meant = (c: { locale: string }, text: string) => (german(c) ? text.replace(",", ".") : text)
const PRICE = (c: { locale: string }) => written(c, "25.50")
/** quantity for amount 100: 100 / 40 = 2.5 when buying, 100 / 32 = 3.125 when selling. */
const QUANTITY_FOR_AMOUNT = { BUY: "2.5", SELL: "3.125" } as const
/** amount for quantity 3: 3 x 40 = 120 when buying, 3 x 32 = 96 when selling. */
const AMOUNT_FOR_QUANTITY = { BUY: "120", SELL: "96" } as const
/** An amount with more decimals than its currency (USD: cents) takes: refused at once, never estimated or sent. */
const TOO_PRECISE = (c: { locale: string }) => written(c, "100.239")
/** Texts with a character no number has (a letter, an exponent's e, a currency sign): refused as they are typed. */
const LETTERS = new Set(["1O0", "3e2", "€2"])
/** A price as German writes it: a number in German, not one in English (a comma groups thousands there). */
const COMMA_PRICE = "2,5"

/** A LIMIT SELL of 3 MSFT at 25.50 in the dollar portfolio, left unsent (opened from /portfolio). */
const RESTORED: OrderTicketDraft = {
  instrument: { instrumentId: "I2", symbol: "MSFT", name: "Microsoft" },
  pickInstrument: true,
  side: "SELL",
  type: "LIMIT",
  amount: "",
  quantity: "3",
  price: "25.50",
  priority: null,
  accountId: "A2",
}

let keys = 0
const newKey = () => `key-${++keys}`

type Ticket = OrderTicketContext
const pristine = (c: Ticket) => c.amount === "" && c.quantity === "" && c.price === "" && !c.attempted && c.failure === null

/**
 * The user's moves, bounded so the state space stays small: the portfolio and the instrument are
 * chosen on a blank form; each field is typed once (and the other MARKET field once after it, to
 * flip the priority); the side and the type change once something is typed (to see the reset) or
 * on a blank form; after a failed submit the user either submits again or changes a field.
 */
const moves = (c: Ticket): OrderTicketEvent[] => {
  const events: OrderTicketEvent[] = [{ type: "ticket.submit" }]
  // Cancel (or Escape), in every state but while the order is sent: offered on a blank form and on a typed amount (form and review).
  if (pristine(c) || (c.priority === "amount" && c.amount === AMOUNT)) events.push({ type: "ticket.close" })
  // The portfolios actor answers once (its first snapshot), at any point of a blank ticket.
  if (c.accounts.length === 0 && pristine(c) && !c.accountChosen) events.push(PORTFOLIOS)
  if (c.instrument === null) return [...events, { type: "instrument.select", instrument: { instrumentId: "I2", symbol: "MSFT", name: "Microsoft" } }]
  if (c.quoteFailure !== null) return c.failure === null && !c.attempted ? [...events, { type: "quote.retry" }] : events
  if (pristine(c) && c.type === "MARKET") events.push({ type: "account.select", accountId: c.accountId === null ? "A2" : null })
  if (c.accountId === null) return events
  if (c.failure !== null) {
    events.push(c.type === "MARKET" ? { type: "amount.change", value: "150" } : { type: "quantity.change", value: "7" })
    return events
  }
  if (c.attempted) return [...events, ...fill(c).slice(0, 1), { type: "review.back" }, { type: "review.confirm" }]
  events.push(...fill(c))
  // On a blank form, once per field: a letter (an exponent's e too) is refused as it is typed; a sign, too many decimals
  // and a comma (a number in German, not in English) are kept as typed and refused in words.
  if (pristine(c) && c.refused === null) {
    if (c.type === "MARKET") {
      events.push({ type: "amount.change", value: "1O0" }, { type: "quantity.change", value: "3e2" })
      events.push({ type: "quantity.change", value: "-3" }, { type: "amount.change", value: TOO_PRECISE(c) })
    } else events.push({ type: "price.change", value: "€2" }, { type: "price.change", value: COMMA_PRICE })
  }
  // The comma price is left: in English its notation problem shows, in German it reads 2.5.
  if (c.price === COMMA_PRICE && !c.blurred.includes("price")) events.push({ type: "field.blur", field: "price" })
  const typed = !pristine(c)
  if (typed || c.type !== "MARKET") events.push({ type: "side.change", value: c.side === "BUY" ? "SELL" : "BUY" })
  // Choosing the side already chosen changes nothing (nothing typed is cleared): the chart ignores it.
  if (typed) events.push({ type: "side.change", value: c.side })
  if (typed || c.type === "MARKET") {
    const next = c.type === "MARKET" ? (c.side === "SELL" && typed ? "STOP" : "LIMIT") : "MARKET"
    events.push({ type: "type.change", value: next })
    // Stop Loss is not offered for BUY: the chart ignores it (only offered to prove that).
    if (c.side === "BUY") events.push({ type: "type.change", value: "STOP" })
  }
  return events
}

/** The next field the user types, if any. */
const fill = (c: Ticket): OrderTicketEvent[] => {
  if (c.type === "MARKET") {
    if (c.priority === null)
      return [
        { type: "amount.change", value: AMOUNT },
        { type: "quantity.change", value: QUANTITY },
      ]
    if (c.priority === "amount" && c.amount === AMOUNT) return [{ type: "quantity.change", value: QUANTITY }]
    if (c.priority === "quantity" && c.quantity === QUANTITY) return [{ type: "amount.change", value: AMOUNT }]
    return []
  }
  if (c.price === "") return [{ type: "price.change", value: PRICE(c) }]
  if (c.price === PRICE(c)) return [{ type: "field.blur", field: "price" }]
  if (c.quantity === "") return [{ type: "quantity.change", value: QUANTITY }]
  return []
}

// Per path: the key of the last submit, whether the ticket changed since, and the fields sent.
interface Trail {
  lastKey?: string
  changedSinceSubmit: boolean
  sent?: Pick<Ticket, "side" | "type" | "amount" | "quantity" | "price" | "priority" | "accountId">
}
const trails = new WeakMap<ModelPath, Trail>()
const trailOf = (path: ModelPath): Trail => {
  let t = trails.get(path)
  if (!t) trails.set(path, (t = { changedSinceSubmit: false }))
  return t
}
const CHANGES = new Set(["side.change", "type.change", "amount.change", "quantity.change", "price.change", "account.select", "instrument.select"])
const fieldsOf = (c: Ticket) => ({
  side: c.side,
  type: c.type,
  amount: c.amount,
  quantity: c.quantity,
  price: c.price,
  priority: c.priority,
  accountId: c.accountId,
})

/** In every open state: what each user move did to the form. */
const form: StateCheck<typeof orderTicketMachine> = (snap, { path, step, implementations }) => {
  const c = snap.context
  const taken = path.steps[step]?.event
  // Stop Loss only ever for SELL.
  if (c.type === "STOP") expect(c.side).toBe("SELL")
  // Until the user chooses, the portfolio is the selected one if it can trade the instrument, else the first that can.
  if (!c.accountChosen && c.accounts.length > 0) {
    expect(c.accountId).toBe(defaultTicketAccount(c.accounts, c.selectedId, c.quote?.currency ?? null))
    expect(c.accountId).toBe(c.quote === null ? "A1" : c.accounts.some((a) => a.accountId === "A2") ? "A2" : "A3")
  }
  if (c.accounts.length === 0 && !c.accountChosen) expect(c.accountId).toBeNull()
  if (taken?.kind !== "event") return
  const event = taken.event as OrderTicketEvent
  const prior = path.steps[step - 1]?.state.machineSnapshot.context as Ticket | undefined
  // The side already chosen, chosen again: nothing typed is cleared, nothing changes.
  if (event.type === "side.change" && prior?.side === event.value) {
    expect(fieldsOf(c)).toEqual(fieldsOf(prior))
    return
  }
  if (CHANGES.has(event.type)) trailOf(path).changedSinceSubmit = true
  // Every change the ticket takes is kept as the session's draft at once (none while nothing is typed or chosen).
  if (prior !== undefined && JSON.stringify(ticketDraft(prior)) !== JSON.stringify(ticketDraft(c))) {
    expect(implementations.actions?.storeDraft as Mock).toHaveBeenLastCalledWith(expect.anything(), ticketDraft(c))
  }
  if ((event.type === "amount.change" || event.type === "quantity.change" || event.type === "price.change") && LETTERS.has(event.value)) {
    // A letter is refused as it is typed: the field keeps its text and says why.
    expect(c.refused).toBe(event.type.split(".")[0])
    expect(c[event.type.split(".")[0] as "amount" | "quantity" | "price"]).toBe("")
    return
  }
  if (event.type === "quantity.change" && event.value === "-3") {
    // A sign is kept as typed and refused in words at once: no estimate, nothing that reads as 3.
    expect([c.quantity, c.amount, c.refused]).toEqual(["-3", "", null])
    expect(shownFieldProblem(c, "quantity")).toEqual({ code: ValidationCodes.numberSign })
    return
  }
  if (event.type === "amount.change" && event.value === TOO_PRECISE(c)) {
    // More decimals than the currency has: the rule in words at once, no estimate.
    expect([c.amount, c.quantity, c.refused]).toEqual([TOO_PRECISE(c), "", null])
    // The rule names the currency once it is known (the quote's, else the portfolio's).
    const currency = c.quote?.currency ?? c.accounts.find((a) => a.accountId === c.accountId)?.currency
    expect(shownFieldProblem(c, "amount")).toEqual(
      currency === undefined
        ? { code: ValidationCodes.numberDecimals, params: { max: 2 } }
        : { code: ValidationCodes.amountDecimals, params: { max: 2, currency } },
    )
    return
  }
  if (event.type === "price.change" && event.value === COMMA_PRICE) {
    // Kept as typed; in English it is not a number, which shows once the field is left (it may be half typed).
    expect(c.price).toBe(COMMA_PRICE)
    expect(fieldProblem(c, "price")).toEqual(german(c) ? null : { code: ValidationCodes.numberNotation, params: { example: "1,234.56" } })
    expect(shownFieldProblem(c, "price")).toBeNull()
    return
  }
  switch (event.type) {
    case "side.change":
      expect(c).toMatchObject({ side: event.value, type: "MARKET", amount: "", quantity: "", price: "", priority: null })
      break
    case "type.change":
      if (event.value === "STOP" && c.side === "BUY") expect(c.type).not.toBe("STOP")
      else expect(c).toMatchObject({ type: event.value, amount: "", quantity: "", price: "", priority: null })
      break
    case "amount.change":
      // The estimate is written in the user's notation (3,125 in German).
      expect(c).toMatchObject({ amount: event.value, priority: "amount" })
      if (event.value === AMOUNT && c.quote) expect(c.quantity).toBe(written(c, QUANTITY_FOR_AMOUNT[c.side]))
      if (event.value === "150" && c.quote) expect(c.quantity).toBe(written(c, c.side === "BUY" ? "3.75" : "4.6875"))
      if (!c.quote) expect(c.quantity).toBe("")
      break
    case "quantity.change":
      expect(c.quantity).toBe(event.value)
      if (c.type === "MARKET") {
        expect(c.priority).toBe("quantity")
        expect(c.amount).toBe(c.quote ? written(c, AMOUNT_FOR_QUANTITY[c.side]) : "")
      } else {
        expect(c.priority).toBeNull()
        expect(c.amount).toBe("")
      }
      break
    case "price.change":
      expect(c).toMatchObject({ price: event.value, priority: null })
      break
    case "field.blur":
      // Left: a number is written back in the user's notation; a text that is not one stays, and says why.
      expect(c.blurred).toContain("price")
      if (!german(c) && c.price === COMMA_PRICE)
        expect(shownFieldProblem(c, "price")).toEqual({ code: ValidationCodes.numberNotation, params: { example: "1,234.56" } })
      else {
        expect(c.price).toBe(written(c, (path.steps[step - 1]?.state.machineSnapshot.context as Ticket | undefined)?.price === COMMA_PRICE ? "2.5" : "25.5"))
        expect(shownFieldProblem(c, "price")).toBeNull()
      }
      break
    case "account.select":
      expect(c.accountId).toBe(event.accountId)
      expect(c.accountChosen).toBe(true)
      break
    case "instrument.select":
      expect(c.instrument).toEqual(event.instrument)
      break
    default:
      break
  }
}

/** The moves on a ticket reopened from its draft: it is sent as it was left (or cancelled). */
const restoredMoves = (c: Ticket): OrderTicketEvent[] => [
  ...(c.accounts.length === 0 ? [PORTFOLIOS] : []),
  { type: "ticket.submit" },
  { type: "review.confirm" },
  { type: "ticket.close" },
]

const model = (input: OrderTicketInput) =>
  defineChartModel({
    chart: "order-ticket",
    machine: orderTicketMachine,
    input,
    implementations: () => ({
      actions: {
        refetchAccount: vi.fn<() => void>(),
        notify: vi.fn<(_: unknown, p: unknown) => void>(),
        storeDraft: vi.fn<(_: unknown, p: unknown) => void>(),
        dropDraft: vi.fn<() => void>(),
      },
    }),
    events: (snap) => [
      ...(input.draft ? restoredMoves(snap.context) : moves(snap.context)),
      // While reviewing, the default portfolio may change under the ticket (the user did not choose it).
      ...(snap.hasTag("review") && !snap.hasTag("busy") && !snap.context.accountChosen && snap.context.accountId === "A2" ? [PORTFOLIOS_MOVED] : []),
    ],
    invocations: {
      loadQuote: { done: [{ quote, funds: FUNDS }], error: [quoteFailed, cancelled] },
      placeOrder: { done: [{ message: ORDER_CREATED_MESSAGE }, otherAnswer], error: [insufficient, cancelled] },
      // The watcher follows the portfolios actor for the ticket's life: no transition takes its end,
      // so the sample is never offered; the portfolios' changes are the PORTFOLIOS event above.
      watchPortfolios: { done: [undefined] },
    },
    // The key itself is random in the app: only whether the intent has one decides behaviour.
    serialize: (snap) => {
      const { newKey: _newKey, portfolios: _portfolios, idempotencyKey, ...rest } = snap.context
      return { ...rest, hasKey: idempotencyKey !== null }
    },
    states: {
      open: (snap, info) => {
        form(snap, info)
        // The dialog is open while the chart is in its open states.
        expect(snap.hasTag("open")).toBe(true)
        // Reopened from the draft: the modal says so, with what was left.
        expect(snap.context.restored).toBe(input.draft !== undefined && input.draft !== null)
      },
      "open.picking": (snap) => {
        expect(snap.context.instrument).toBeNull()
        expect(canCreateOrder(snap)).toBe(false)
      },
      "open.loadingQuote": (snap, { inputOf }) => {
        expect(snap.hasTag("quote.loading")).toBe(true)
        expect(snap.hasTag("busy")).toBe(false)
        expect(canCreateOrder(snap)).toBe(false)
        // The quote and the buying power of the portfolio chosen now.
        // (the quote only while the instrument's is not known yet: another portfolio does not change it).
        expect(inputOf("loadQuote")).toEqual({
          instrumentId: snap.context.instrument?.instrumentId,
          accountId: snap.context.accountId,
          withQuote: snap.context.quote === null,
        })
        expect(snap.context.fundsFor).toBe(snap.context.accountId)
      },
      "open.editing": (snap, { path, step, implementations }) => {
        const c = snap.context
        expect(snap.hasTag("busy")).toBe(false)
        // Create Order is enabled exactly when a portfolio is chosen and the portfolios are not loading.
        expect(canCreateOrder(snap)).toBe(c.accountId !== null && !c.accountsLoading)
        const taken = path.steps[step]?.event
        if (taken?.kind === "done" && taken.actorId === "loadQuote") expect([c.quote, c.funds]).toEqual([{ ask: "40", bid: "32", currency: "USD" }, FUNDS])
        if (taken?.kind === "error" && taken.actorId === "loadQuote") {
          // The instrument's quote stays as it was (none for a new instrument; the last one when reloading for another portfolio).
          expect(c.quote).toEqual((path.steps[step - 1]?.state.machineSnapshot.context as Ticket | undefined)?.quote ?? null)
          expect(c.funds).toBeNull()
          if ((taken.error as { _tag: string })._tag === "RequestCancelled") expect(c.quoteFailure).toBeNull()
          else expect(c.quoteFailure).toMatchObject({ text: "Quotes are unavailable" })
        }
        if (taken?.kind === "event" && taken.event.type === "ticket.submit") {
          // An invalid submit shows the spec's message for the type and side, or, with the fields
          // valid, that the order is beyond the portfolio's buying power (checked before sending).
          const issue = shownIssue(c)
          expect(issue).not.toBeNull()
          const notANumber = (["amount", "quantity", "price"] as const).find(
            (field) => fieldProblem(c, field) !== null && (c.type === "MARKET" ? field !== "price" : field !== "amount"),
          )
          if (notANumber !== undefined) {
            // A field that is not a number the ticket takes is refused first, under the field, and never reviewed.
            expect(issue).toMatchObject({ code: "order.number", field: notANumber })
            expect(shownFieldProblem(c, notANumber)).toEqual(fieldProblem(c, notANumber))
          } else if (validateOrderTicket(ticketFields(c)) !== null) {
            expect(issue).toMatchObject({
              code: c.type === "MARKET" ? "order.amount-required" : "order.price-and-quantity-required",
              params: { type: c.type, side: c.side },
            })
          } else {
            expect(c.funds).toEqual(FUNDS)
            expect(issue).toEqual(
              c.side === "BUY"
                ? { code: "order.above-cash", field: c.type === "MARKET" ? "amount" : "quantity", available: "110" }
                : { code: "order.above-holding", field: "quantity", available: "3" },
            )
          }
          // The form marks the fields the message is about: price and quantity for a LIMIT or STOP missing either, else the field it names.
          const marked = (["amount", "quantity", "price"] as const).filter((field) => ticketFieldView(c, field).inIssue)
          expect(marked).toEqual(issue?.code === "order.price-and-quantity-required" ? ["quantity", "price"] : [issue?.field])
        }
        // The MARKET field the user did not type is marked as the estimate; none for LIMIT and STOP.
        const estimated = (["amount", "quantity", "price"] as const).filter((field) => ticketFieldView(c, field).estimated)
        expect(estimated).toEqual(c.type !== "MARKET" || c.priority === null ? [] : [c.priority === "amount" ? "quantity" : "amount"])
        if (taken?.kind === "event" && taken.event.type === "review.back") expect(ticketIssue(c)).toBeNull()
        // A refused or failed order shows the server's text and keeps every field.
        if ((taken?.kind === "done" || taken?.kind === "error") && taken.actorId === "placeOrder") {
          expect(fieldsOf(c)).toEqual(trailOf(path).sent)
          if (taken.kind === "done") expect(c.failure).toEqual({ tag: "OrderAnswer", text: "Market is closed" })
          else if ((taken.error as { _tag: string })._tag === "RequestCancelled") expect(c.failure).toBeNull()
          else expect(c.failure).toMatchObject({ text: "Insufficient cash for this order", status: 422, code: "order.insufficient_cash" })
          // Not placed: the form is the session's draft again.
          expect(implementations.actions?.storeDraft as Mock).toHaveBeenLastCalledWith(expect.anything(), ticketDraft(c))
        }
      },
      reviewing: (snap) => {
        // Only a valid ticket within the buying power is reviewed; nothing is sent yet.
        expect([snap.hasTag("review"), snap.hasTag("busy")]).toEqual([true, false])
        expect(ticketIssue(snap.context)).toBeNull()
        expect(snap.context.accountId).not.toBeNull()
        expect(canCreateOrder(snap)).toBe(false)
        // The review shows the figures of what will be sent, the estimate marked on the field the user did not type.
        const c = snap.context
        const { figures, estimated } = ticketReview(c)
        const body = orderPayload(c)
        expect([figures.quantity, c.type === "MARKET" ? figures.amount : figures.price]).toEqual([
          body.quantity ?? null,
          c.type === "MARKET" ? body.amount : body.price,
        ])
        expect(estimated.has("quantity")).toBe(c.priority === "amount")
        expect(estimated.has("amount")).toBe(c.priority === "quantity")
      },
      submitting: (snap, { path, step, inputOf, implementations }) => {
        const c = snap.context
        expect(snap.hasTag("busy")).toBe(true)
        // Confirmed: the order is no longer a draft, so a reload never offers it again.
        const dropDraft = implementations.actions?.dropDraft as Mock
        const storeDraft = implementations.actions?.storeDraft as Mock
        if (path.steps[step]?.event.kind === "event") {
          expect(dropDraft).toHaveBeenCalled()
          if (storeDraft.mock.calls.length > 0)
            expect(dropDraft.mock.invocationCallOrder.at(-1)).toBeGreaterThan(storeDraft.mock.invocationCallOrder.at(-1) ?? 0)
        }
        expect(canCreateOrder(snap)).toBe(false)
        const sent = inputOf("placeOrder") as { body: unknown; idempotencyKey: string }
        const base = { instrumentId: c.instrument?.instrumentId, accountId: c.accountId, side: c.side, type: c.type }
        // The numbers as the user meant them in their notation, canonical ("3,125" typed in German is sent as "3.125").
        if (c.type === "MARKET") {
          expect(sent.body).toEqual({
            ...base,
            priority: c.priority,
            amount: meant(c, c.amount),
            ...(c.quantity === "" ? {} : { quantity: meant(c, c.quantity) }),
          })
        } else {
          expect(sent.body).toEqual({ ...base, priority: null, price: c.price === written(c, "2.5") ? "2.5" : "25.5", quantity: meant(c, c.quantity) })
        }
        // One Idempotency-Key per intent: the same ticket sent again reuses it, any change makes a new one.
        const trail = trailOf(path)
        expect(sent.idempotencyKey).toBe(c.idempotencyKey)
        if (trail.lastKey !== undefined) expect(sent.idempotencyKey === trail.lastKey).toBe(!trail.changedSinceSubmit)
        trail.lastKey = sent.idempotencyKey
        trail.changedSinceSubmit = false
        trail.sent = fieldsOf(c)
      },
      created: (snap, { implementations }) => {
        expect(snap.status).toBe("done")
        // Out of the open states: the dialog closes.
        expect(snap.hasTag("open")).toBe(false)
        // The draft went when the order was confirmed and was never kept again.
        const storeDraft = implementations.actions?.storeDraft as Mock
        const dropDraft = implementations.actions?.dropDraft as Mock
        expect(dropDraft.mock.invocationCallOrder.at(-1)).toBeGreaterThan(storeDraft.mock.invocationCallOrder.at(-1) ?? 0)
        expect(implementations.actions?.refetchAccount as Mock).toHaveBeenCalledOnce()
        expect(implementations.actions?.notify as Mock).toHaveBeenCalledExactlyOnceWith(expect.anything(), { kind: "success", key: "orders:ticket.created" })
      },
      closed: (snap, { implementations }) => {
        // Cancelled: the modal closes, nothing is sent or toasted, and the draft is dropped last.
        expect(snap.status).toBe("done")
        expect(snap.hasTag("open")).toBe(false)
        expect(implementations.actions?.notify as Mock).not.toHaveBeenCalled()
        expect(implementations.actions?.refetchAccount as Mock).not.toHaveBeenCalled()
        const storeDraft = implementations.actions?.storeDraft as Mock
        const dropDraft = implementations.actions?.dropDraft as Mock
        expect(dropDraft.mock.invocationCallOrder.at(-1)).toBeGreaterThan(storeDraft.mock.invocationCallOrder.at(-1) ?? 0)
      },
    },
  })

describeModel([
  // From the instrument page: BUY, with the portfolios chart's selected account, in English.
  model({ locale: "en-GB", instrument: { instrumentId: "I1", symbol: "AAPL", name: "Apple Inc." }, side: "BUY", portfolios, newKey }),
  // From /portfolio: SELL, no instrument yet, in German.
  model({ locale: "de-DE", instrument: null, side: "SELL", portfolios, newKey }),
  // Reopened after a reload from the user's draft (opened from /portfolio, MSFT picked, a LIMIT SELL
  // typed, the dollar portfolio chosen): the draft replaces the opening's instrument and side.
  model({ locale: "en-GB", instrument: null, side: "BUY", portfolios, newKey, draft: RESTORED }),
])

describe("the ticket's draft", () => {
  const start = (input: Partial<OrderTicketInput>) =>
    createActor(orderTicketMachine, { input: { locale: "en-GB", side: "BUY", portfolios, newKey, ...input } }).getSnapshot().context

  it("reopens the form as it was left: instrument, side, type, fields, the chosen portfolio, and says so", () => {
    const c = start({ instrument: { instrumentId: "I1" }, draft: RESTORED })
    expect(c).toMatchObject({
      restored: true,
      instrument: RESTORED.instrument,
      pickInstrument: true,
      side: "SELL",
      type: "LIMIT",
      price: "25.50",
      quantity: "3",
      accountId: "A2",
      accountChosen: true,
    })
    expect(ticketDraft(c)).toEqual(RESTORED)
  })

  it("is nothing for a ticket with nothing typed or chosen, and a fresh ticket is not restored", () => {
    const c = start({ instrument: { instrumentId: "I1" }, draft: null })
    expect(c.restored).toBe(false)
    expect(ticketDraft(c)).toBeNull()
  })

  it("refuses a stored value that is not a draft (storage is untrusted): a fresh ticket opens", () => {
    const bad: ReadonlyArray<unknown> = [
      "x",
      { ...RESTORED, side: "HOLD" },
      { ...RESTORED, side: "BUY", type: "STOP" },
      { ...RESTORED, amount: 5 },
      { ...RESTORED, instrument: null, pickInstrument: false },
      { ...RESTORED, instrument: { symbol: "MSFT" } },
      { ...RESTORED, priority: "price" },
    ]
    for (const value of bad) expect(readTicketDraft(value)).toBeNull()
    expect(start({ instrument: { instrumentId: "I1" }, draft: { ...RESTORED, side: "HOLD" } })).toMatchObject({
      restored: false,
      instrument: { instrumentId: "I1" },
      side: "BUY",
      price: "",
    })
    expect(readTicketDraft(JSON.parse(JSON.stringify(RESTORED)))).toEqual(RESTORED)
  })
})

describe("orderPayload and the review", () => {
  const ticket = (over: Partial<Ticket>): Ticket => ({
    locale: "en-GB",
    instrument: { instrumentId: "I1" },
    pickInstrument: false,
    restored: false,
    side: "BUY",
    type: "MARKET",
    amount: "",
    quantity: "",
    price: "",
    priority: null,
    accountId: "A1",
    accounts: [{ accountId: "A1", currency: "NGN" }],
    selectedId: null,
    accountsLoading: false,
    accountChosen: false,
    portfolios,
    quote: null,
    quoteFailure: null,
    funds: null,
    fundsFor: null,
    refused: null,
    blurred: [],
    attempted: false,
    failure: null,
    idempotencyKey: null,
    newKey,
    ...over,
  })

  it("sends a MARKET order's amount and estimated quantity as canonical decimals, with the typed field as priority", () => {
    expect(orderPayload(ticket({ amount: "0100.50", quantity: "2.5125", priority: "amount" }))).toEqual({
      instrumentId: "I1",
      accountId: "A1",
      side: "BUY",
      type: "MARKET",
      priority: "amount",
      amount: "100.5",
      quantity: "2.5125",
    })
  })

  it("reads the fields in the user's notation: 1,5 typed in German is sent as 1.5, 1.234,5 as 1234.5", () => {
    expect(orderPayload(ticket({ locale: "de-DE", amount: "1,5", quantity: "0,0375", priority: "amount" }))).toMatchObject({
      amount: "1.5",
      quantity: "0.0375",
    })
    expect(orderPayload(ticket({ locale: "de-DE", amount: "1.234,5", priority: "amount" }))).toMatchObject({ amount: "1234.5" })
    expect(orderPayload(ticket({ locale: "fr-FR", amount: "1\u202f234,5", priority: "amount" }))).toMatchObject({ amount: "1234.5" })
    expect(orderPayload(ticket({ locale: "es-ES", side: "SELL", type: "LIMIT", price: "1.000,25", quantity: "2,5" }))).toMatchObject({
      price: "1000.25",
      quantity: "2.5",
    })
  })

  it("leaves out a MARKET quantity that could not be estimated", () => {
    expect(orderPayload(ticket({ amount: "100", priority: "amount" }))).not.toHaveProperty("quantity")
  })

  it("sends a STOP order's price and quantity with no priority and no amount", () => {
    expect(orderPayload(ticket({ locale: "de-DE", side: "SELL", type: "STOP", price: "9,123456789", quantity: "3" }))).toEqual({
      instrumentId: "I1",
      accountId: "A1",
      side: "SELL",
      type: "STOP",
      priority: null,
      price: "9.123456789",
      quantity: "3",
    })
  })

  it("refuses an amount with more decimals than its currency in words, and a price with more than 10, before anything is sent", () => {
    const amount = ticket({ amount: "100.239", priority: "amount", attempted: true })
    expect(ticketIssue(amount)).toEqual({
      code: "order.number",
      field: "amount",
      issue: { code: ValidationCodes.amountDecimals, params: { max: 2, currency: "NGN" } },
    })
    const price = ticket({ type: "LIMIT", price: "9.12345678901", quantity: "1" })
    expect(ticketIssue(price)).toEqual({ code: "order.number", field: "price", issue: { code: ValidationCodes.numberDecimals, params: { max: 10 } } })
  })

  it("reviews exactly what is sent and marks the estimate on the estimated figure (a MARKET SELL by quantity: the amount)", () => {
    const c = ticket({ side: "SELL", quantity: "0,5", amount: "16", priority: "quantity", locale: "de-DE", quote: { ask: "40", bid: "32", currency: "NGN" } })
    const { figures, estimated } = ticketReview(c)
    const body = orderPayload(c)
    expect([figures.quantity, figures.amount, figures.price]).toEqual([body.quantity, body.amount, "32"])
    expect([...estimated].sort()).toEqual(["amount", "price", "total"])
  })
})
