/**
 * POST /users/account: a new portfolio for a verified customer at one of their group's partners
 * (spec part 1 sections 4 and 6). Like the demo world's portfolios (seed/world.ts) it is an active
 * INDIVIDUAL_TRADER cash account (margin multiplier 1) with a unique 10-digit account number, no
 * cash, and a way to fund it: a reserved (NUBAN) account for NGN, a wire account for USD.
 */
import { randomInt } from "node:crypto"
import type { Kysely } from "kysely"
import type { CreateAccountRequest } from "../../src/contract/accounts"
import type { Currency, DB } from "../db/schema"
import { ApiErrors } from "../http/errors"
import { groupPartnersOf } from "./common"
import { isVerified, profileRowOf } from "./profile"

/** The answer's message. */
export const ACCOUNT_CREATED_MESSAGE = "Portfolio created successfully."
/** The 403 text for an unverified profile (the create modal's own title, spec part 1 section 4). */
export const VERIFIED_ONLY_MESSAGE = "Portfolio are for verified users only"
/** The field text when the partner is missing or not one of the group's (the form's own text). */
export const SELECT_PARTNER_MESSAGE = "Select Trading Account Partner"

const ACCOUNT_NUMBER_DIGITS = 10

const randomDigits = (length: number): string => Array.from({ length }, (_, i) => String(i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join("")

/** The currencies a partner lists instruments in, the most common first (ties: alphabetical). */
const partnerCurrencies = async (db: Kysely<DB>, partnerId: string): Promise<Currency[]> => {
  const rows = await db
    .selectFrom("instruments")
    .select(["currency", (eb) => eb.fn.countAll<number>().as("count")])
    .where("partnerId", "=", partnerId)
    .groupBy("currency")
    .execute()
  return rows.sort((a, b) => Number(b.count) - Number(a.count) || a.currency.localeCompare(b.currency)).map((r) => r.currency)
}

/**
 * Creates the portfolio (see the module comment). 403 unless the profile is verified; 400 with a
 * `partner` field text when the partner is not one of the group's, and with a `currency` text when
 * the partner offers nothing in the asked currency. Answers the new account id.
 */
export const createAccount = async (db: Kysely<DB>, userId: string, body: CreateAccountRequest, now: Date): Promise<string> => {
  const profile = await profileRowOf(db, userId)
  if (!isVerified(profile.status)) throw ApiErrors.forbidden(VERIFIED_ONLY_MESSAGE)
  const wanted = body.partner.trim().toLowerCase()
  const partner = (await groupPartnersOf(db, userId)).find((p) => p.name.toLowerCase() === wanted)
  if (!partner) throw ApiErrors.badRequest(SELECT_PARTNER_MESSAGE, { partner: SELECT_PARTNER_MESSAGE })
  const currencies = await partnerCurrencies(db, partner.id)
  const currency = body.currency ?? currencies[0] ?? "USD"
  if (body.currency !== undefined && !currencies.includes(body.currency as Currency)) {
    const text = `${partner.name} offers no portfolio in ${body.currency}. Choose ${currencies.join(" or ") || "another partner"}.`
    throw ApiErrors.badRequest(text, { currency: text })
  }
  if (currency !== "NGN" && currency !== "USD")
    throw ApiErrors.badRequest(`Portfolios in ${currency} are not offered.`, { currency: `Portfolios in ${currency} are not offered.` })

  const at = now.toISOString()
  const user = await db.selectFrom("users").select(["fullName"]).where("id", "=", userId).executeTakeFirstOrThrow()
  return db.transaction().execute(async (trx) => {
    let accountNumber = randomDigits(ACCOUNT_NUMBER_DIGITS)
    while (await trx.selectFrom("accounts").select("accountId").where("accountNumber", "=", accountNumber).executeTakeFirst()) {
      accountNumber = randomDigits(ACCOUNT_NUMBER_DIGITS)
    }
    const { accountId } = await trx
      .insertInto("accounts")
      .values({
        userId,
        accountNumber,
        userType: "INDIVIDUAL_TRADER",
        status: "active",
        partnerId: partner.id,
        currency,
        cashBalance: "0",
        marginMultiplier: "1",
        portfolioEquity: "0",
        longMarketValue: "0",
        markedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning("accountId")
      .executeTakeFirstOrThrow()
    if (currency === "NGN") {
      await trx
        .insertInto("reservedAccounts")
        .values({
          accountId,
          ref: `NUBAN-${randomDigits(8)}`,
          accountNumber: randomDigits(10),
          accountName: `CHARTFOLIO/${user.fullName.toUpperCase()}`,
          bankName: "Lekki Commercial Bank",
          gateway: "Chartfolio Pay",
          instantDeposit: false,
          createdAt: at,
          updatedAt: at,
        })
        .execute()
    } else {
      await trx
        .insertInto("wireAccounts")
        .values({
          accountId,
          accountNumber: randomDigits(12),
          beneficiaryName: `${partner.name} FBO ${user.fullName}`,
          bankName: "Hudson Harbor Bank, N.A.",
          swiftCode: "HUHBUS33",
          routingNumber: "021000089",
          bankAddress: "500 Harbor Avenue, New York, NY 10004, USA",
          instructions:
            "Send a USD wire to the account above. Put your trading account number {accountNumber} in the reference field so the funds reach your portfolio.",
          createdAt: at,
        })
        .execute()
    }
    return accountId
  })
}
