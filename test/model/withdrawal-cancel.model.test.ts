import { withdrawalCancelMachine } from "../../src/machines/withdrawal-cancel.machine"
import { confirmedCancelModel } from "./confirmed-cancel.model-part"
import { describeModel } from "./harness"

const sent = {
  _tag: "ApiError",
  status: 409,
  code: "conflict",
  text: "This withdrawal has already been sent to the bank and can no longer be cancelled.",
  values: { reason: "withdrawal_sent", status: "SENT_TO_BANK" },
}
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const target = { ref: "WDR-1", amount: "5000.00", currency: "NGN" } as const

describeModel(
  confirmedCancelModel({
    chart: "withdrawal-cancel",
    machine: withdrawalCancelMachine,
    // A queued withdrawal's Cancel, and one already sent to the bank, which the chart refuses (the guard that says why).
    requests: [
      { type: "cancel.request", ...target, paymentType: "WITHDRAWAL", status: "QUEUED" },
      { type: "cancel.request", ...target, paymentType: "WITHDRAWAL", status: "SENT_TO_BANK" },
    ],
    target,
    call: "cancelWithdrawal",
    callInput: { ref: "WDR-1" },
    outcomes: { done: [{ message: "Withdrawal cancelled; the cash is back in the portfolio." }, { message: " " }], error: [sent, network, cancelled] },
    doneKey: "portfolio:payments.cancel.done",
  }),
)
