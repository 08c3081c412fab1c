/**
 * The labels of the statement PDFs in the six interface languages, each written in its own words
 * and with its locale's number and date formats (server/statements/pdf.ts draws Latin text in Noto
 * Sans and Chinese and Japanese text in Noto Sans SC and JP).
 */
import type { StatementLanguage } from "../../src/domain/statements"
import type { OrderType } from "../../src/domain/order-ticket"
import type { TransactionTextCode } from "../../src/domain/transaction-text"
import type { TranType } from "../db/schema"

/** The transaction texts a statement's description column says (the comments are not on it). */
export type StatementDescriptionCode = Extract<
  TransactionTextCode,
  | "bought"
  | "sold"
  | "dividend"
  | "deposit-reserved-account"
  | "deposit-card"
  | "deposit-wire"
  | "withdrawal-to"
  | "withdrawal-returned"
  | "withdrawal-cancelled"
>

export interface StatementTexts {
  readonly confirmationTitle: string
  readonly statementTitle: string
  readonly accountNumber: string
  readonly accountHolder: string
  readonly custodian: string
  readonly currency: string
  readonly orderId: string
  readonly tradeDate: string
  readonly settlementDate: string
  readonly side: string
  readonly buy: string
  readonly sell: string
  readonly orderType: string
  readonly symbol: string
  readonly name: string
  readonly exchange: string
  readonly quantity: string
  readonly price: string
  readonly amount: string
  /** The amount column of the cash transactions (a cash movement, not a trade's gross amount). */
  readonly movement: string
  readonly fees: string
  readonly total: string
  readonly period: string
  readonly openingCash: string
  readonly closingCash: string
  readonly transactions: string
  readonly date: string
  readonly type: string
  readonly description: string
  readonly balance: string
  readonly noTransactions: string
  readonly positions: string
  readonly value: string
  readonly positionsValue: string
  readonly noPositions: string
  readonly generated: string
  readonly disclaimer: string
  readonly tranTypes: Readonly<Record<TranType, string>>
  /** The order types' labels (a confirmation's "Order type"). */
  readonly orderTypes: Readonly<Record<OrderType, string>>
  /** Each description's template; "{name}" is a value, formatted by its kind (src/domain/transaction-text). */
  readonly descriptions: Readonly<Record<StatementDescriptionCode, string>>
}

const en: StatementTexts = {
  confirmationTitle: "Trade Confirmation",
  statementTitle: "Account Statement",
  accountNumber: "Account number",
  accountHolder: "Account holder",
  custodian: "Custodian",
  currency: "Currency",
  orderId: "Order ID",
  tradeDate: "Trade date",
  settlementDate: "Settlement date",
  side: "Side",
  buy: "Buy",
  sell: "Sell",
  orderType: "Order type",
  symbol: "Symbol",
  name: "Name",
  exchange: "Exchange",
  quantity: "Quantity",
  price: "Price",
  amount: "Amount",
  movement: "Amount",
  fees: "Fees",
  total: "Total",
  period: "Period",
  openingCash: "Opening cash",
  closingCash: "Closing cash",
  transactions: "Transactions",
  date: "Date",
  type: "Type",
  description: "Description",
  balance: "Balance",
  noTransactions: "No transactions in this period.",
  positions: "Positions at month end",
  value: "Value",
  positionsValue: "Positions value",
  noPositions: "No positions at month end.",
  generated: "Generated",
  disclaimer: "Chartfolio demo: prices come from a synthetic market. This document is not a tax record.",
  tranTypes: { deposit: "Deposit", withdraw: "Withdrawal", buy: "Buy", sell: "Sell", dividend: "Dividend", reversal: "Withdrawal returned" },
  orderTypes: { MARKET: "Market", LIMIT: "Limit", STOP: "Stop Loss" },
  descriptions: {
    bought: "Bought {quantity} {symbol} at {price}",
    sold: "Sold {quantity} {symbol} at {price}",
    dividend: "Dividend on {quantity} {symbol} ({perShare} per share)",
    "deposit-reserved-account": "Deposit via reserved account {account}",
    "deposit-card": "Deposit by card ****{last4}",
    "deposit-wire": "Deposit by wire transfer",
    "withdrawal-to": "Withdrawal to {bank} ****{last4}",
    "withdrawal-returned": "Withdrawal {ref} returned",
    "withdrawal-cancelled": "Withdrawal {ref} cancelled",
  },
}

