/**
 * Withdrawal bank accounts (spec part 2 sections 3, 5 and 7; issue 11): the bank list, the
 * user's saved accounts (numbers masked), the account-name lookup of a local bank, adding and
 * deleting an account.
 *
 * - Local banks have a 3-digit CBN code; their account numbers must carry the NUBAN check digit
 *   (src/domain/nuban.ts). The lookup answers a deterministic demo name for a valid number (the
 *   reference server has no bank to ask); an invalid number is a 400 with a clear text.
 * - Adding a local account: the server looks the name up again and stores its own answer and the
 *   bank list's name (what the client sends for them is not trusted); the account is `active`
 *   (verified by the lookup). A foreign account is `pending` until verified by hand: a payout to it
 *   FAILS on the reference rail and the cash returns (server/money/payment-engine.ts).
 * - The same bank and number twice for one user is refused with 409 (also enforced by a unique
 *   index, migration 0004, so parallel requests cannot both succeed).
 * - Every text field has a maximum length (`BANK_ACCOUNT_MAX_LENGTHS`, src/domain/bank-account.ts,
 *   which the contract's schema applies): a longer one is a 400 before anything is stored, whose
 *   `values` say which field and its maximum (`reason` "too_long"), so the app says it in the
 *   user's language.
 * - Account-name lookups are limited per user (config `lookupLimitPerMinute` a minute and
 *   `lookupLimitPerDay` in 24 hours; adding a local account looks the name up again and counts
 *   too), so a session cannot harvest holders' names: past a limit the answer is 429 with code
 *   `bank_account.lookup_limited` and Retry-After. The counts are kept by the database's rate
 *   limiter (server/auth/rate-limit.ts) under keys of their own, so every server process on one
 *   PostgreSQL counts together and the sign-in limits are not touched.
 * - Deleting: only the user's own account (another user's ref answers 404). A withdrawal still on
 *   its way to the deleted account keeps its history (bank name and last 4 are on the payment) and
 *   FAILS when the rail reaches it, returning the cash.
 */
import { randomBytes } from "node:crypto"
import type { Kysely } from "kysely"
import { AddBankAccountRequest, maxCharactersText, type BankAccountList, type BankList } from "../../src/contract/bank-accounts"
import { FOREIGN_BANK_CURRENCY, isForeignBank, LOCAL_BANK_CURRENCY, tooLongBankAccountFields } from "../../src/domain/bank-account"
import { maskAllButLast4 } from "../../src/domain/masks"
import { isValidNuban } from "../../src/domain/nuban"
import { isLocalAccountNumber } from "../../src/domain/validation"
import type { DB, Row } from "../db/schema"
import { ErrorCodes } from "../../src/contract/errors"
import { RateLimitedError } from "../auth/errors"
import type { RateLimiter } from "../auth/rate-limit"
import { decodeOrBadRequest } from "../http/body"
import { ApiError, ApiErrors } from "../http/errors"
import { notify } from "../notifications/notify"

export const BANK_ACCOUNT_ADDED_MESSAGE = "Bank account added"
export const BANK_ACCOUNT_DELETED_MESSAGE = "Bank account deleted"
export const BANK_ACCOUNT_NOT_FOUND = "The bank account was not found."
export const BANK_NOT_FOUND = "The bank was not found."
export const DUPLICATE_BANK_ACCOUNT = "This bank account is already saved."
export const INVALID_NUBAN = "This is not a valid account number for the chosen bank (NUBAN check digit)."
const LOOKUP_LOCAL_ONLY = "Account names are looked up for local banks only."

/** GET /users/banks: the bank list in its order, "Foreign" last. */
export const listBanks = async (db: Kysely<DB>): Promise<BankList> =>
  (await db.selectFrom("banks").select(["ref", "bankName"]).orderBy("position").orderBy("ref").execute()).map((b) => ({ ref: b.ref, bankName: b.bankName }))

/** GET /users/bank-account: the user's saved accounts, newest first, numbers masked but for the last 4. */
export const listBankAccounts = async (db: Kysely<DB>, userId: string): Promise<BankAccountList> => {
  const rows = await db.selectFrom("bankAccounts").selectAll().where("userId", "=", userId).orderBy("createdAt", "desc").orderBy("ref").execute()
  return rows.map((r) => ({
    ref: r.ref,
    bankName: r.bankName,
    accountNumber: maskAllButLast4(r.accountNumber),
    accountName: r.accountName,
    accountType: r.accountType,
    currency: r.currency,
    status: r.status,
    swiftAba: r.swiftAba,
    bankAddress: r.bankAddress,
    bankCity: r.bankCity,
    bankProvince: r.bankProvince,
    bankZipCode: r.bankZipCode,
    bankCountryCode: r.bankCountryCode,
    createdAt: new Date(r.createdAt).toISOString(),
  }))
}

