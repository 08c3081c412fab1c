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
import { ApiErrors } from "../http/errors"
import { quoteAt } from "../market/index"
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

/** Field texts for figures the contract schema accepts but the server cannot hold. */
const rangeProblems = (request: CreateOrderRequest): Record<string, string> => {
  const problems: Record<string, string> = {}
  const check = (field: "amount" | "quantity" | "price", value: string | undefined, fractionDigits: number, label: string) => {
    if (value === undefined) return
    const d = digits(value)
    if (d.whole > MAX_INTEGER_DIGITS) problems[field] = `${label} is too large.`
    else if (d.fraction > fractionDigits) problems[field] = `${label} can have at most ${fractionDigits} decimal places.`
  }
  if (request.type === "MARKET") {
    check("amount", request.amount, AMOUNT_FRACTION_DIGITS, "Amount")
    check("quantity", request.quantity, MAX_FRACTION_DIGITS, "Quantity")
    if (request.priority === "quantity" && !(request.quantity !== undefined && isPositive(request.quantity))) {
      problems.quantity = `Valid Quantity required for ${request.type} ${request.side} when the quantity is what you typed`
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
  if (Object.keys(problems).length > 0) throw ApiErrors.badRequest(Object.values(problems).join(" "), problems)
  if (!UUID.test(request.accountId)) throw accountNotFound()
  if (!UUID.test(request.instrumentId)) throw instrumentNotFound()

  const account = await db
    .selectFrom("accounts")
    .select(["accountId", "currency", "status"])
    .where("accountId", "=", request.accountId)
    .where("userId", "=", userId)
    .executeTakeFirst()
  if (!account) throw accountNotFound()
  if (CLOSED_STATUSES.has(account.status.toLowerCase())) throw ApiErrors.conflict(`This portfolio is ${account.status.toLowerCase()} and cannot place orders.`)

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
    throw ApiErrors.badRequest(
      `${instrument.symbol} trades in ${instrument.currency} and this portfolio holds ${account.currency}: choose a ${instrument.currency} portfolio.`,
      { accountId: `Choose a ${instrument.currency} portfolio for ${instrument.symbol}.` },
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
    if (digits(amount).whole > MAX_INTEGER_DIGITS) throw ApiErrors.badRequest("The order is too large.", { quantity: "Target Price x Quantity is too large." })
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
    status === "FILLED" ? "This order has already been filled"
    : status === "REJECTED" ? "This order was rejected"
    : status === "CANCELLED" ? "This order is already cancelled"
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
    const order = await trx.selectFrom("orders").select(["id", "status", "progress"]).where("id", "=", orderId).forUpdate().executeTakeFirst()
    if (!order) throw orderNotFound()
    if (!isOrderCancellable(order.status)) throw ApiErrors.conflict(notCancellable(order.status))
    await trx
      .updateTable("orders")
      .set({ status: "CANCELLED", progress: json([...order.progress, { status: "CANCELLED", time: now.toISOString() }]), updatedAt: now })
      .where("id", "=", order.id)
      .execute()
  })
}