const es: StatementTexts = {
  confirmationTitle: "Confirmación de operación",
  statementTitle: "Extracto de cuenta",
  accountNumber: "Número de cuenta",
  accountHolder: "Titular",
  custodian: "Custodio",
  currency: "Moneda",
  orderId: "ID de orden",
  tradeDate: "Fecha de operación",
  settlementDate: "Fecha de liquidación",
  side: "Sentido",
  buy: "Compra",
  sell: "Venta",
  orderType: "Tipo de orden",
  symbol: "Símbolo",
  name: "Nombre",
  exchange: "Mercado",
  quantity: "Cantidad",
  price: "Precio",
  amount: "Importe",
  movement: "Importe",
  fees: "Comisiones",
  total: "Total",
  period: "Periodo",
  openingCash: "Efectivo inicial",
  closingCash: "Efectivo final",
  transactions: "Movimientos",
  date: "Fecha",
  type: "Tipo",
  description: "Descripción",
  balance: "Saldo",
  noTransactions: "No hay movimientos en este periodo.",
  positions: "Posiciones a fin de mes",
  value: "Valor",
  positionsValue: "Valor de las posiciones",
  noPositions: "No hay posiciones a fin de mes.",
  generated: "Generado",
  disclaimer: "Demo de Chartfolio: los precios proceden de un mercado sintético. Este documento no es un registro fiscal.",
  tranTypes: { deposit: "Depósito", withdraw: "Retirada", buy: "Compra", sell: "Venta", dividend: "Dividendo", reversal: "Retirada devuelta" },
  orderTypes: { MARKET: "A mercado", LIMIT: "Limitada", STOP: "Stop loss" },
  descriptions: {
    bought: "Compra de {quantity} {symbol} a {price}",
    sold: "Venta de {quantity} {symbol} a {price}",
    dividend: "Dividendo sobre {quantity} {symbol} ({perShare} por acción)",
    "deposit-reserved-account": "Depósito mediante la cuenta reservada {account}",
    "deposit-card": "Depósito con tarjeta ****{last4}",
    "deposit-wire": "Depósito por transferencia internacional",
    "withdrawal-to": "Retirada a {bank} ****{last4}",
    "withdrawal-returned": "Retirada {ref} devuelta",
    "withdrawal-cancelled": "Retirada {ref} cancelada",
  },
}

const de: StatementTexts = {
  confirmationTitle: "Handelsbestätigung",
  statementTitle: "Kontoauszug",
  accountNumber: "Kontonummer",
  accountHolder: "Kontoinhaber",
  custodian: "Verwahrstelle",
  currency: "Währung",
  orderId: "Order-ID",
  tradeDate: "Handelstag",
  settlementDate: "Valutatag",
  side: "Richtung",
  buy: "Kauf",
  sell: "Verkauf",
  orderType: "Orderart",
  symbol: "Symbol",
  name: "Name",
  exchange: "Börse",
  quantity: "Stückzahl",
  price: "Kurs",
  amount: "Kurswert",
  movement: "Betrag",
  fees: "Gebühren",
  total: "Gesamt",
  period: "Zeitraum",
  openingCash: "Anfangsbestand Barmittel",
  closingCash: "Endbestand Barmittel",
  transactions: "Umsätze",
  date: "Datum",
  type: "Art",
  description: "Beschreibung",
  balance: "Saldo",
  noTransactions: "Keine Umsätze in diesem Zeitraum.",
  positions: "Positionen zum Monatsende",
  value: "Wert",
  positionsValue: "Wert der Positionen",
  noPositions: "Keine Positionen zum Monatsende.",
  generated: "Erstellt",
  disclaimer: "Chartfolio-Demo: Die Kurse stammen aus einem synthetischen Markt. Dieses Dokument ist kein Steuerbeleg.",
  tranTypes: { deposit: "Einzahlung", withdraw: "Auszahlung", buy: "Kauf", sell: "Verkauf", dividend: "Dividende", reversal: "Auszahlung zurückgebucht" },
  orderTypes: { MARKET: "Bestens", LIMIT: "Limit", STOP: "Stop-Loss" },
  descriptions: {
    bought: "Kauf von {quantity} {symbol} zu {price}",
    sold: "Verkauf von {quantity} {symbol} zu {price}",
    dividend: "Dividende auf {quantity} {symbol} ({perShare} je Aktie)",
    "deposit-reserved-account": "Einzahlung über das reservierte Konto {account}",
    "deposit-card": "Einzahlung per Karte ****{last4}",
    "deposit-wire": "Einzahlung per Auslandsüberweisung",
    "withdrawal-to": "Auszahlung an {bank} ****{last4}",
    "withdrawal-returned": "Auszahlung {ref} zurückgebucht",
    "withdrawal-cancelled": "Auszahlung {ref} storniert",
  },
}

