/**
 * The spec's pure rules in one import, for tests and scripts. App code (contract, machines,
 * views, server) imports the topic files, so a page's bundle carries only the rules it uses.
 * Nothing here does I/O or imports the app. The exact decimal arithmetic is the `Decimal`
 * namespace (`Decimal.add("0.1", "0.2")` is "0.3").
 */
export * from "./account-value"
export * from "./auth-forms"
export * from "./bank-account"
export * from "./cash-flow"
export * from "./chart-layout"
export * from "./chart-range"
export * from "./csv"
export * from "./dates"
export * as Decimal from "./decimal"
export { DecimalError, isDecimal, parseDecimal, type Numeric, type RoundingMode } from "./decimal"
export * from "./format"
export * from "./labels"
export * from "./masks"
export * from "./news"
export * from "./numeric"
export * from "./order-ticket"
export * from "./portfolio-rules"
export * from "./profit-loss"
export * from "./recommendation"
export * from "./risk-band"
export * from "./status-colour"
export * from "./transaction-kind"
export * from "./truncate"
export * from "./upload"
export * from "./user-account"
export * from "./validation"
export * from "./value-analysis"
export * from "./withdrawal"
