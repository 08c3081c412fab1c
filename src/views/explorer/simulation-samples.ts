import { createEmptyActor } from "xstate"
import { ORDER_CREATED_MESSAGE } from "../../contract/messages"
import type { ReportSamples } from "./coverage"

/**
 * What the simulator starts a chart with and offers by default: its input, a sample payload per
 * event type, a sample output and a sample failure per invoked actor. The reviewer can edit every
 * payload before sending it.
 */
export interface SimulationSamples {
  readonly input?: () => Record<string, unknown>
  readonly events?: Readonly<Record<string, Record<string, unknown>>>
  readonly outputs?: Readonly<Record<string, unknown>>
  readonly errors?: Readonly<Record<string, unknown>>
}

/** The failure a simulated call ends with when the reviewer chooses failure (editable). */
export const SAMPLE_ERROR = { _tag: "ApiError", status: 503, code: "upstream_unavailable", text: "Simulated failure" }

let keys = 0
const newKey = () => `simulated-key-${++keys}`

const quote = {
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
  currency: "NGN",
}
const portfolios = { accounts: [{ accountId: "A1", currency: "NGN" }], selectedId: "A1", loading: false }

/**
 * Hand-picked samples that read better than the model test's first ones (the model walks invalid
 * values first); they win over the report's, key by key.
 */
export const SIMULATION_SAMPLES: Readonly<Record<string, SimulationSamples>> = {
  "order-ticket": {
    input: () => ({ locale: "en-GB", side: "BUY", instrument: { instrumentId: "I1", symbol: "DANGCEM", name: "Dangote Cement" }, portfolios: null, newKey }),
    events: {
      "portfolios.changed": portfolios,
      "side.change": { value: "SELL" },
      "type.change": { value: "LIMIT" },
      "amount.change": { value: "100" },
      "quantity.change": { value: "2" },
      "price.change": { value: "25.5" },
      "field.blur": { field: "amount" },
      "account.select": { accountId: "A1" },
      "instrument.select": { instrument: { instrumentId: "I2", symbol: "MTNN", name: "MTN Nigeria" } },
    },
    outputs: { loadQuote: { quote, funds: { cash: "1000", held: "3" } }, placeOrder: { message: ORDER_CREATED_MESSAGE } },
  },
  withdrawal: {
    input: () => ({ locale: "en-GB", accountId: "A1", newKey, portfolios: null }),
    events: {
      "cash.change": { cash: "5000", currency: "NGN" },
      "channel.change": { channel: "NUBAN" },
      "bankAccount.change": { ref: "B1" },
      "amount.change": { amount: "100" },
    },
    outputs: {
      loadBankAccounts: [
        {
          ref: "B1",
          bankName: "Lekki Commercial Bank",
          accountNumber: "******6789",
          accountName: "ADA OBI",
          accountType: "Saving",
          currency: "NGN",
          status: "active",
          swiftAba: null,
          bankAddress: null,
          bankCity: null,
          bankProvince: null,
          bankZipCode: null,
          bankCountryCode: null,
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      ],
      quoteWithdrawal: {
        quoteId: "Q1",
        accountId: "A1",
        bankAccountRef: "B1",
        amount: "100.00",
        currency: "USD",
        rate: "1476.25",
        payoutAmount: "147625.00",
        payoutCurrency: "NGN",
        expiresAt: "2026-01-01T00:01:00.000Z",
        validForMs: 60_000,
      },
      withdraw: { message: "Withdrawal request received" },
    },
  },
}

/** Stand-ins for what a model report cannot hold as JSON (`{ "$function": key }`, `{ "$actor": key }`). */
const FUNCTIONS: Readonly<Record<string, () => unknown>> = { newKey: () => newKey, now: () => () => Date.now() }

const revive = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(revive)
  if (value === null || typeof value !== "object") return value
  const { $function, $actor } = value as { $function?: unknown; $actor?: unknown }
  // A chart told of an actor (the session, the portfolios) only sends to it: an empty actor takes the sends.
  if (typeof $actor === "string") return createEmptyActor()
  if (typeof $function === "string") return FUNCTIONS[$function]?.() ?? (() => undefined)
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]))
}

const asRecords = (map: Readonly<Record<string, unknown>> | undefined) =>
  Object.fromEntries(
    Object.entries(map ?? {}).filter((e): e is [string, Record<string, unknown>] => e[1] !== null && typeof e[1] === "object" && !Array.isArray(e[1])),
  )

/**
 * A chart's simulation samples: the payloads its model test replayed (its model report, served by
 * the server), under the hand-picked ones of SIMULATION_SAMPLES. Without either, the chart starts
 * without input and offers empty payloads.
 */
export const simulationSamples = (chart: string, report: ReportSamples | undefined): SimulationSamples => {
  const hand = SIMULATION_SAMPLES[chart] ?? {}
  const reportInput = report?.input
  return {
    input: hand.input ?? (reportInput !== null && typeof reportInput === "object" ? () => revive(reportInput) as Record<string, unknown> : undefined),
    events: { ...asRecords(report?.events), ...hand.events },
    outputs: { ...report?.outputs, ...hand.outputs },
    errors: { ...report?.errors, ...hand.errors },
  }
}
