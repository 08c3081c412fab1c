/**
 * Placing and cancelling orders for a signed-in user (the routes in server/http/routes/orders.ts
 * call these). Failures are `ApiError`s with readable English texts:
 * - an account that is not the user's (or no such account) -> 404; an instrument that does not
 *   exist or is not offered by one of the user's group partners -> 404;
 * - an instrument in another currency than the portfolio, or figures out of range -> 400;
 * - cancelling an order that is not PENDING or PROCESSING -> 409; another user's order -> 404.
 * A placed order starts PENDING with progress [{ PENDING, now }]; the engine (engine.ts) does the rest.
 */
import type { Kysely } from "kysely"
import { ORDER_CREATED_MESSAGE, type CreateOrderRequest } from "../../src/contract/orders"
import { div, isPositive, mul, normalise, toFixed } from "../../src/domain/decimal"
import { AMOUNT_FRACTION_DIGITS, QUANTITY_FRACTION_DIGITS } from "../../src/domain/order-ticket"
import { isOrderCancellable } from "../../src/domain/portfolio-rules"
import { json, type DB, type OrderStatus } from "../db/schema"
import { ErrorCodes } from "../../src/contract/errors"
import { ApiError, ApiErrors } from "../http/errors"
import { quoteAt } from "../market/index"
import { notify } from "../notifications/notify"
import { executionPrice, QUANTITY_DIGITS } from "./rules"

/** The message of a successful cancel. */
export const ORDER_CANCELLED_MESSAGE = "Order Cancelled Successfully"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Largest integer part accepted for money (numeric(20, 2) holds 18 digits; totals need headroom). */
const MAX_INTEGER_DIGITS = 15
/** Prices and quantities carry at most this many fraction digits (the ticket's own rule). */
const MAX_FRACTION_DIGITS = QUANTITY_FRACTION_DIGITS

/** Account statuses that cannot trade. */
const CLOSED_STATUSES = new Set(["disabled", "deleted", "closed", "suspended"])

const accountNotFound = () => ApiErrors.notFound("This portfolio was not found among your portfolios.")
const instrumentNotFound = () => ApiErrors.notFound("This instrument was not found among the instruments your partners offer.")
const orderNotFound = () => ApiErrors.notFound("This order was not found among your orders.")

const digits = (value: string): { whole: number; fraction: number } => {
  const [whole = "", fraction = ""] = normalise(value).replace("-", "").split(".")
  return { whole: whole.length, fraction: fraction.length }
}

/**
 * Why the server refuses an order, as `ErrorBody.values.reason` (with its code, `bad_request` or
 * `conflict`): the app says `errors:codes.<code>_<reason>` in the user's language, naming the
 * `field` through `errors:fields` and the figures in the other values.
 */
export const OrderRefusalReasons = {
  /** A figure with more fraction digits than it takes; values `field`, `max`. */
  decimals: "decimals",
  /** A figure (or price × quantity) with more whole digits than the server holds; value `field`. */
  tooLarge: "too_large",
  /** A MARKET order placed by quantity without a quantity above 0; value `field`. */
  quantityRequired: "quantity_required",
  /** The instrument trades in another currency than the portfolio's; values `symbol`, `currency`. */
  currencyMismatch: "currency_mismatch",
  /** The portfolio is closed to trading (disabled, deleted, closed, suspended); value `status`. */
  portfolioClosed: "portfolio_closed",
  /** The order is no longer PENDING or PROCESSING; value `status`. */
  notCancellable: "not_cancellable",
} as const

/** One problem of an order's figures: its field, the English text and what the app says it by. */
interface RangeProblem {
  readonly field: "amount" | "quantity" | "price"
  readonly text: string
  readonly values: Readonly<Record<string, string>>
}

/** Field texts for figures the contract schema accepts but the server cannot hold. */
const rangeProblems = (request: CreateOrderRequest): RangeProblem[] => {
  const problems: RangeProblem[] = []
  const check = (field: RangeProblem["field"], value: string | undefined, fractionDigits: number, label: string) => {
    if (value === undefined) return
    const d = digits(value)
    if (d.whole > MAX_INTEGER_DIGITS) problems.push({ field, text: `${label} is too large.`, values: { reason: OrderRefusalReasons.tooLarge, field } })
    else if (d.fraction > fractionDigits) {
      problems.push({
        field,
        text: `${label} can have at most ${fractionDigits} decimal places.`,
        values: { reason: OrderRefusalReasons.decimals, field, max: String(fractionDigits) },
      })
    }
  }
  if (request.type === "MARKET") {
    check("amount", request.amount, AMOUNT_FRACTION_DIGITS, "Amount")
    check("quantity", request.quantity, MAX_FRACTION_DIGITS, "Quantity")
    if (request.priority === "quantity" && !(request.quantity !== undefined && isPositive(request.quantity))) {
      const text = `Valid Quantity required for ${request.type} ${request.side} when the quantity is what you typed`
      // It replaces the quantity's other problem: there is no quantity to fix.
      const others = problems.filter((p) => p.field !== "quantity")
      problems.splice(0, problems.length, ...others, { field: "quantity", text, values: { reason: OrderRefusalReasons.quantityRequired, field: "quantity" } })
    }
  } else {
    check("price", request.price, MAX_FRACTION_DIGITS, "Target Price")
    check("quantity", request.quantity, MAX_FRACTION_DIGITS, "Quantity")
  }
  return problems
}