const FIRST_NAMES = ["ADAOBI", "CHINEDU", "FUNMILAYO", "IBRAHIM", "NGOZI", "OLUWASEUN", "YETUNDE", "EMEKA", "HALIMA", "TUNDE"] as const
const MIDDLE_NAMES = ["AMARA", "BOLA", "CHIDI", "DAMILOLA", "EFE", "IFEOMA", "KEMI", "MUSA", "OBINNA", "ZAINAB"] as const
const LAST_NAMES = ["ADEYEMI", "BELLO", "EZE", "NWOSU", "OKONKWO", "OLAWALE", "SANI", "UDOH", "YUSUF", "ABUBAKAR"] as const

/** The demo name of a valid local account: the same number always answers the same name. */
export const demoAccountName = (accountNumber: string): string => {
  const d = (i: number) => Number(accountNumber[i] ?? 0)
  return `${FIRST_NAMES[(d(0) + d(3) + d(6)) % 10]} ${MIDDLE_NAMES[(d(1) + d(4) + d(7)) % 10]} ${LAST_NAMES[(d(2) + d(5) + d(8)) % 10]}`
}

/** The per-user lookup limits (`Config.lookupLimitPerMinute` and `lookupLimitPerDay`). */
export interface LookupLimits {
  readonly perMinute: number
  readonly perDay: number
}

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** 429 for one lookup too many; `retryAfterSeconds` goes to the Retry-After header. */
export class LookupLimitedError extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    window: "minute" | "day",
    limit: number,
  ) {
    super(
      429,
      ErrorCodes.bankAccountLookupLimited,
      window === "minute"
        ? `Too many account-name lookups: at most ${limit} a minute. Wait a minute and try again.`
        : `Too many account-name lookups: at most ${limit} in 24 hours. Try again later.`,
      undefined,
      { reason: window, limit: String(limit) },
    )
    this.name = "LookupLimitedError"
  }
}

/**
 * Counts one account-name lookup of `userId` against both limits, or throws `LookupLimitedError`
 * (nothing counted) when either is reached. The day's refusal is told when the minute's alone
 * would not have refused.
 */
export const countLookup = async (limiter: RateLimiter, limits: LookupLimits, userId: string, now: number): Promise<void> => {
  const minute = { limit: limits.perMinute, windowMs: MINUTE_MS }
  const day = { limit: limits.perDay, windowMs: DAY_MS }
  try {
    await limiter.hit(
      [
        { key: `bank-account-lookup:minute:${userId}`, limit: minute },
        { key: `bank-account-lookup:day:${userId}`, limit: day },
      ],
      now,
    )
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error
    const window = error.retryAfterSeconds > MINUTE_MS / 1000 ? "day" : "minute"
    throw new LookupLimitedError(error.retryAfterSeconds, window, window === "day" ? limits.perDay : limits.perMinute)
  }
}

const bankOf = async (db: Kysely<DB>, bankRef: string): Promise<Row<"banks">> => {
  const bank = await db.selectFrom("banks").selectAll().where("ref", "=", bankRef).executeTakeFirst()
  if (!bank) throw ApiErrors.notFound(BANK_NOT_FOUND)
  return bank
}

/** The holder's name of a local account; 400 for a foreign bank or a number that is not a valid NUBAN of the bank. */
const lookUpLocal = (bank: Row<"banks">, accountNumber: string): string => {
  if (isForeignBank(bank) || bank.code === null) throw ApiErrors.badRequest(LOOKUP_LOCAL_ONLY, { bankRef: LOOKUP_LOCAL_ONLY })
  if (!isLocalAccountNumber(accountNumber)) throw ApiErrors.badRequest("Enter a valid Account Number", { accountNumber: "Enter a valid Account Number" })
  if (!isValidNuban(bank.code, accountNumber)) throw new ApiError(400, ErrorCodes.bankAccountInvalidNumber, INVALID_NUBAN, { accountNumber: INVALID_NUBAN })
  return demoAccountName(accountNumber)
}

/** GET /users/bank-account/:bankRef/:accountNumber. */
export const lookUpAccountName = async (db: Kysely<DB>, bankRef: string, accountNumber: string): Promise<string> =>
  lookUpLocal(await bankOf(db, bankRef), accountNumber)

/** The `values.reason` of a 400 for a field longer than its maximum. */
export const TOO_LONG_REASON = "too_long"

/**
 * The POST /users/bank-account body decoded with the contract, or a 400 naming every bad field.
 * When fields are too long, the 400 says so in its `error` and carries `values` { reason:
 * "too_long", field, max } of the first of them.
 */
