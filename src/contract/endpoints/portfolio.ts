import { Schema } from "effect"
import { AccountDetails, AccountList, CreateAccountRequest, StatementQuery } from "../accounts"
import { FileBytes, Message, requiredString, RiskBand } from "../common"
import { InstrumentList } from "../instruments"
import { ReserveAccountUpdateRequest } from "../money-movement"
import { Profile } from "../profile"
import { endpoint, pathParams } from "../endpoint"

/** The profile, the portfolios (accounts) with their details, suggestions, statements and instant deposit (spec parts 1 and 2). */
export const PortfolioEndpoints = {
  getProfile: endpoint({ name: "getProfile", method: "GET", path: "/users/profile", response: Profile }),
  listAccounts: endpoint({ name: "listAccounts", method: "GET", path: "/users/account", response: AccountList }),
  getAccount: endpoint({ name: "getAccount", method: "GET", path: "/users/account/:accountId", params: pathParams("accountId"), response: AccountDetails }),
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
    params: pathParams("accountId", "key"),
    query: StatementQuery,
    response: FileBytes,
    responseType: "file",
  }),
  updateReserveAccount: endpoint({
    name: "updateReserveAccount",
    method: "PATCH",
    path: "/users/reserve-account/:ref",
    params: pathParams("ref"),
    request: ReserveAccountUpdateRequest,
    response: Message,
  }),
} as const
