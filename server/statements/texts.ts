/**
 * The labels of the statement PDFs in the six interface languages, each written in its own words
 * and with its locale's number and date formats (server/statements/pdf.ts draws Latin text in Noto
 * Sans and Chinese and Japanese text in Noto Sans SC and JP).
 */
import type { StatementLanguage } from "../../src/domain/statements"
import type { TranType } from "../db/schema"

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
}

export const STATEMENT_TEXTS: Readonly<Record<StatementLanguage, StatementTexts>> = { en, zh, es, ja, de, fr }

/** The Intl locale of a statement's language (the interface's: en-GB, zh-CN, es-ES, ja-JP, de-DE, fr-FR). */
export const STATEMENT_LOCALES: Readonly<Record<StatementLanguage, string>> = { en: "en-GB", zh: "zh-CN", es: "es-ES", ja: "ja-JP", de: "de-DE", fr: "fr-FR" }
