/**
 * Order tests' harness: the auth harness (real app, seeded test database, movable clock) plus
 * signed requests with extra headers (Idempotency-Key), the demo user's portfolios as seeded, and
 * the engine driven with the harness clock.
 *
 *   const o = await startOrdersHarness()
 *   const res = await o.placeOrder(o.demo.token, { accountId, instrumentId, side: "BUY", type: "MARKET", amount: "1000" })
 *   await o.advance(1_000)   // clock + 1 s, then advanceOrders at the new time
 */
import { sql } from "kysely"
import { cashFromTransactions } from "../../../server/db/ledger"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import { IDEMPOTENCY_KEY_HEADER } from "../../../server/http/idempotency"
import { quoteAt, type Quote } from "../../../server/market/index"
import { advanceOrders } from "../../../server/orders/engine"
import { startAuthHarness, totpAt, type Answer, type CallOptions } from "../auth/harness"

/** A portfolio with one of its holdings, as seeded. */
export interface SeededPortfolio {
  readonly accountId: string
  readonly currency: string
  /** An instrument held in the portfolio (for SELL and STOP tests). */
  readonly held: { readonly instrumentId: string; readonly symbol: string }
}

export const startOrdersHarness = async () => {
  const h = await startAuthHarness()
  const db = h.database.db

  /** A signed request with the token (and extra headers such as an Idempotency-Key). */
  const send = (method: string, path: string, opts: CallOptions & { readonly token: string }): Promise<Answer> => h.call(method, path, opts)

  /** POST /api/users/order with a fresh Idempotency-Key unless `key` is given (null: none). */
  const placeOrder = (token: string, body: unknown, key: string | null = crypto.randomUUID()) =>
    send("POST", "/api/users/order", { token, body, headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key } })

  const cancelOrder = (token: string, orderId: string) => send("PATCH", `/api/users/order/${orderId}/cancel`, { token })

  /** Moves the clock by `ms` and runs the engine at the new time. */
  const advance = async (ms: number) => {
    h.clock.advance(ms)
    return advanceOrders(db, h.clock.now())
  }

  const userIdOf = async (email: string): Promise<string> =>
    (
      await db
        .selectFrom("users")
        .select("id")
        .where(sql`lower(email)`, "=", email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id

  const portfolioOf = async (userId: string, currency: "NGN" | "USD"): Promise<SeededPortfolio> => {
    const account = await db
      .selectFrom("accounts")
      .select(["accountId", "currency"])
      .where("userId", "=", userId)
      .where("currency", "=", currency)
      .executeTakeFirstOrThrow()
    const held = await db
      .selectFrom("positions")
      .innerJoin("instruments", "instruments.id", "positions.instrumentId")
      .select(["instruments.id as instrumentId", "instruments.symbol"])
      .where("positions.accountId", "=", account.accountId)
      .orderBy("instruments.symbol")
      .executeTakeFirstOrThrow()
    return { accountId: account.accountId, currency: account.currency, held }
  }

  const demoUserId = await userIdOf(DEMO_EMAILS.demo)
  const demoSignIn = await h.signInFully(DEMO_EMAILS.demo)
  const demo = {
    userId: demoUserId,
    token: demoSignIn.token,
    ngn: await portfolioOf(demoUserId, "NGN"),
    usd: await portfolioOf(demoUserId, "USD"),
  }

  /** The authenticator-app user, signed in with a TOTP code: a second customer. */
  const signInApp = async () => {
    const { token } = await h.signIn(DEMO_EMAILS.app)
    const res = await h.call("POST", "/api/auth/2fa-otp", { token, body: { otp: totpAt(h.clock.now()), trusted: false } })
    if (res.status !== 200) throw new Error(`app user code step answered ${res.status}: ${JSON.stringify(res.body)}`)
    const userId = await userIdOf(DEMO_EMAILS.app)
    return { userId, token, usd: await portfolioOf(userId, "USD") }
  }

  const order = (orderId: string) => db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow()

  /** The newest order of an account (the one a test just placed). */
  const latestOrder = (accountId: string) =>
    db.selectFrom("orders").selectAll().where("accountId", "=", accountId).orderBy("createdAt", "desc").orderBy("id", "desc").executeTakeFirstOrThrow()

  const orderCount = async (accountId: string): Promise<number> =>
    Number(
      (
        await db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("accountId", "=", accountId)
          .executeTakeFirstOrThrow()
      ).n,
    )

  const account = (accountId: string) => db.selectFrom("accounts").selectAll().where("accountId", "=", accountId).executeTakeFirstOrThrow()

  const position = (accountId: string, instrumentId: string) =>
    db.selectFrom("positions").selectAll().where("accountId", "=", accountId).where("instrumentId", "=", instrumentId).executeTakeFirst()

  const transactions = (accountId: string) => db.selectFrom("transactions").selectAll().where("accountId", "=", accountId).execute()

  /** The cash the account's transactions add up to (ledger.ts). */
  const ledgerCash = async (accountId: string): Promise<string> => cashFromTransactions(await transactions(accountId))

  const instrument = (instrumentId: string) => db.selectFrom("instruments").selectAll().where("id", "=", instrumentId).executeTakeFirstOrThrow()

  /** The synthetic quote of an instrument at a clock reading. */
  const quote = async (instrumentId: string, at: number): Promise<Quote> => quoteAt(await instrument(instrumentId), new Date(at))

  return {
    ...h,
    db,
    send,
    placeOrder,
    cancelOrder,
    advance,
    demo,
    signInApp,
    order,
    latestOrder,
    orderCount,
    account,
    position,
    transactions,
    ledgerCash,
    instrument,
    quote,
  }
}

export type OrdersHarness = Awaited<ReturnType<typeof startOrdersHarness>>
