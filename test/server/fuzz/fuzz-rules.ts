/**
 * What the contract fuzz expects of each endpoint of src/contract/endpoints/, written from the
 * contract, the spec and the server's documented refusals:
 *
 * - `valid`: every answer a request of valid shape may get. A 2xx is the business answer; a 4xx is
 *   listed with the error codes (and, for a 400, the fields) that are business refusals of a
 *   well-formed request: an unknown id (404), a closed portfolio (409), a wrong one-time code
 *   (400 otp.invalid), too little cash (400 naming `amount`). Anything else fails the run.
 * - `token`: which credential signs it: none (the public client key), the signed-in demo user's
 *   session, a code-pending token of a fresh sign-in (the code step), or a fresh token per case
 *   (sign-out ends it); `app` and `appPending` are the authenticator-app user's (recovery codes).
 * - `realistic`: swaps generated ids for real ones of the demo world about half of the time, so the
 *   valid cases reach the business answer and not only "not found".
 * - `budget`: a share of FUZZ_RUNS for the calls that hash a password (argon2) per request.
 */
import { Arbitrary, Schema } from "effect"
import type { AddBankAccountRequest } from "../../../src/contract/bank-accounts"
import { Endpoints, type EndpointName } from "../../../src/contract/endpoints"
import { createHash } from "node:crypto"
import { ErrorCodes } from "../../../src/contract/errors"
import { COUNTRY_CODES } from "../../../src/domain/countries"
import { NOTIFICATION_KINDS } from "../../../src/domain/notifications"
import { nubanFor } from "../../../src/domain/nuban"
import { DEMO_EMAILS, DEMO_PASSWORD } from "../../../server/db/seed/demo-users"
import { BANKS } from "../../../server/db/seed/world"
import { png } from "../documents/image-fixtures"
import type { ApiHarness } from "../api/api-harness"
import { totpAt } from "../auth/harness"
import { seedId } from "../../../server/db/seed/ids"
import { sql } from "kysely"
import type { Rng } from "./mutate"

/** One allowed answer: its status, and for an error the codes and 400 fields it may carry. */
export interface Outcome {
  readonly status: number
  readonly codes?: ReadonlyArray<string>
  readonly fields?: ReadonlyArray<string>
}

/** The inputs of one call, as the client holds them before encoding. */
export interface Input {
  readonly params?: Record<string, string>
  readonly query?: Record<string, unknown>
  readonly body?: unknown
}

/** Real ids of the demo world, read from the database before each endpoint's run. */
export interface World {
  readonly userId: string
  readonly accounts: ReadonlyArray<{ readonly accountId: string; readonly currency: string }>
  /** The accounts with cash (portfolios created by earlier cases start empty). */
  readonly fundedAccounts: ReadonlyArray<{ readonly accountId: string; readonly currency: string }>
  readonly instruments: ReadonlyArray<{ readonly id: string; readonly currency: string }>
  readonly orders: ReadonlyArray<string>
  /** Orders that may still be cancelled. */
  readonly openOrders: ReadonlyArray<string>
  readonly reserved: ReadonlyArray<{ readonly ref: string; readonly accountId: string }>
  /** The refs of the user's withdrawals, and of those the payout rail has not sent yet (cancellable). */
  readonly withdrawals: ReadonlyArray<string>
  readonly openWithdrawals: ReadonlyArray<string>
  readonly statements: ReadonlyArray<{ readonly key: string; readonly accountId: string }>
  readonly bankAccounts: ReadonlyArray<{ readonly ref: string; readonly currency: string }>
  readonly documents: ReadonlyArray<string>
  /** The demo user's watchlists, in their order (the default one is made by the first list call). */
  readonly watchlists: ReadonlyArray<string>
  /** The demo user's price alerts (the world makes a few, so the alert endpoints reach a 2xx). */
  readonly priceAlerts: ReadonlyArray<string>
  /** The demo user's notices (their sign-ins from new devices leave some). */
  readonly notifications: ReadonlyArray<string>
  /** Ids that belong to another customer (the app user): must always be "not found". */
  readonly foreign: { readonly accountId: string; readonly orderId: string | null; readonly bankRef: string | null; readonly withdrawalRef: string | null }
  /** The charts the server's build lists (its charts file): the only ones it approves. */
  readonly charts: ReadonlyArray<{ readonly chart: string; readonly fingerprint: string }>
}