const fr: StatementTexts = {
  confirmationTitle: "Avis d’opéré",
  statementTitle: "Relevé de compte",
  accountNumber: "Numéro de compte",
  accountHolder: "Titulaire",
  custodian: "Dépositaire",
  currency: "Devise",
  orderId: "N° d’ordre",
  tradeDate: "Date d’opération",
  settlementDate: "Date de règlement",
  side: "Sens",
  buy: "Achat",
  sell: "Vente",
  orderType: "Type d’ordre",
  symbol: "Symbole",
  name: "Nom",
  exchange: "Place",
  quantity: "Quantité",
  price: "Cours",
  amount: "Montant brut",
  movement: "Montant",
  fees: "Frais",
  total: "Total",
  period: "Période",
  openingCash: "Liquidités d’ouverture",
  closingCash: "Liquidités de clôture",
  transactions: "Opérations",
  date: "Date",
  type: "Type",
  description: "Libellé",
  balance: "Solde",
  noTransactions: "Aucune opération sur cette période.",
  positions: "Positions en fin de mois",
  value: "Valeur",
  positionsValue: "Valeur des positions",
  noPositions: "Aucune position en fin de mois.",
  generated: "Généré le",
  disclaimer: "Démo Chartfolio : les cours proviennent d’un marché synthétique. Ce document n’est pas un justificatif fiscal.",
  tranTypes: { deposit: "Dépôt", withdraw: "Retrait", buy: "Achat", sell: "Vente", dividend: "Dividende", reversal: "Retrait retourné" },
  orderTypes: { MARKET: "Au marché", LIMIT: "À cours limité", STOP: "Stop loss" },
  descriptions: {
    bought: "Achat de {quantity} {symbol} à {price}",
    sold: "Vente de {quantity} {symbol} à {price}",
    dividend: "Dividende sur {quantity} {symbol} ({perShare} par action)",
    "deposit-reserved-account": "Dépôt via le compte réservé {account}",
    "deposit-card": "Dépôt par carte ****{last4}",
    "deposit-wire": "Dépôt par virement international",
    "withdrawal-to": "Retrait vers {bank} ****{last4}",
    "withdrawal-returned": "Retrait {ref} retourné",
    "withdrawal-cancelled": "Retrait {ref} annulé",
  },
}

