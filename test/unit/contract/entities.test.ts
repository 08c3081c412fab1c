import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  Account,
  AccountDetails,
  AccountNameAnswer,
  AdminUser,
  AuthState,
  AuthUser,
  Bank,
  BankAccount,
  Decimal,
  Document,
  Health,
  Instrument,
  InstrumentSummary,
  IsoDate,
  LoginAnswer,
  MailboxMessage,
  MarketInsight,
  Message,
  NewsItem,
  Order,
  Payment,
  Position,
  Profile,
  Quote,
  RegisterAnswer,
  ReservedAccount,
  Transaction,
  WireAccount,
} from "../../../src/contract"
import * as S from "./samples"

const decode = <A>(schema: Schema.Codec<A, unknown>, input: unknown) => Schema.decodeUnknownResult(schema)(input, { errors: "all" })

/** The readable text of a failed decode, or null when it succeeded. */
const failure = (schema: Schema.Codec<unknown, unknown>, input: unknown): string | null => {
  const result = decode(schema, input)
  return Result.isFailure(result) ? result.failure.message : null
}

const entities: ReadonlyArray<readonly [string, Schema.Codec<unknown, unknown>, unknown]> = [
  ["AuthUser", AuthUser, S.authUser],
  ["AdminUser", AdminUser, S.adminUser],
  ["AuthState", AuthState, S.authState],
  ["LoginAnswer", LoginAnswer, { access_token: "tok", user: S.authUser }],
  ["RegisterAnswer", RegisterAnswer, { accessToken: "tok" }],
  ["InstrumentSummary", InstrumentSummary, S.instrumentSummary],
  ["Instrument", Instrument, S.instrument],
  ["Quote", Quote, S.quote],
  ["Position", Position, S.position],
  ["Order", Order, S.order],
  ["Transaction", Transaction, S.transaction],
  ["Payment", Payment, S.payment],
  ["ReservedAccount", ReservedAccount, S.reservedAccount],
  ["WireAccount", WireAccount, S.wireAccount],
  ["Account", Account, S.account],
  ["AccountDetails", AccountDetails, S.accountDetails],
  ["Profile (complete)", Profile, S.profile],
  ["Profile (new user)", Profile, S.newProfile],
  ["BankAccount", BankAccount, S.bankAccount],
  ["Bank", Bank, { ref: "FOREIGN", bankName: "Foreign" }],
  ["AccountNameAnswer", AccountNameAnswer, { accountName: "ADA OBI" }],
  ["Document", Document, S.document],
  ["NewsItem", NewsItem, S.newsItem],
  ["MarketInsight", MarketInsight, { url: "/embedded/market-insight.html" }],
  ["Message", Message, { message: "Order Created Successfully" }],
  ["Health", Health, { status: "ok", time: "2026-01-30T09:00:00.000Z" }],
  ["MailboxMessage", MailboxMessage, S.mailboxMessage],
]

describe("decoding realistic answers", () => {
  it.each(entities)("%s decodes to the same value", (_name, schema, sample) => {
    const result = decode(schema, sample)
    expect(Result.isSuccess(result) ? result.success : result.failure.message).toEqual(sample)
  })

  it("drops keys the contract does not know, so the server may add fields", () => {
    const result = decode(Position, { ...S.position, sector: "Technology" })
    expect(Result.isSuccess(result) && "sector" in result.success).toBe(false)
  })
})

describe("malformed answers fail with a readable error naming the field", () => {
  it("a wrong type", () => {
    expect(failure(Account, { ...S.account, cashBalance: 12.5 })).toBe('Expected string\n  at ["cashBalance"]')
  })

  it("a missing required field", () => {
    const { accountNumber: _dropped, ...rest } = S.account
    expect(failure(Account, rest)).toBe('Missing key\n  at ["accountNumber"]')
  })

  it.each(["1e5", "abc", "", "NaN", "Infinity", "1.", ".5", "+1", " 1", "1,000.00", "0x10"])("a bad decimal %j", (bad) => {
    expect(failure(Position, { ...S.position, costBasis: bad })).toMatch(/^Expected a decimal string such as "-12\.5".*\n {2}at \["costBasis"\]$/)
  })

  it("a nested failure names the whole path", () => {
    const broken = { ...S.accountDetails, details: { ...S.accountDetails.details, orders: [{ ...S.order, side: "HOLD" }] } }
    expect(failure(AccountDetails, broken)).toBe('Expected "BUY" | "SELL"\n  at ["details"]["orders"][0]["side"]')
  })

  it("an order status outside the five the server emits", () => {
    expect(failure(Order, { ...S.order, status: "PARTIALLY_FILLED" })).toContain('at ["status"]')
  })

  it("a date that is not ISO-8601", () => {
    expect(failure(NewsItem, { ...S.newsItem, publishedAt: "Fri, 30 Jan 2026" })).toContain('at ["publishedAt"]')
    expect(failure(NewsItem, { ...S.newsItem, publishedAt: "2026-02-30T25:00:00Z" })).toContain('at ["publishedAt"]')
  })

  it("null where the contract has no null", () => {
    expect(failure(Quote, { ...S.quote, ask: null })).toBe('Expected string\n  at ["ask"]')
  })

  it("a profile section of the wrong shape", () => {
    expect(failure(Profile, { ...S.newProfile, addressData: { street1: "x" } })).toContain('at ["addressData"]["postalCode"]')
  })
})

describe("Decimal", () => {
  it.each(["0", "-12.5", "0.0000001", "100", "123456789012345678901234567890.123456789"])("accepts %j unchanged", (good) => {
    expect(Schema.decodeUnknownSync(Decimal)(good)).toBe(good)
  })

  it("rejects a JSON number: money never travels as a float", () => {
    expect(Result.isFailure(decode(Decimal, 0.1))).toBe(true)
  })
})

describe("IsoDate", () => {
  it.each(["2026-01-31", "2026-01-31T09:30:00Z", "2026-01-31T09:30:00.123Z", "2026-01-31T09:30:00+01:00"])("accepts %j", (good) => {
    expect(Schema.decodeUnknownSync(IsoDate)(good)).toBe(good)
  })

  it.each(["31/01/2026", "2026-1-31", "", "2026-13-01"])("rejects %j", (bad) => {
    expect(Result.isFailure(decode(IsoDate, bad))).toBe(true)
  })
})
