/**
 * Answer texts the app reacts to, kept free of effect so charts and views can import them without
 * pulling the schemas into the first page's JavaScript (the contract's other modules load with the
 * API runtime, on demand).
 */

/** The `message` of a successful create-order answer; the app refetches the account and closes the ticket on it. */
export const ORDER_CREATED_MESSAGE = "Order Created Successfully"