const zh: StatementTexts = {
  confirmationTitle: "交易确认书",
  statementTitle: "账户对账单",
  accountNumber: "账号",
  accountHolder: "账户持有人",
  custodian: "托管机构",
  currency: "货币",
  orderId: "订单编号",
  tradeDate: "交易日期",
  settlementDate: "结算日期",
  side: "方向",
  buy: "买入",
  sell: "卖出",
  orderType: "订单类型",
  symbol: "代码",
  name: "名称",
  exchange: "交易所",
  quantity: "数量",
  price: "价格",
  amount: "金额",
  movement: "金额",
  fees: "费用",
  total: "合计",
  period: "期间",
  openingCash: "期初现金",
  closingCash: "期末现金",
  transactions: "交易记录",
  date: "日期",
  type: "类型",
  description: "说明",
  balance: "余额",
  noTransactions: "本期无交易。",
  positions: "月末持仓",
  value: "市值",
  positionsValue: "持仓市值",
  noPositions: "月末无持仓。",
  generated: "生成时间",
  disclaimer: "Chartfolio 演示：价格来自模拟市场。本文件不是税务凭证。",
  tranTypes: { deposit: "存入", withdraw: "提取", buy: "买入", sell: "卖出", dividend: "股息", reversal: "提取退回" },
  orderTypes: { MARKET: "市价", LIMIT: "限价", STOP: "止损" },
  descriptions: {
    bought: "买入 {quantity} 股 {symbol}，成交价 {price}",
    sold: "卖出 {quantity} 股 {symbol}，成交价 {price}",
    dividend: "{quantity} 股 {symbol} 的股息（每股 {perShare}）",
    "deposit-reserved-account": "通过预留账户 {account} 存入",
    "deposit-card": "银行卡 ****{last4} 存入",
    "deposit-wire": "电汇存入",
    "withdrawal-to": "提现至 {bank} ****{last4}",
    "withdrawal-returned": "提现 {ref} 已退回",
    "withdrawal-cancelled": "提现 {ref} 已取消",
  },
}

const ja: StatementTexts = {
  confirmationTitle: "取引報告書",
  statementTitle: "取引残高報告書",
  accountNumber: "口座番号",
  accountHolder: "口座名義",
  custodian: "カストディアン",
  currency: "通貨",
  orderId: "注文ID",
  tradeDate: "約定日",
  settlementDate: "受渡日",
  side: "売買",
  buy: "買い",
  sell: "売り",
  orderType: "注文種別",
  symbol: "銘柄コード",
  name: "銘柄名",
  exchange: "取引所",
  quantity: "数量",
  price: "単価",
  amount: "約定金額",
  movement: "金額",
  fees: "手数料",
  total: "受渡金額",
  period: "期間",
  openingCash: "期首現金",
  closingCash: "期末現金",
  transactions: "取引明細",
  date: "日付",
  type: "種別",
  description: "摘要",
  balance: "残高",
  noTransactions: "この期間の取引はありません。",
  positions: "月末の保有銘柄",
  value: "評価額",
  positionsValue: "保有評価額",
  noPositions: "月末の保有銘柄はありません。",
  generated: "作成日時",
  disclaimer: "Chartfolio デモ：価格は模擬市場のものです。本書は税務書類ではありません。",
  tranTypes: { deposit: "入金", withdraw: "出金", buy: "買付", sell: "売付", dividend: "配当", reversal: "出金組戻し" },
  orderTypes: { MARKET: "成行", LIMIT: "指値", STOP: "逆指値" },
  descriptions: {
    bought: "{symbol} を {quantity} 株買付（約定価格 {price}）",
    sold: "{symbol} を {quantity} 株売却（約定価格 {price}）",
    dividend: "{symbol} {quantity} 株の配当（1 株あたり {perShare}）",
    "deposit-reserved-account": "専用口座 {account} からの入金",
    "deposit-card": "カード ****{last4} による入金",
    "deposit-wire": "電信送金による入金",
    "withdrawal-to": "{bank} ****{last4} への出金",
    "withdrawal-returned": "出金 {ref} の組戻し",
    "withdrawal-cancelled": "出金 {ref} の取消",
  },
}

export const STATEMENT_TEXTS: Readonly<Record<StatementLanguage, StatementTexts>> = { en, zh, es, ja, de, fr }

/** The Intl locale of a statement's language (the interface's: en-GB, zh-CN, es-ES, ja-JP, de-DE, fr-FR). */
export const STATEMENT_LOCALES: Readonly<Record<StatementLanguage, string>> = { en: "en-GB", zh: "zh-CN", es: "es-ES", ja: "ja-JP", de: "de-DE", fr: "fr-FR" }