const fuzzChart = (chart: string) => {
  const definition = JSON.stringify({ id: chart, root: {} })
  return { chart, definition, fingerprint: createHash("sha256").update(definition, "utf8").digest("hex") }
}
/** The fuzzed server's build: two charts (the server checks each fingerprint is its definition's SHA-256). */
export const FUZZ_CHARTS: ReadonlyArray<{ readonly chart: string; readonly fingerprint: string; readonly definition: string }> = [
  fuzzChart("withdrawal"),
  fuzzChart("order-ticket"),
]

export type TokenKind = "none" | "session" | "pending" | "fresh" | "reviewer" | "app" | "appPending"

/** What a rule's `atSend` may use: the harness, the case's random source, the previous answer's status. */
export interface SendContext {
  readonly h: ApiHarness
  readonly rng: Rng
  readonly lastStatus: number | undefined
}

export interface Rule {
  readonly valid: ReadonlyArray<Outcome>
  readonly token: TokenKind
  readonly realistic?: (input: Input, world: World, rng: Rng) => Input
  /** Replaces the schema's own arbitrary for the body (a cross-field rule derivation cannot satisfy). */
  readonly body?: Arbitrary.Arbitrary<unknown>
  /** Just before a case is signed and sent (after its token was taken): e.g. the mailed code. */
  readonly atSend?: (input: Input, ctx: SendContext) => Promise<Input>
  /** The device the case is signed from (default: the demo session's device). */
  readonly deviceId?: string
  /** Query parameters the server documents as lenient: an unknown value is answered as if absent. */
  readonly lenientQuery?: ReadonlyArray<string>
  /** Share of the run budget (default 1). */
  readonly budget?: number
}

const REAUTH_DEVICE = "fuzz-reauth-device"
/** 403 step_up.required: money to a new place without a fresh step-up of the session (issue 35). */
const stepUpRefused: Outcome = { status: 403, codes: [ErrorCodes.stepUpRequired] }

/** The demo session's step-up, as the app does it (a mailed code); a refusal (the code-entry lock) leaves the case without one. */
const stepUpSession = async (h: ApiHarness): Promise<void> => {
  const token = await h.tokenOf("demo")
  await h.call("POST", "/api/auth/step-up", { token })
  await h.call("POST", "/api/auth/step-up/verify", { token, body: { otp: await h.latestCode(DEMO_EMAILS.demo) } })
}

/** Stands for the id of a session or trusted device `atSend` makes for the case. */
const REAL_ID = "fuzz-real-id"
let caseDevices = 0

/** Signs demo@ in on a new device (trusting it when `trusted`) and answers the id `listPath` marks current there. */
const caseSignIn = async (h: ApiHarness, listPath: string, trusted: boolean): Promise<string> => {
  const deviceId = `fuzz-case-${++caseDevices}`
  const { token } = await h.signInFully(DEMO_EMAILS.demo, { deviceId, trusted })
  const res = await h.call("GET", listPath, { token, deviceId })
  return (res.body as ReadonlyArray<{ id: string; current: boolean }>).find((x) => x.current)!.id
}

/** Clears app@'s run of failed code entries, as a support person does for a locked account. */
const unlockApp = async (h: ApiHarness): Promise<void> => {
  await sql`update auth_user_state set failed_code_entries = 0 where user_id = ${seedId("user", "app")}`.execute(h.database.db)
}

/** A new set of app@'s recovery codes through the API (its app code of a step not used before), or null when refused. */
const makeRecoveryCodes = async (h: ApiHarness): Promise<ReadonlyArray<string> | null> => {
  h.clock.advance(30_000)
  const res = await h.call("POST", "/api/users/recovery-codes", {
    token: await h.tokenOf("app"),
    body: { password: DEMO_PASSWORD, otp: totpAt(h.clock.now()) },
  })
  return res.status === 200 ? (res.body as { codes: ReadonlyArray<string> }).codes : null
}

const ok = (status = 200): Outcome => ({ status })
const notFound: Outcome = { status: 404, codes: [ErrorCodes.notFound] }
const badFields = (...fields: ReadonlyArray<string>): Outcome => ({ status: 400, codes: [ErrorCodes.badRequest], fields })

