import { OtpRequest } from "../auth"
import { AccountNameAnswer, AddBankAccountRequest, BankAccountList, BankList } from "../bank-accounts"
import { Message } from "../common"
import { WithdrawalQuote, WithdrawalQuoteRequest, WithdrawRequest } from "../money-movement"
import { StepUpStart } from "../step-up"
import { endpoint, pathParams } from "../endpoint"

/** Money leaving the platform: the withdrawal with its quote and cancel, the bank accounts it goes to, and the step-up those need for a new place (spec part 2, issues 30 and 35). */
export const MoneyEndpoints = {
  withdraw: endpoint({ name: "withdraw", method: "POST", path: "/users/withdraw", request: WithdrawRequest, response: Message, idempotent: true }),
  /**
   * Not in the spec (issue 35): cancel a withdrawal the payout rail has not sent to the bank yet (QUEUED or PENDING);
   * the cash returns to the portfolio. Once sent: 409 `conflict` with the reason `withdrawal_sent`. Another user's ref: 404.
   */
  cancelWithdrawal: endpoint({ name: "cancelWithdrawal", method: "PATCH", path: "/users/withdraw/:ref/cancel", params: pathParams("ref"), response: Message }),
  /** Not in the spec (issue 30): the rate of a withdrawal to a bank account in another currency, held for a short time. Moves no money: no key. */
  quoteWithdrawal: endpoint({
    name: "quoteWithdrawal",
    method: "POST",
    path: "/users/withdraw/quote",
    request: WithdrawalQuoteRequest,
    response: WithdrawalQuote,
  }),
  listBanks: endpoint({ name: "listBanks", method: "GET", path: "/users/banks", response: BankList }),
  listBankAccounts: endpoint({ name: "listBankAccounts", method: "GET", path: "/users/bank-account", response: BankAccountList }),
  lookupAccountName: endpoint({
    name: "lookupAccountName",
    method: "GET",
    path: "/users/bank-account/:bankRef/:accountNumber",
    params: pathParams("bankRef", "accountNumber"),
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
  deleteBankAccount: endpoint({ name: "deleteBankAccount", method: "DELETE", path: "/users/bank-account/:ref", params: pathParams("ref"), response: Message }),
  /** Sends an e-mailed code (the app's code needs none) for this session's step-up. */
  startStepUp: endpoint({ name: "startStepUp", method: "POST", path: "/auth/step-up", response: StepUpStart }),
  /** Verifies the code: for 5 minutes this session may add a bank account or withdraw to a new one. */
  verifyStepUp: endpoint({ name: "verifyStepUp", method: "POST", path: "/auth/step-up/verify", request: OtpRequest, response: Message }),
} as const