export const decodeAddBankAccount = (raw: unknown): AddBankAccountRequest => {
  try {
    return decodeOrBadRequest(AddBankAccountRequest, raw)
  } catch (error) {
    const tooLong = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? tooLongBankAccountFields(raw as Record<string, unknown>) : []
    const first = tooLong[0]
    if (!(error instanceof ApiError) || first === undefined) throw error
    // Every too-long field is named, also when another field's failure kept the length rule from running.
    const fields = { ...error.fields, ...Object.fromEntries(tooLong.map(({ field, max }) => [field, maxCharactersText(max)])) }
    const text = `Some fields are too long: ${tooLong.map(({ field, max }) => `${field} (at most ${max} characters)`).join(", ")}.`
    throw new ApiError(400, ErrorCodes.badRequest, text, fields, { reason: TOO_LONG_REASON, field: first.field, max: String(first.max) })
  }
}

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "23505"

/**
 * POST /users/bank-account (see the module comment). `beforeLookup` runs before a local account's
 * name is looked up (the route counts it against the lookup limits).
 */
export const addBankAccount = async (
  db: Kysely<DB>,
  userId: string,
  body: AddBankAccountRequest,
  now: Date,
  beforeLookup: () => Promise<void> = async () => {},
): Promise<void> => {
  const bank = await db.selectFrom("banks").selectAll().where("ref", "=", body.bankRef).executeTakeFirst()
  if (!bank) throw ApiErrors.badRequest("Select Bank", { bankRef: "Select Bank" })
  const foreign = isForeignBank(bank)
  const wanted = foreign ? FOREIGN_BANK_CURRENCY : LOCAL_BANK_CURRENCY
  if (body.currency !== wanted) {
    const text = `Accounts at this bank are in ${wanted}.`
    throw ApiErrors.badRequest(text, { currency: text })
  }
  const accountNumber = body.accountNumber.trim()
  if (!foreign) await beforeLookup()
  const row = foreign
    ? {
        bankName: body.bankName.trim(),
        accountName: body.accountName.trim(),
        status: "pending",
        swiftAba: body.swiftAba?.trim() ?? null,
        bankAddress: body.bankAddress?.trim() ?? null,
        bankCity: body.bankCity?.trim() ?? null,
        bankProvince: body.bankProvince?.trim() ?? null,
        bankZipCode: body.bankZipCode?.trim() ?? null,
        bankCountryCode: body.bankCountryCode ?? null,
      }
    : {
        bankName: bank.bankName,
        accountName: lookUpLocal(bank, accountNumber),
        status: "active",
        swiftAba: null,
        bankAddress: null,
        bankCity: null,
        bankProvince: null,
        bankZipCode: null,
        bankCountryCode: null,
      }
  const duplicate = await db
    .selectFrom("bankAccounts")
    .select("ref")
    .where("userId", "=", userId)
    .where("bankRef", "=", bank.ref)
    .where((eb) => eb(eb.fn("lower", ["bankName"]), "=", row.bankName.toLowerCase()))
    .where("accountNumber", "=", accountNumber)
    .executeTakeFirst()
  if (duplicate) throw new ApiError(409, ErrorCodes.bankAccountDuplicate, DUPLICATE_BANK_ACCOUNT)
  const ref = `BA-${randomBytes(6).toString("hex").toUpperCase()}`
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("bankAccounts")
        .values({
          userId,
          ref,
          bankRef: bank.ref,
          accountNumber,
          accountType: body.accountType,
          currency: wanted,
          ...row,
          createdAt: now,
          updatedAt: now,
        })
        .execute()
      await notify(trx, {
        userId,
        kind: "bank-account-added",
        dedupeKey: `bank-account-added:${ref}`,
        subject: { type: "bank-account", id: ref },
        params: { bank: row.bankName, last4: accountNumber.slice(-4) },
        at: now,
      })
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, ErrorCodes.bankAccountDuplicate, DUPLICATE_BANK_ACCOUNT)
    throw error
  }
}

/** DELETE /users/bank-account/:ref: the user's own account only (another's or an unknown ref: 404). */
export const deleteBankAccount = async (db: Kysely<DB>, userId: string, ref: string, now: Date = new Date()): Promise<void> =>
  db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("bankAccounts")
      .where("userId", "=", userId)
      .where("ref", "=", ref)
      .returning(["ref", "bankName", "accountNumber"])
      .executeTakeFirst()
    if (!deleted) throw ApiErrors.notFound(BANK_ACCOUNT_NOT_FOUND)
    await notify(trx, {
      userId,
      kind: "bank-account-deleted",
      dedupeKey: `bank-account-deleted:${deleted.ref}`,
      subject: { type: "bank-account", id: deleted.ref },
      params: { bank: deleted.bankName, last4: deleted.accountNumber.slice(-4) },
      at: now,
    })
  })
