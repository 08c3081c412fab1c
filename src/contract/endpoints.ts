/**
 * Every API call of both spec parts (section 7 of each), plus the reference server's health and
 * demo-mailbox calls and the two auth calls its security targets need (logout, code resend).
 * Paths are relative to `API_BASE` (/api). Look calls up by name: `Endpoints.placeOrder`.
 *
 * Conventions:
 * - auth "public" (signed with the public client key) for everything before a token exists:
 *   sign-in, reauth (the expired token is already cleared), registration, forgot and reset
 *   password, health, mailbox. Everything else is "session", including the one-time code step
 *   and /admins/me, which run with the token sign-in returned.
 * - idempotent (the pipeline sends an Idempotency-Key per user intent, reused on retry): every
 *   POST that creates something: order, withdrawal, portfolio, bank account, document. PATCH and
 *   DELETE calls are idempotent by nature and carry no key.
 * - `params` lists the `:name` placeholders; `buildPath(e.path, params)` fills them.
 */
import { Schema } from "effect"
import { AccountDetails, AccountList, CreateAccountRequest, StatementQuery } from "./accounts"
import {
  AdminUser,
  AuthUser,
  ForgotPasswordRequest,
  LoginAnswer,
  LoginRequest,
  OtpRequest,
  ReauthQuery,
  ReauthRequest,
  RegisterAnswer,
  RegisterRequest,
  RecoveryCodeRequest,
  RecoverySignInAnswer,
  ResetPasswordRequest,
} from "./auth"
import { AccountNameAnswer, AddBankAccountRequest, BankAccountList, BankList } from "./bank-accounts"
import { FileBytes, Message, requiredString, RiskBand } from "./common"
import { Mailbox, MailboxQuery } from "./dev"
import { Document, DocumentList, UploadDocumentRequest } from "./documents"
import { endpoint } from "./endpoint"
import { Health } from "./health"
import { Instrument, InstrumentList, InstrumentSearchQuery, Quote, QuoteOnlyQuery } from "./instruments"
import { ReserveAccountUpdateRequest, WithdrawalQuote, WithdrawalQuoteRequest, WithdrawRequest } from "./money-movement"
import { MarketInsight, NewsList } from "./news"
import { NotificationPage, NotificationPreferences, NotificationQuery, UnreadCount } from "./notifications"
import { CreateOrderRequest } from "./orders"
import { Profile } from "./profile"
import { WatchlistDetail, WatchlistList, WatchlistNameRequest, WatchlistOrderRequest, Watchlist } from "./watchlists"
import { EndedSessions, RecoveryCodeSet, RecoveryCodesRequest, RecoveryCodeStatus, SessionList, TrustedDeviceList } from "./security"
import {
  CreatePriceAlertRequest,
  EditPriceAlertRequest,
  MarketMoved,
  MarketMoveRequest,
  PriceAlert,
  PriceAlertList,
  PriceAlertStateRequest,
} from "./price-alerts"
import { StepUpStart } from "./step-up"
import { Approval, ApprovalList, ApproveChartRequest, CoverageReports } from "./workflows"

/** Path parameters: each a required, non-blank string. */
const params = <const K extends string>(...names: ReadonlyArray<K>) =>
  Schema.Struct(Object.fromEntries(names.map((n) => [n, requiredString()])) as { [P in K]: ReturnType<typeof requiredString> })

