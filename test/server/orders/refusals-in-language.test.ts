/**
 * The order refusals a customer can meet, said in their language (issue 31): the server answers
 * each with its code and, in `values`, the reason and figures, and the app says them through
 * `codedErrorText` (errors:codes.<code>_<reason>) — never the English `error` sentence, never the
 * generic text of the code (a closed portfolio once read "This request is already being processed").
 */
import { readFileSync } from "node:fs"
import i18next from "i18next"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { codedErrorText } from "../../../src/i18n/error-text"
import { startOrdersHarness, type OrdersHarness } from "./harness"

let o: OrdersHarness

beforeAll(async () => {
  o = await startOrdersHarness()
}, 60_000)

afterAll(async () => {
  await o.close()
})

const errors = (lang: string) => JSON.parse(readFileSync(`src/i18n/locales/${lang}/errors.json`, "utf8")) as Record<string, unknown>

/** What the app says for an error body in `lang` (the app's own i18next setup of the errors namespace). */
const said = async (lang: string, body: { code?: string; values?: Record<string, string> }) => {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng: lang,
    fallbackLng: "en",
    ns: ["errors"],
    defaultNS: "errors",
    resources: { en: { errors: errors("en") }, [lang]: { errors: errors(lang) } },
    interpolation: { escapeValue: false },
  })
  return codedErrorText(i18n, body.code, body.values)
}

describe("order refusals in the customer's language", () => {
  test("an amount with three decimals, in German: 'Betrag darf höchstens 2 Nachkommastellen haben.'", async () => {
    const { accountId, held } = o.demo.ngn
    const res = await o.placeOrder(o.demo.token, { accountId, instrumentId: held.instrumentId, side: "BUY", type: "MARKET", amount: "10.001" })
    expect(res.status).toBe(400)
    expect(res.body.values).toEqual({ reason: "decimals", field: "amount", max: "2" })
    expect(await said("de", res.body)).toBe("Betrag darf höchstens 2 Nachkommastellen haben.")
  })

  test("a target price × quantity too large to hold, in Spanish", async () => {
    const { accountId, held } = o.demo.ngn
    const res = await o.placeOrder(o.demo.token, {
      accountId,
      instrumentId: held.instrumentId,
      side: "BUY",
      type: "LIMIT",
      price: "99999999",
      quantity: "99999999",
    })
    expect(res.status).toBe(400)
    expect(await said("es", res.body)).toBe("Importe es demasiado grande.")
  })

  test("a MARKET order by quantity with no quantity, in Japanese", async () => {
    const { accountId, held } = o.demo.ngn
    const res = await o.placeOrder(o.demo.token, {
      accountId,
      instrumentId: held.instrumentId,
      side: "BUY",
      type: "MARKET",
      amount: "100",
      priority: "quantity",
    })
    expect(res.status).toBe(400)
    expect(await said("ja", res.body)).toBe("有効な数量を入力してください。この注文は数量指定です。")
  })

  test("an instrument in another currency than the portfolio, in French, naming the symbol and the currency", async () => {
    const res = await o.placeOrder(o.demo.token, {
      accountId: o.demo.ngn.accountId,
      instrumentId: o.demo.usd.held.instrumentId,
      side: "BUY",
      type: "MARKET",
      amount: "100",
    })
    expect(res.status).toBe(400)
    expect(await said("fr", res.body)).toBe(`${o.demo.usd.held.symbol} se négocie en USD : choisissez un portefeuille en USD.`)
  })

  test("a portfolio closed to trading, in German: not 'already being processed'", async () => {
    const { accountId, held } = o.demo.ngn
    const before = await o.db.selectFrom("accounts").select("status").where("accountId", "=", accountId).executeTakeFirstOrThrow()
    await o.db.updateTable("accounts").set({ status: "suspended" }).where("accountId", "=", accountId).execute()
    try {
      const res = await o.placeOrder(o.demo.token, { accountId, instrumentId: held.instrumentId, side: "BUY", type: "MARKET", amount: "100" })
      expect(res.status).toBe(409)
      expect(res.body).toMatchObject({ code: "conflict", values: { reason: "portfolio_closed", status: "suspended" } })
      expect(await said("de", res.body)).toBe("Dieses Portfolio nimmt keine neuen Orders an.")
    } finally {
      await o.db.updateTable("accounts").set({ status: before.status }).where("accountId", "=", accountId).execute()
    }
  })

  test("cancelling a filled order, in Chinese: not 'already being processed'", async () => {
    const filled = await o.db
      .selectFrom("orders")
      .select("id")
      .where("accountId", "=", o.demo.usd.accountId)
      .where("status", "=", "FILLED")
      .executeTakeFirstOrThrow()
    const res = await o.cancelOrder(o.demo.token, filled.id)
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: "conflict", values: { reason: "not_cancellable", status: "FILLED" } })
    expect(await said("zh", res.body)).toBe("此订单已无法取消：只有待处理或处理中的订单可以取消。")
  })
})
