import { orderCancelMachine } from "../../src/machines/order-cancel.machine"
import { confirmedCancelModel } from "./confirmed-cancel.model-part"
import { describeModel } from "./harness"

const refused = { _tag: "ApiError", status: 409, code: "order_not_cancellable", text: "Only PENDING or PROCESSING orders can be cancelled" }
const network = { _tag: "NetworkError", text: "The server could not be reached." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const target = { orderId: "O-1", symbol: "DANGCEM", side: "BUY" } as const

describeModel(
  confirmedCancelModel({
    chart: "order-cancel",
    machine: orderCancelMachine,
    // An open order's Cancel, and one of a filled order, which the chart refuses (the guard that says why).
    requests: [
      { type: "cancel.request", ...target, status: "PENDING" },
      { type: "cancel.request", ...target, status: "FILLED" },
    ],
    target,
    call: "cancelOrder",
    callInput: { orderId: "O-1" },
    outcomes: { done: [{ message: "Order Cancelled Successfully" }, { message: "  " }], error: [refused, network, cancelled] },
    doneKey: "portfolio:orders.cancel.done",
  }),
)