/** Places an order for `userId` (see the module comment); answers the new order's id. */
export const placeOrder = async (db: Kysely<DB>, userId: string, request: CreateOrderRequest, nowMs: number): Promise<string> => {
  const problems = rangeProblems(request)
  const first = problems[0]
  if (first) {
    // Every field's text in `message`; the first problem's reason and figures in `values`.
    throw new ApiError(
      400,
      ErrorCodes.badRequest,
      problems.map((p) => p.text).join(" "),
      Object.fromEntries(problems.map((p) => [p.field, p.text])),
      first.values,
    )
  }
  if (!UUID.test(request.accountId)) throw accountNotFound()
  if (!UUID.test(request.instrumentId)) throw instrumentNotFound()

  const account = await db
    .selectFrom("accounts")
    .select(["accountId", "currency", "status"])
    .where("accountId", "=", request.accountId)
    .where("userId", "=", userId)
    .executeTakeFirst()
  if (!account) throw accountNotFound()
  if (CLOSED_STATUSES.has(account.status.toLowerCase())) {
    throw new ApiError(409, ErrorCodes.conflict, `This portfolio is ${account.status.toLowerCase()} and cannot place orders.`, undefined, {
      reason: OrderRefusalReasons.portfolioClosed,
      status: account.status.toLowerCase(),
    })
  }

  const instrument = await db
    .selectFrom("instruments")
    .innerJoin("partners", "partners.id", "instruments.partnerId")
    .innerJoin("groupPartners", "groupPartners.partnerId", "instruments.partnerId")
    .innerJoin("users", "users.userGroupId", "groupPartners.userGroupId")
    .selectAll("instruments")
    .select("partners.name as partnerName")
    .where("instruments.id", "=", request.instrumentId)
    .where("users.id", "=", userId)
    .executeTakeFirst()
  if (!instrument) throw instrumentNotFound()
  if (instrument.currency !== account.currency) {
    throw new ApiError(
      400,
      ErrorCodes.badRequest,
      `${instrument.symbol} trades in ${instrument.currency} and this portfolio holds ${account.currency}: choose a ${instrument.currency} portfolio.`,
      { accountId: `Choose a ${instrument.currency} portfolio for ${instrument.symbol}.` },
      { reason: OrderRefusalReasons.currencyMismatch, symbol: instrument.symbol, currency: instrument.currency },
    )
  }

  const now = new Date(nowMs)
  let priority: "amount" | "quantity" | null = null
  let price: string | null = null
  let quantity: string | null
  let amount: string | null
  if (request.type === "MARKET") {
    priority = request.priority === "quantity" ? "quantity" : "amount"
    amount = toFixed(request.amount ?? "0", 2)
    // The client's estimate when it sent one, else ours at the current quote.
    quantity =
      request.quantity !== undefined && isPositive(request.quantity)
        ? normalise(request.quantity)
        : div(amount, executionPrice(request.side, quoteAt(instrument, now)), QUANTITY_DIGITS, "down")
  } else {
    price = normalise(request.price ?? "0")
    quantity = normalise(request.quantity ?? "0")
    amount = toFixed(mul(price, quantity), 2)
    if (digits(amount).whole > MAX_INTEGER_DIGITS) {
      throw new ApiError(
        400,
        ErrorCodes.badRequest,
        "The order is too large.",
        { quantity: "Target Price x Quantity is too large." },
        { reason: OrderRefusalReasons.tooLarge, field: "amount" },
      )
    }
  }

  const row = await db
    .insertInto("orders")
    .values({
      accountId: account.accountId,
      instrumentId: instrument.id,
      symbol: instrument.symbol,
      side: request.side,
      type: request.type,
      status: "PENDING",
      priority,
      price,
      quantity,
      amount,
      total: null,
      fillPrice: null,
      currency: instrument.currency,
      country: instrument.country,
      exchange: instrument.exchange,
      provider: instrument.partnerName,
      progress: json([{ status: "PENDING", time: now.toISOString() }]),
      responseError: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return row.id
}

/** The answer of a successful placement. */
export const orderCreated = { message: ORDER_CREATED_MESSAGE } as const

const notCancellable = (status: OrderStatus): string => {
  const why =
    status === "FILLED"
      ? "This order has already been filled"
      : status === "REJECTED"
        ? "This order was rejected"
        : status === "CANCELLED"
          ? "This order is already cancelled"
          : `This order is ${status}`
  return `${why}, so it cannot be cancelled: only PENDING or PROCESSING orders can be cancelled.`
}

/**
 * Cancels one of the user's orders if it is still PENDING or PROCESSING, with the order row
 * locked: a fill running at the same moment either finished first (the cancel answers 409) or
 * waits and then finds the order CANCELLED (it does nothing).
 */
export const cancelOrder = async (db: Kysely<DB>, userId: string, orderId: string, nowMs: number): Promise<void> => {
  if (!UUID.test(orderId)) throw orderNotFound()
  const owned = await db
    .selectFrom("orders")
    .innerJoin("accounts", "accounts.accountId", "orders.accountId")
    .select("orders.id")
    .where("orders.id", "=", orderId)
    .where("accounts.userId", "=", userId)
    .executeTakeFirst()
  if (!owned) throw orderNotFound()
  const now = new Date(nowMs)
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "progress", "accountId", "side", "symbol"])
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirst()
    if (!order) throw orderNotFound()
    if (!isOrderCancellable(order.status))
      throw new ApiError(409, ErrorCodes.conflict, notCancellable(order.status), undefined, {
        reason: OrderRefusalReasons.notCancellable,
        status: order.status,
      })
    await trx
      .updateTable("orders")
      .set({ status: "CANCELLED", progress: json([...order.progress, { status: "CANCELLED", time: now.toISOString() }]), updatedAt: now })
      .where("id", "=", order.id)
      .execute()
    await notify(trx, {
      userId,
      kind: "order-cancelled",
      dedupeKey: `order-cancelled:${order.id}`,
      subject: { type: "order", id: order.id, accountId: order.accountId },
      params: { side: order.side, symbol: order.symbol },
      at: now,
    })
  })
}