const sometimes = <T>(rng: Rng, value: T | undefined, fallback: T): T => (value !== undefined && (rng.sure || rng.chance(0.6)) ? value : fallback)

/** A data URL of a real 1x1 PNG. */
const PNG_DATA_URL = `data:image/png;base64,${Buffer.from(png()).toString("base64")}`

const withBody = (input: Input, patch: Record<string, unknown>): Input => ({ ...input, body: { ...(input.body as Record<string, unknown>), ...patch } })
const withParams = (input: Input, patch: Record<string, string>): Input => ({ ...input, params: { ...input.params, ...patch } })

const pickOf = <T>(rng: Rng, items: ReadonlyArray<T>): T | undefined => (items.length === 0 ? undefined : rng.pick(items))

/** The case's alert id: now and then one of the demo user's price alerts. */
const withAlert = (input: Input, world: World, rng: Rng): Input => withParams(input, { id: sometimes(rng, pickOf(rng, world.priceAlerts), input.params!.id!) })

/** A condition and threshold a user could type: now and then a valid pair instead of the generated one. */
const withAlertCondition = (input: Input, rng: Rng): Input =>
  rng.sure || rng.chance(0.6)
    ? rng.chance(0.3)
      ? withBody(input, { condition: "move", threshold: rng.pick(["3", "12.5"]) })
      : withBody(input, { condition: rng.pick(["above", "below"] as const), threshold: rng.pick(["12.5", "3", "250.75"]) })
    : input

/** The case's list id: now and then one of the demo user's watchlists. */
const withWatchlist = (input: Input, world: World, rng: Rng): Input =>
  withParams(input, { id: sometimes(rng, pickOf(rng, world.watchlists), input.params!.id!) })

/** Valid price-alert bodies: the schema's fields, the threshold then made one the alert's rule takes (above zero, two decimals, in range). */
const priceAlertBody = (fields: Schema.Struct.Fields): Arbitrary.Arbitrary<unknown> =>
  Arbitrary.schema(Schema.toType(Schema.Struct(fields))).pipe(
    Arbitrary.map((b) => {
      const body = b as { condition: string; threshold: string }
      const cents = (Math.abs(hashOf(body.threshold)) % (body.condition === "move" ? 10_000 : 1_000_000)) + 1
      return { ...body, threshold: (cents / 100).toFixed(2) }
    }),
  )

/** Valid bank-account bodies: the schema's fields, then the cross-field rule met from the domain (NUBAN check digit, foreign minimum lengths, country code). */
const bankAccountBody: Arbitrary.Arbitrary<unknown> = Arbitrary.schema(Schema.toType(Schema.Struct(Endpoints.addBankAccount.request.fields))).pipe(
  Arbitrary.map((b): AddBankAccountRequest => {
    if (b.currency === "NGN") {
      const bank = BANKS[b.accountNumber.length % BANKS.length]!
      const serial = String(Math.abs(hashOf(b.accountNumber)) % 1_000_000_000).padStart(9, "0")
      return { ...b, bankRef: b.bankRef.length % 3 === 0 ? b.bankRef : bank.ref, accountNumber: nubanFor(bank.code, serial)! }
    }
    const pad = (text: string | undefined, min: number) => ((text ?? "").trim().length >= min ? text! : `${(text ?? "").trim()}${"x".repeat(min)}`)
    return {
      ...b,
      bankRef: b.bankRef.length % 3 === 0 ? b.bankRef : "FOREIGN",
      accountNumber: pad(b.accountNumber, 8),
      accountName: pad(b.accountName, 4),
      bankName: pad(b.bankName, 4),
      bankAddress: pad(b.bankAddress, 6),
      bankCity: pad(b.bankCity, 4),
      bankProvince: pad(b.bankProvince, 4),
      bankZipCode: pad(b.bankZipCode, 4),
      swiftAba: pad(b.swiftAba, 4),
      bankCountryCode: COUNTRY_CODES[b.accountName.length % COUNTRY_CODES.length]!,
    }
  }),
  Arbitrary.filter((b) => Schema.is(Endpoints.addBankAccount.request)(b)),
)

function hashOf(text: string): number {
  let h = 7
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0
  return h
}