/** The table of calls, keyed by endpoint name. */
export const Endpoints = {
  // --- auth (part 1) ---
  login: endpoint({ name: "login", method: "POST", path: "/auth/login", request: LoginRequest, response: LoginAnswer, auth: "public" }),
  reauth: endpoint({
    name: "reauth",
    method: "POST",
    path: "/auth/login",
    query: ReauthQuery,
    request: ReauthRequest,
    response: LoginAnswer,
    auth: "public",
  }),
  // The spec's extra prefix is real: on the wire this is /api/api/auth/register.
  register: endpoint({ name: "register", method: "POST", path: "/api/auth/register", request: RegisterRequest, response: RegisterAnswer, auth: "public" }),
  forgotPassword: endpoint({
    name: "forgotPassword",
    method: "POST",
    path: "/auth/forgot-password",
    request: ForgotPasswordRequest,
    response: Message,
    auth: "public",
  }),
  resetPassword: endpoint({
    name: "resetPassword",
    method: "POST",
    path: "/auth/reset-password",
    request: ResetPasswordRequest,
    response: Message,
    auth: "public",
  }),
  verifyOtp: endpoint({ name: "verifyOtp", method: "POST", path: "/auth/2fa-otp", request: OtpRequest, response: AuthUser }),
  /** Not in the spec (issue 35): a recovery code in place of the authenticator app's code; it works once. */
  verifyRecoveryCode: endpoint({
    name: "verifyRecoveryCode",
    method: "POST",
    path: "/auth/2fa-otp/recovery",
    request: RecoveryCodeRequest,
    response: RecoverySignInAnswer,
  }),
  /** Not in the spec: sends a fresh e-mailed code, replacing the previous one. */
  resendOtp: endpoint({ name: "resendOtp", method: "POST", path: "/auth/2fa-otp/resend", response: Message }),
  /** Not in the spec: invalidates the access token server-side before the client clears its state. */
  logout: endpoint({ name: "logout", method: "POST", path: "/auth/logout", response: Message }),
  currentAdmin: endpoint({ name: "currentAdmin", method: "GET", path: "/admins/me", response: AdminUser }),

  // --- instruments (part 1) ---
  searchInstruments: endpoint({ name: "searchInstruments", method: "GET", path: "/instruments", query: InstrumentSearchQuery, response: InstrumentList }),
  getInstrument: endpoint({ name: "getInstrument", method: "GET", path: "/instruments/:instrumentId", params: params("instrumentId"), response: Instrument }),
  searchUserInstruments: endpoint({
    name: "searchUserInstruments",
    method: "GET",
    path: "/users/instruments",
    query: InstrumentSearchQuery,
    response: InstrumentList,
  }),
  getQuote: endpoint({ name: "getQuote", method: "GET", path: "/users/instruments/:id", params: params("id"), query: QuoteOnlyQuery, response: Quote }),

  // --- profile and accounts (parts 1 and 2) ---
  getProfile: endpoint({ name: "getProfile", method: "GET", path: "/users/profile", response: Profile }),
  listAccounts: endpoint({ name: "listAccounts", method: "GET", path: "/users/account", response: AccountList }),
  getAccount: endpoint({ name: "getAccount", method: "GET", path: "/users/account/:accountId", params: params("accountId"), response: AccountDetails }),
  createAccount: endpoint({
    name: "createAccount",
    method: "POST",
    path: "/users/account",
    request: CreateAccountRequest,
    response: Message,
    idempotent: true,
  }),
  getSuggestions: endpoint({
    name: "getSuggestions",
    method: "GET",
    path: "/users/suggestion/:accountId/:band",
    params: Schema.Struct({ accountId: requiredString(), band: RiskBand }),
    response: InstrumentList,
  }),
  downloadStatement: endpoint({
    name: "downloadStatement",
    method: "GET",
    path: "/users/statement/:accountId/:key",
    params: params("accountId", "key"),
    query: StatementQuery,
    response: FileBytes,
    responseType: "file",
  }),

  // --- orders (parts 1 and 2) ---
  placeOrder: endpoint({ name: "placeOrder", method: "POST", path: "/users/order", request: CreateOrderRequest, response: Message, idempotent: true }),
  cancelOrder: endpoint({ name: "cancelOrder", method: "PATCH", path: "/users/order/:id/cancel", params: params("id"), response: Message }),

  // --- money movement (parts 1 and 2) ---
  updateReserveAccount: endpoint({
    name: "updateReserveAccount",
    method: "PATCH",
    path: "/users/reserve-account/:ref",
    params: params("ref"),
    request: ReserveAccountUpdateRequest,
    response: Message,
  }),
  withdraw: endpoint({ name: "withdraw", method: "POST", path: "/users/withdraw", request: WithdrawRequest, response: Message, idempotent: true }),
  /**
   * Not in the spec (issue 35): cancel a withdrawal the payout rail has not sent to the bank yet (QUEUED or PENDING);
   * the cash returns to the portfolio. Once sent: 409 `conflict` with the reason `withdrawal_sent`. Another user's ref: 404.
   */
  cancelWithdrawal: endpoint({ name: "cancelWithdrawal", method: "PATCH", path: "/users/withdraw/:ref/cancel", params: params("ref"), response: Message }),
  /** Not in the spec (issue 30): the rate of a withdrawal to a bank account in another currency, held for a short time. Moves no money: no key. */
  quoteWithdrawal: endpoint({
    name: "quoteWithdrawal",
    method: "POST",
    path: "/users/withdraw/quote",
    request: WithdrawalQuoteRequest,
    response: WithdrawalQuote,
  }),

  // --- documents (part 2) ---
  listDocuments: endpoint({ name: "listDocuments", method: "GET", path: "/users/document", response: DocumentList }),
  /** Not in the spec ("document detail retrieval beyond the list: not shown"): one document with its image as a data URL. */
  getDocument: endpoint({ name: "getDocument", method: "GET", path: "/users/document/:documentId", params: params("documentId"), response: Document }),
  uploadDocument: endpoint({
    name: "uploadDocument",
    method: "POST",
    path: "/users/document",
    request: UploadDocumentRequest,
    response: Message,
    idempotent: true,
  }),

  // --- bank accounts (part 2) ---
  listBanks: endpoint({ name: "listBanks", method: "GET", path: "/users/banks", response: BankList }),
  listBankAccounts: endpoint({ name: "listBankAccounts", method: "GET", path: "/users/bank-account", response: BankAccountList }),
  lookupAccountName: endpoint({
    name: "lookupAccountName",
    method: "GET",
    path: "/users/bank-account/:bankRef/:accountNumber",
    params: params("bankRef", "accountNumber"),
    response: AccountNameAnswer,
  }),
  addBankAccount: endpoint({
    name: "addBankAccount",
    method: "POST",
    path: "/users/bank-account",
    request: AddBankAccountRequest,
    response: Message,
    idempotent: true,
  }),
  deleteBankAccount: endpoint({ name: "deleteBankAccount", method: "DELETE", path: "/users/bank-account/:ref", params: params("ref"), response: Message }),

  // --- sessions and trusted devices (issue 35; another user's id: 404) ---
  listSessions: endpoint({ name: "listSessions", method: "GET", path: "/users/sessions", response: SessionList }),
  endSession: endpoint({ name: "endSession", method: "DELETE", path: "/users/sessions/:sessionId", params: params("sessionId"), response: Message }),
  endOtherSessions: endpoint({ name: "endOtherSessions", method: "POST", path: "/users/sessions/end-others", response: EndedSessions }),
  listTrustedDevices: endpoint({ name: "listTrustedDevices", method: "GET", path: "/users/trusted-devices", response: TrustedDeviceList }),
  forgetTrustedDevice: endpoint({
    name: "forgetTrustedDevice",
    method: "DELETE",
    path: "/users/trusted-devices/:deviceId",
    params: params("deviceId"),
    response: Message,
  }),

  // --- recovery codes (issue 35; the caller's own set only) ---
  recoveryCodeStatus: endpoint({ name: "recoveryCodeStatus", method: "GET", path: "/users/recovery-codes", response: RecoveryCodeStatus }),
  /** A new set replacing the old; no Idempotency-Key: a stored answer would keep the codes in clear (decision 0221). */
  regenerateRecoveryCodes: endpoint({
    name: "regenerateRecoveryCodes",
    method: "POST",
    path: "/users/recovery-codes",
    request: RecoveryCodesRequest,
    response: RecoveryCodeSet,
  }),
  // --- step-up before money leaves to a new place (issue 35; src/contract/step-up.ts) ---
  /** Sends an e-mailed code (the app's code needs none) for this session's step-up. */
  startStepUp: endpoint({ name: "startStepUp", method: "POST", path: "/auth/step-up", response: StepUpStart }),
  /** Verifies the code: for 5 minutes this session may add a bank account or withdraw to a new one. */
  verifyStepUp: endpoint({ name: "verifyStepUp", method: "POST", path: "/auth/step-up/verify", request: OtpRequest, response: Message }),

  // --- news (parts 1 and 2) ---
  businessNews: endpoint({ name: "businessNews", method: "GET", path: "/overview/business-news", response: NewsList }),
  marketInsight: endpoint({ name: "marketInsight", method: "GET", path: "/overview/market-insight", response: MarketInsight }),

  // --- watchlists (issue 36; another user's list id: 404) ---
  listWatchlists: endpoint({ name: "listWatchlists", method: "GET", path: "/users/watchlists", response: WatchlistList }),
  createWatchlist: endpoint({
    name: "createWatchlist",
    method: "POST",
    path: "/users/watchlists",
    request: WatchlistNameRequest,
    response: Watchlist,
    idempotent: true,
  }),
  reorderWatchlists: endpoint({
    name: "reorderWatchlists",
    method: "PUT",
    path: "/users/watchlists/order",
    request: WatchlistOrderRequest,
    response: WatchlistList,
  }),
  getWatchlist: endpoint({ name: "getWatchlist", method: "GET", path: "/users/watchlists/:id", params: params("id"), response: WatchlistDetail }),
  renameWatchlist: endpoint({
    name: "renameWatchlist",
    method: "PATCH",
    path: "/users/watchlists/:id",
    params: params("id"),
    request: WatchlistNameRequest,
    response: Watchlist,
  }),
  deleteWatchlist: endpoint({ name: "deleteWatchlist", method: "DELETE", path: "/users/watchlists/:id", params: params("id"), response: WatchlistList }),
  addToWatchlist: endpoint({
    name: "addToWatchlist",
    method: "PUT",
    path: "/users/watchlists/:id/instruments/:instrumentId",
    params: params("id", "instrumentId"),
    response: Watchlist,
  }),
  removeFromWatchlist: endpoint({
    name: "removeFromWatchlist",
    method: "DELETE",
    path: "/users/watchlists/:id/instruments/:instrumentId",
    params: params("id", "instrumentId"),
    response: Watchlist,
  }),

  // --- price alerts (issue 36; another user's alert id: 404) ---
  listPriceAlerts: endpoint({ name: "listPriceAlerts", method: "GET", path: "/users/price-alerts", response: PriceAlertList }),
  createPriceAlert: endpoint({
    name: "createPriceAlert",
    method: "POST",
    path: "/users/price-alerts",
    request: CreatePriceAlertRequest,
    response: PriceAlert,
    idempotent: true,
  }),
  editPriceAlert: endpoint({
    name: "editPriceAlert",
    method: "PATCH",
    path: "/users/price-alerts/:id",
    params: params("id"),
    request: EditPriceAlertRequest,
    response: PriceAlert,
  }),
  setPriceAlertState: endpoint({
    name: "setPriceAlertState",
    method: "PUT",
    path: "/users/price-alerts/:id/state",
    params: params("id"),
    request: PriceAlertStateRequest,
    response: PriceAlert,
  }),
  deletePriceAlert: endpoint({ name: "deletePriceAlert", method: "DELETE", path: "/users/price-alerts/:id", params: params("id"), response: PriceAlertList }),
  // --- notification inbox (issue 36; another user's notice id: 404) ---
  listNotifications: endpoint({ name: "listNotifications", method: "GET", path: "/users/notifications", query: NotificationQuery, response: NotificationPage }),
  unreadNotifications: endpoint({ name: "unreadNotifications", method: "GET", path: "/users/notifications/unread", response: UnreadCount }),
  readNotification: endpoint({
    name: "readNotification",
    method: "PATCH",
    path: "/users/notifications/:id/read",
    params: params("id"),
    response: UnreadCount,
  }),
  readAllNotifications: endpoint({ name: "readAllNotifications", method: "PUT", path: "/users/notifications/read", response: UnreadCount }),
  getNotificationPreferences: endpoint({
    name: "getNotificationPreferences",
    method: "GET",
    path: "/users/notification-preferences",
    response: NotificationPreferences,
  }),
  saveNotificationPreferences: endpoint({
    name: "saveNotificationPreferences",
    method: "PUT",
    path: "/users/notification-preferences",
    request: NotificationPreferences,
    response: NotificationPreferences,
  }),

  // --- workflow explorer (issue 13; reviewers only, 404 for anyone else) ---
  listApprovals: endpoint({ name: "listApprovals", method: "GET", path: "/workflows/approvals", response: ApprovalList }),
  approveChart: endpoint({ name: "approveChart", method: "POST", path: "/workflows/approvals", request: ApproveChartRequest, response: Approval }),
  coverageReports: endpoint({ name: "coverageReports", method: "GET", path: "/workflows/coverage", response: CoverageReports }),

  // --- reference server ---
  health: endpoint({ name: "health", method: "GET", path: "/health", response: Health, auth: "public" }),
  devMailbox: endpoint({ name: "devMailbox", method: "GET", path: "/dev/mailbox", query: MailboxQuery, response: Mailbox, auth: "public" }),
  /** Demo mode only (decision 0260): moves an instrument's synthetic prices by a percentage, for everyone. */
  moveMarket: endpoint({ name: "moveMarket", method: "POST", path: "/dev/market/move", request: MarketMoveRequest, response: MarketMoved }),
} as const

/** The name of a call in `Endpoints`. */
export type EndpointName = keyof typeof Endpoints