export const RULES: { readonly [K in EndpointName]: Rule } = {
  login: {
    token: "none",
    budget: 0.4,
    deviceId: "fuzz-login-device",
    valid: [ok(), { status: 401, codes: ["auth.invalid_credentials"] }],
    realistic: (input, _w, rng) => (rng.chance(0.6) ? withBody(input, { email: rng.pick(Object.values(DEMO_EMAILS)), password: DEMO_PASSWORD }) : input),
  },
  reauth: {
    token: "none",
    budget: 0.4,
    valid: [ok(), { status: 401, codes: ["auth.invalid_credentials"] }, { status: 403, codes: [ErrorCodes.forbidden] }],
    deviceId: REAUTH_DEVICE,
    realistic: (input, world, rng) =>
      rng.chance(0.7)
        ? {
            ...withBody(input, { email: DEMO_EMAILS.demo, password: DEMO_PASSWORD }),
            query: { action: "reauth", userId: rng.chance(0.85) ? world.userId : String(input.query?.userId) },
          }
        : input,
    // Re-authentication renews a signed-in chain on this device; a refusal (403) ends it, so sign in again then.
    atSend: async (input, { h, lastStatus }) => {
      if (lastStatus === undefined || lastStatus === 403) await h.signInFully(DEMO_EMAILS.demo, { deviceId: REAUTH_DEVICE })
      return input
    },
  },
  register: { token: "none", budget: 0.4, valid: [ok(201), { status: 400, codes: ["auth.invalid_credentials"] }] },
  forgotPassword: {
    token: "none",
    budget: 0.4,
    valid: [ok()],
    realistic: (input, _w, rng) => (rng.chance(0.3) ? withBody(input, { email: DEMO_EMAILS.new }) : input),
  },
  resetPassword: { token: "none", budget: 0.4, valid: [ok(), { status: 400, codes: ["reset.invalid"] }] },
  verifyOtp: {
    token: "pending",
    budget: 0.5,
    valid: [ok(), { status: 400, codes: ["otp.invalid", "otp.expired"] }, { status: 423, codes: ["otp.locked"] }],
    // Now and then the code the pending sign-in mailed, so the code step also succeeds.
    atSend: async (input, { h, rng }) => (rng.chance(0.5) ? withBody(input, { otp: await h.latestCode(DEMO_EMAILS.demo) }) : input),
  },
  resendOtp: { token: "pending", budget: 0.3, valid: [ok()] },
  // Recovery codes (app@, the authenticator-app user). A generated code is nobody's (otp.invalid);
  // now and then a fresh set is made through the API first and one of its codes sent (a 200). Wrong
  // codes count toward the code-entry lock, which a support person clears: the case clears it too.
  verifyRecoveryCode: {
    token: "appPending",
    budget: 0.4,
    valid: [ok(), { status: 400, codes: ["otp.invalid"] }, { status: 423, codes: ["otp.locked"] }],
    atSend: async (input, { h, rng }) => {
      if (!rng.chance(0.5)) return input
      await unlockApp(h)
      const codes = await makeRecoveryCodes(h)
      return codes ? withBody(input, { code: codes[0] }) : input
    },
  },
  recoveryCodeStatus: { token: "app", budget: 0.2, valid: [ok()] },
  regenerateRecoveryCodes: {
    token: "app",
    budget: 0.3,
    valid: [
      ok(),
      { status: 400, codes: [ErrorCodes.recoveryPasswordInvalid], fields: ["password"] },
      { status: 400, codes: ["otp.invalid"] },
      { status: 423, codes: ["otp.locked"] },
    ],
    // Often the real password, sent with the app's code of a step not used before.
    realistic: (input, _w, rng) => (rng.chance(0.6) ? withBody(input, { password: DEMO_PASSWORD }) : input),
    atSend: async (input, { h }) => {
      if ((input.body as { password?: unknown } | undefined)?.password !== DEMO_PASSWORD) return input
      await unlockApp(h)
      h.clock.advance(30_000)
      return withBody(input, { password: DEMO_PASSWORD, otp: totpAt(h.clock.now()) })
    },
  },
  // The step-up of the demo session (issue 35): a mailed code; now and then the right one.
  startStepUp: { token: "session", budget: 0.2, valid: [ok()] },
  verifyStepUp: {
    token: "session",
    budget: 0.3,
    valid: [ok(), { status: 400, codes: ["otp.invalid", "otp.expired"] }, { status: 423, codes: ["otp.locked"] }],
    atSend: async (input, { h, rng }) => {
      if (!rng.chance(0.5)) return input
      await h.call("POST", "/api/auth/step-up", { token: await h.tokenOf("demo") })
      return withBody(input, { otp: await h.latestCode(DEMO_EMAILS.demo) })
    },
  },
  logout: { token: "fresh", budget: 0.2, valid: [ok()] },
  // Sessions and trusted devices: generated ids are nobody's (404); now and then the id of a demo
  // sign-in made for the case on a device of its own (a 200). Ending the other sessions runs as the
  // reviewer, so the demo user's session the other endpoints are signed with stays.
  listSessions: { token: "session", budget: 0.3, valid: [ok()] },
  endSession: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound],
    realistic: (input, _w, rng) => (rng.chance(0.5) ? withParams(input, { sessionId: REAL_ID }) : input),
    atSend: async (input, { h }) =>
      input.params?.sessionId === REAL_ID ? withParams(input, { sessionId: await caseSignIn(h, "/api/users/sessions", false) }) : input,
  },
  endOtherSessions: { token: "reviewer", budget: 0.2, valid: [ok()] },
  listTrustedDevices: { token: "session", budget: 0.3, valid: [ok()] },
  forgetTrustedDevice: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound],
    realistic: (input, _w, rng) => (rng.chance(0.5) ? withParams(input, { deviceId: REAL_ID }) : input),
    atSend: async (input, { h }) =>
      input.params?.deviceId === REAL_ID ? withParams(input, { deviceId: await caseSignIn(h, "/api/users/trusted-devices", true) }) : input,
  },
  currentAdmin: { token: "session", budget: 0.3, valid: [ok()] },

  // The approval trail, as the demo reviewer (a customer's session gets the unknown endpoint's 404: test/server/api/workflows.test.ts).
  listApprovals: { token: "reviewer", budget: 0.3, valid: [ok()] },
  // A generated chart id and fingerprint are not the build's (issue 34): refused as an unknown chart (400) or version (409);
  // about half the cases name a chart of the build in its version (201, then 200 for the reviewer's repeat).
  approveChart: {
    token: "reviewer",
    budget: 0.5,
    valid: [ok(201), ok(200), { status: 400, codes: [ErrorCodes.badRequest] }, { status: 409, codes: [ErrorCodes.conflict] }],
    realistic: (input, world, rng) => {
      const chart = rng.chance(0.6) ? pickOf(rng, world.charts) : undefined
      return chart ? withBody(input, { chart: chart.chart, fingerprint: chart.fingerprint }) : input
    },
  },
  coverageReports: { token: "reviewer", budget: 0.3, valid: [ok()] },

  searchInstruments: { token: "session", valid: [ok()] },
  getInstrument: {
    token: "session",
    valid: [ok(), notFound],
    realistic: (input, world, rng) => withParams(input, { instrumentId: sometimes(rng, pickOf(rng, world.instruments)?.id, input.params!.instrumentId!) }),
  },
  searchUserInstruments: { token: "session", valid: [ok()] },
  getQuote: {
    token: "session",
    valid: [ok(), notFound],
    realistic: (input, world, rng) => withParams(input, { id: sometimes(rng, pickOf(rng, world.instruments)?.id, input.params!.id!) }),
  },

  getProfile: { token: "session", budget: 0.3, valid: [ok()] },
  listAccounts: { token: "session", budget: 0.3, valid: [ok()] },
  getAccount: {
    token: "session",
    budget: 0.5,
    valid: [ok(), notFound],
    realistic: (input, world, rng) =>
      withParams(input, {
        accountId: sometimes(rng, rng.chance(0.2) ? world.foreign.accountId : pickOf(rng, world.accounts)?.accountId, input.params!.accountId!),
      }),
  },
  createAccount: {
    token: "session",
    valid: [ok(201), badFields("partner", "currency")],
    realistic: (input, _w, rng) =>
      rng.chance(0.7)
        ? withBody(
            { ...input, body: { partner: (input.body as { partner: string }).partner, ...rng.pick([{}, { currency: "NGN" }, { currency: "USD" }, {}]) } },
            { partner: rng.pick(["Chartfolio Securities", "lagos custody partners ", "Atlantic Brokerage", "Meridian Global Custody"]) },
          )
        : input,
  },
  getSuggestions: {
    token: "session",
    valid: [ok(), notFound],
    realistic: (input, world, rng) => withParams(input, { accountId: sometimes(rng, pickOf(rng, world.accounts)?.accountId, input.params!.accountId!) }),
  },
  downloadStatement: {
    token: "session",
    // Each 200 renders a PDF (the slowest answer of the API).
    budget: 0.15,
    // server/http/routes/accounts.ts: "labels and formats in `lang` (en when absent or unknown)".
    lenientQuery: ["lang"],
    valid: [ok(), notFound],
    realistic: (input, world, rng) => {
      const statement = pickOf(rng, world.statements)
      return statement && rng.chance(0.9) ? withParams(input, { accountId: statement.accountId, key: statement.key }) : input
    },
  },

  placeOrder: {
    token: "session",
    valid: [ok(), notFound, { status: 409, codes: [ErrorCodes.conflict] }, badFields("amount", "quantity", "price", "accountId")],
    realistic: (input, world, rng) => {
      const account = pickOf(rng, rng.chance(0.85) ? world.fundedAccounts : world.accounts)
      if (!account || !rng.chance(0.7)) return input
      const instrument = pickOf(
        rng,
        world.instruments.filter((i) => i.currency === account.currency || rng.chance(0.1)),
      )
      return withBody(input, { accountId: account.accountId, instrumentId: instrument?.id ?? "none" })
    },
  },
  cancelOrder: {
    token: "session",
    valid: [ok(), notFound, { status: 409, codes: [ErrorCodes.conflict] }],
    realistic: (input, world, rng) =>
      withParams(input, {
        id: sometimes(
          rng,
          rng.chance(0.15) ? (world.foreign.orderId ?? undefined) : (pickOf(rng, world.openOrders) ?? pickOf(rng, world.orders)),
          input.params!.id!,
        ),
      }),
  },
  updateReserveAccount: {
    token: "session",
    valid: [ok(), notFound],
    realistic: (input, world, rng) => {
      const reserved = pickOf(rng, world.reserved)
      if (!reserved || !rng.chance(0.6)) return input
      return withBody(withParams(input, { ref: reserved.ref }), { accountId: rng.chance(0.85) ? reserved.accountId : world.foreign.accountId })
    },
  },
  withdraw: {
    token: "session",
    // A valid amount above the cash is refused with its own code and figures (withdrawal.above_cash);
    // a bank account in another currency than the portfolio's needs a quote the fuzzer does not hold (withdrawal.quote_invalid).
    valid: [
      ok(),
      notFound,
      badFields("amount", "bankAccountRef"),
      { status: 400, codes: [ErrorCodes.withdrawalAboveCash], fields: ["amount"] },
      { status: 400, codes: [ErrorCodes.withdrawalQuoteInvalid] },
      // The first withdrawal to a bank account the fuzz added (under 24 hours old) without a fresh step-up.
      stepUpRefused,
    ],
    atSend: async (input, { h, rng }) => {
      if (rng.chance(0.5)) await stepUpSession(h)
      return input
    },
    realistic: (input, world, rng) => {
      const account = pickOf(rng, rng.chance(0.85) ? world.fundedAccounts : world.accounts)
      const bank = pickOf(rng, world.bankAccounts)
      if (!account || !bank || !rng.chance(0.7)) return input
      return withBody(input, {
        accountId: account.accountId,
        bankAccountRef: bank.ref,
        channel: bank.currency === "NGN" ? "NUBAN" : "WIRE",
        amount: rng.pick(["1", "10.5", "2500", "99999999", (input.body as { amount: string }).amount]),
      })
    },
  },

  cancelWithdrawal: {
    token: "session",
    valid: [ok(), notFound, { status: 409, codes: [ErrorCodes.conflict] }],
    realistic: (input, world, rng) =>
      withParams(input, {
        ref: sometimes(
          rng,
          rng.chance(0.15) ? (world.foreign.withdrawalRef ?? undefined) : (pickOf(rng, world.openWithdrawals) ?? pickOf(rng, world.withdrawals)),
          input.params!.ref!,
        ),
      }),
  },

  quoteWithdrawal: {
    token: "session",
    // Same-currency payouts need no rate (a 400 on the bank account); an amount that converts to less than a cent, or more than the cash, has its own code.
    valid: [
      ok(),
      notFound,
      badFields("amount", "bankAccountRef"),
      { status: 400, codes: [ErrorCodes.withdrawalTooSmallToConvert, ErrorCodes.withdrawalAboveCash], fields: ["amount"] },
    ],
    realistic: (input, world, rng) => {
      // A quote needs a funded portfolio and a bank account in another currency, for no more than the cash.
      const account = pickOf(rng, rng.sure || rng.chance(0.85) ? world.fundedAccounts : world.accounts)
      const foreign = world.bankAccounts.filter((b) => b.currency !== account?.currency)
      const bank = pickOf(rng, rng.sure || rng.chance(0.85) ? (foreign.length > 0 ? foreign : world.bankAccounts) : world.bankAccounts)
      if (!account || !bank || !(rng.sure || rng.chance(0.7))) return input
      return withBody(input, {
        accountId: account.accountId,
        bankAccountRef: bank.ref,
        channel: bank.currency === "NGN" ? "NUBAN" : "WIRE",
        amount: rng.sure ? "10.5" : rng.pick(["0.01", "10.5", "2500", "99999999", (input.body as { amount: string }).amount]),
      })
    },
  },

  listDocuments: { token: "session", budget: 0.3, valid: [ok()] },
  getDocument: {
    token: "session",
    valid: [ok(), notFound],
    realistic: (input, world, rng) => withParams(input, { documentId: sometimes(rng, pickOf(rng, world.documents), input.params!.documentId!) }),
  },
  uploadDocument: {
    token: "session",
    valid: [ok(201), badFields("document")],
    realistic: (input, _w, rng) => (rng.chance(0.5) ? withBody(input, { document: PNG_DATA_URL }) : input),
  },

  listBanks: { token: "session", budget: 0.3, valid: [ok()] },
  listBankAccounts: { token: "session", budget: 0.3, valid: [ok()] },
  lookupAccountName: {
    token: "session",
    valid: [ok(), notFound, badFields("bankRef", "accountNumber")],
    realistic: (input, _w, rng) => {
      if (!rng.chance(0.6)) return input
      const bank = rng.pick(BANKS)
      return withParams(input, { bankRef: bank.ref, accountNumber: nubanFor(bank.code, String(rng.int(1_000_000_000)).padStart(9, "0"))! })
    },
  },
  // Without a fresh step-up of the session: 403 step_up.required (issue 35); about half the cases step up first.
  addBankAccount: {
    token: "session",
    body: bankAccountBody,
    valid: [ok(201), badFields("bankRef", "currency", "accountNumber"), { status: 409, codes: [ErrorCodes.bankAccountDuplicate] }, stepUpRefused],
    atSend: async (input, { h, rng }) => {
      if (rng.chance(0.5)) await stepUpSession(h)
      return input
    },
  },
  listWatchlists: { token: "session", budget: 0.3, valid: [ok()] },
  // The inbox: generated ids are nobody's (404); often one of the demo user's notices instead, a known kind, a page size in range.
  listNotifications: {
    token: "session",
    budget: 0.4,
    valid: [ok(), notFound, badFields("kind", "limit")],
    realistic: (input, world, rng) => {
      const query = { ...(input.query as Record<string, string> | undefined) }
      if (rng.chance(0.6)) query.kind = rng.pick(NOTIFICATION_KINDS)
      if (rng.chance(0.6)) query.limit = String(1 + (Math.abs(hashOf(String(query.limit))) % 50))
      if (rng.chance(0.6)) {
        const before = pickOf(rng, world.notifications)
        if (before === undefined || rng.chance(0.3)) delete query.before
        else query.before = before
      }
      return { ...input, query }
    },
  },
  unreadNotifications: { token: "session", budget: 0.2, valid: [ok()] },
  readNotification: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound],
    realistic: (input, world, rng) => withParams(input, { id: sometimes(rng, pickOf(rng, world.notifications), input.params!.id!) }),
  },
  readAllNotifications: { token: "session", budget: 0.2, valid: [ok()] },
  getNotificationPreferences: { token: "session", budget: 0.2, valid: [ok()] },
  saveNotificationPreferences: { token: "session", budget: 0.3, valid: [ok(), badFields("mail", "language")] },
  createWatchlist: {
    token: "session",
    budget: 0.5,
    valid: [ok(201), badFields("name"), { status: 409, codes: [ErrorCodes.watchlistTooMany] }],
  },
  // Watchlists: generated ids are nobody's (404); often one of the demo user's lists instead.
  reorderWatchlists: {
    token: "session",
    budget: 0.3,
    valid: [ok(), badFields("ids")],
    realistic: (input, world, rng) => (rng.chance(0.6) ? withBody(input, { ids: [...world.watchlists].reverse() }) : input),
  },
  getWatchlist: { token: "session", budget: 0.3, valid: [ok(), notFound], realistic: (input, world, rng) => withWatchlist(input, world, rng) },
  renameWatchlist: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound, badFields("name")],
    realistic: (input, world, rng) => withWatchlist(input, world, rng),
  },
  deleteWatchlist: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound, { status: 409, codes: [ErrorCodes.watchlistLast] }],
    realistic: (input, world, rng) => withWatchlist(input, world, rng),
  },
  addToWatchlist: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound, { status: 409, codes: [ErrorCodes.watchlistFull] }],
    realistic: (input, world, rng) =>
      withWatchlist(withParams(input, { instrumentId: sometimes(rng, pickOf(rng, world.instruments)?.id, input.params!.instrumentId!) }), world, rng),
  },
  removeFromWatchlist: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound],
    realistic: (input, world, rng) =>
      withWatchlist(withParams(input, { instrumentId: sometimes(rng, pickOf(rng, world.instruments)?.id, input.params!.instrumentId!) }), world, rng),
  },
  // Price alerts: generated ids are nobody's (404); often one of the demo user's alerts instead.
  listPriceAlerts: { token: "session", budget: 0.3, valid: [ok()] },
  createPriceAlert: {
    token: "session",
    budget: 0.5,
    body: priceAlertBody(Endpoints.createPriceAlert.request.fields),
    valid: [
      ok(201),
      notFound,
      badFields("instrumentId", "condition", "threshold"),
      { status: 409, codes: [ErrorCodes.priceAlertTooMany, ErrorCodes.priceAlertTooManyKept] },
    ],
    realistic: (input, world, rng) =>
      withAlertCondition(
        withBody(input, { instrumentId: sometimes(rng, pickOf(rng, world.instruments)?.id, (input.body as { instrumentId?: string })?.instrumentId ?? "") }),
        rng,
      ),
  },
  editPriceAlert: {
    token: "session",
    budget: 0.3,
    body: priceAlertBody(Endpoints.editPriceAlert.request.fields),
    valid: [ok(), notFound, badFields("condition", "threshold")],
    realistic: (input, world, rng) => withAlertCondition(withAlert(input, world, rng), rng),
  },
  setPriceAlertState: {
    token: "session",
    budget: 0.3,
    valid: [ok(), notFound, badFields("state"), { status: 409, codes: [ErrorCodes.priceAlertTooMany] }],
    realistic: (input, world, rng) => withAlert(input, world, rng),
  },
  deletePriceAlert: { token: "session", budget: 0.3, valid: [ok(), notFound], realistic: (input, world, rng) => withAlert(input, world, rng) },
  deleteBankAccount: {
    token: "session",
    budget: 0.5,
    valid: [ok(), notFound],
    realistic: (input, world, rng) =>
      withParams(input, {
        ref: rng.chance(0.8)
          ? (pickOf(rng, world.bankAccounts)?.ref ?? input.params!.ref!)
          : rng.chance(0.5)
            ? (world.foreign.bankRef ?? input.params!.ref!)
            : input.params!.ref!,
      }),
  },

  businessNews: { token: "session", budget: 0.3, valid: [ok()] },
  marketInsight: { token: "session", budget: 0.3, valid: [ok()] },

  health: { token: "none", budget: 0.3, valid: [ok()] },
  devMailbox: {
    token: "none",
    budget: 0.5,
    valid: [ok()],
    realistic: (input, _w, rng) => (rng.chance(0.4) ? { ...input, query: { to: rng.pick(Object.values(DEMO_EMAILS)) } } : input),
  },
  moveMarket: {
    token: "session",
    budget: 0.2,
    valid: [ok(), notFound, badFields("instrumentId", "percent")],
    realistic: (input, world, rng) =>
      rng.chance(0.6) ? withBody(input, { instrumentId: pickOf(rng, world.instruments)?.id ?? "", percent: rng.pick(["1", "-1", "2.5"]) }) : input,
  },
}
