/**
 * The statement PDFs, drawn with pdfkit (no hand-written PDF syntax). Latin text is Noto Sans from
 * @fontsource/noto-sans, which ships split by script: Latin (Basic Latin, Latin-1, general
 * punctuation, €) and Latin Extended (₦ among others). Chinese and Japanese text (Han, kana, CJK
 * punctuation, full-width forms) is Noto Sans SC or Noto Sans JP from @expo-google-fonts (one full
 * TrueType file per weight): JP in Japanese statements, SC in every other, so a Chinese name on an
 * English statement is drawn too. Every text is drawn in runs, each in the font that has its
 * glyphs; pdfkit embeds only the glyphs used. Amounts, quantities and dates go through the app's
 * formatters (src/domain/format, src/domain/dates) in the statement's locale; dates are UTC, as the
 * server stores them.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import PDFDocument from "pdfkit"
import { formatDate, formatDateTime } from "../../src/domain/dates"
import { formatFullQuantity, formatMoney } from "../../src/domain/format"
import type { OrderType } from "../../src/domain/order-ticket"
import type { StatementLanguage } from "../../src/domain/statements"
import { formattedTransactionValues } from "../../src/domain/transaction-text"
import type { AccountStatementData, ConfirmationData, StatementData, StatementTransaction } from "./data"
import { STATEMENT_LOCALES, STATEMENT_TEXTS, type StatementDescriptionCode, type StatementTexts } from "./texts"

const require = createRequire(import.meta.url)
const latinFile = (part: "latin" | "latin-ext", weight: 400 | 700): string =>
  require.resolve(`@fontsource/noto-sans/files/noto-sans-${part}-${weight}-normal.woff`)
const cjkFile = (script: "SC" | "JP", weight: 400 | 700): string => {
  const style = weight === 400 ? "400Regular" : "700Bold"
  return require.resolve(`@expo-google-fonts/noto-sans-${script.toLowerCase()}/${style}/NotoSans${script}_${style}.ttf`)
}

const FONTS = {
  regular: { latin: latinFile("latin", 400), ext: latinFile("latin-ext", 400), SC: cjkFile("SC", 400), JP: cjkFile("JP", 400) },
  bold: { latin: latinFile("latin", 700), ext: latinFile("latin-ext", 700), SC: cjkFile("SC", 700), JP: cjkFile("JP", 700) },
} as const
type Weight = keyof typeof FONTS

/**
 * The CJK font files, read once when first drawn with (about 10 MB for SC, 5 MB for JP a weight)
 * rather than from disk for every PDF; pdfkit opens a font only when a run uses it.
 */
const fontBytes = new Map<string, Buffer>()
const cjkFont = (file: string): Buffer => {
  let bytes = fontBytes.get(file)
  if (!bytes) {
    bytes = readFileSync(file)
    fontBytes.set(file, bytes)
  }
  return bytes
}

/** Code points of the Latin part beyond U+0000-00FF and U+2000-206F (fontsource's unicode-range). */
const LATIN_EXTRA = new Set([
  0x131, 0x152, 0x153, 0x2bb, 0x2bc, 0x2c6, 0x2da, 0x2dc, 0x304, 0x308, 0x329, 0x20ac, 0x2122, 0x2191, 0x2193, 0x2212, 0x2215, 0xfeff, 0xfffd,
])
const inLatinPart = (cp: number): boolean => cp <= 0xff || (cp >= 0x2000 && cp <= 0x206f) || LATIN_EXTRA.has(cp)

/**
 * The blocks drawn with the CJK font: CJK radicals, symbols and punctuation (、。「」), hiragana,
 * katakana, bopomofo, CJK strokes and enclosed forms, the unified ideographs (with extension A and
 * the supplementary planes' extensions), compatibility ideographs and forms, and half-width and
 * full-width forms (：（）！). Hangul is not among them: Noto Sans SC and JP have no Hangul glyphs.
 */
const CJK_BLOCKS: ReadonlyArray<readonly [number, number]> = [
  [0x2e80, 0x2fff],
  [0x3000, 0x303f],
  [0x3040, 0x30ff],
  [0x3100, 0x312f],
  [0x3190, 0x31ff],
  [0x3200, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
  [0x20000, 0x3ffff],
]
const inCjkPart = (cp: number): boolean => CJK_BLOCKS.some(([from, to]) => cp >= from && cp <= to)

/**
 * Characters Intl puts in numbers and dates that Noto Sans's web subsets have no glyph for, drawn as
 * their nearest equivalent: the narrow no-break space of French and other locales' digit groups and
 * times becomes a no-break space.
 */
const SUBSTITUTES: Readonly<Record<string, string>> = { "\u202f": "\u00a0", "\u2009": " ", "\u200e": "", "\u200f": "" }

export type FontPart = "latin" | "ext" | "cjk"

/** The text split into runs drawn with one font each: Latin, Latin Extended or CJK. */
export const fontRuns = (text: string): Array<{ readonly text: string; readonly part: FontPart }> => {
  const runs: Array<{ text: string; part: FontPart }> = []
  for (const original of text) {
    const ch = SUBSTITUTES[original] ?? original
    if (ch === "") continue
    const cp = ch.codePointAt(0) ?? 0
    const part: FontPart = inLatinPart(cp) ? "latin" : inCjkPart(cp) ? "cjk" : "ext"
    const last = runs[runs.length - 1]
    if (last && last.part === part) last.text += ch
    else runs.push({ text: ch, part })
  }
  return runs
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
const INK = "#1a202c"
const MUTED = "#5a6474"
const RULE = "#cbd2dc"

interface TextStyle {
  readonly size?: number
  readonly weight?: Weight
  readonly color?: string
  readonly width?: number
  readonly align?: "left" | "right"
}

/** One line of the statement: what it draws on and where the next line goes. */
class Writer {
  y: number = PAGE.margin
  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly texts: StatementTexts,
    readonly locale: string,
    readonly currency: string,
    cjk: "SC" | "JP",
  ) {
    for (const weight of ["regular", "bold"] as const) {
      doc.registerFont(`${weight}-latin`, FONTS[weight].latin)
      doc.registerFont(`${weight}-ext`, FONTS[weight].ext)
    }
    // Registered under a name only; the bytes are read when a run first needs them.
    this.cjkFiles = { regular: FONTS.regular[cjk], bold: FONTS.bold[cjk] }
  }

  private readonly cjkFiles: Readonly<Record<Weight, string>>

  /** Selects the font of a run at `size`. */
  private font(weight: Weight, part: FontPart, size: number): PDFKit.PDFDocument {
    const name = `${weight}-${part}`
    if (part === "cjk" && !this.registered.has(name)) {
      this.doc.registerFont(name, cjkFont(this.cjkFiles[weight]))
      this.registered.add(name)
    }
    return this.doc.font(name).fontSize(size)
  }

  private readonly registered = new Set<string>()

  private width(text: string, weight: Weight, size: number): number {
    let total = 0
    for (const run of fontRuns(text)) total += this.font(weight, run.part, size).widthOfString(run.text)
    return total
  }

  /** Draws `text` on one line at (x, y), cut with an ellipsis to `width`, aligned in it. */
  text(value: string, x: number, y: number, style: TextStyle = {}): void {
    const size = style.size ?? 9
    const weight = style.weight ?? "regular"
    let text = value
    if (style.width !== undefined && this.width(text, weight, size) > style.width) {
      while (text.length > 1 && this.width(`${text}…`, weight, size) > style.width) text = text.slice(0, -1)
      text = `${text.trimEnd()}…`
    }
    let at = x
    if (style.align === "right" && style.width !== undefined) at = x + style.width - this.width(text, weight, size)
    this.doc.fillColor(style.color ?? INK)
    for (const run of fontRuns(text)) {
      this.font(weight, run.part, size).text(run.text, at, y, { lineBreak: false })
      at += this.doc.widthOfString(run.text)
    }
  }

  rule(y: number, color: string = RULE): void {
    this.doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke()
  }

  /** Room for `height` more points on this page, else a new page. Returns whether a page was added. */
  room(height: number): boolean {
    if (this.y + height <= PAGE.height - PAGE.margin - 24) return false
    this.doc.addPage()
    this.y = PAGE.margin
    return true
  }

  money(amount: string): string {
    return formatMoney(amount, this.currency, this.locale, { fraction: "fixed" })
  }

  /** A transaction's description in the statement's language: its code's template with each value formatted by its kind, or its free text. */
  description(transaction: Pick<StatementTransaction, "description" | "descriptionText">): string {
    const text = transaction.descriptionText
    if (text === null) return transaction.description ?? ""
    const template: string | undefined = Object.hasOwn(this.texts.descriptions, text.code)
      ? this.texts.descriptions[text.code as StatementDescriptionCode]
      : undefined
    if (template === undefined) return transaction.description ?? ""
    const values = formattedTransactionValues(text, {
      quantity: (value) => this.quantity(value),
      money: (value) => this.money(value),
      text: (value) => value,
      orderType: (value) => (Object.hasOwn(this.texts.orderTypes, value) ? this.texts.orderTypes[value as OrderType] : value),
      channel: (value) => value,
      reason: (value) => value,
    })
    return template.replace(/\{([a-zA-Z0-9]+)\}/g, (_, name: string) => values[name] ?? "")
  }

  /** A quantity with every fraction digit it has: a document has no hover to show the full value. */
  quantity(value: string): string {
    return formatFullQuantity(value, this.locale)
  }

  date(value: string): string {
    return formatDate(value, this.locale, { timeZone: "UTC" })
  }

  dateTime(value: string): string {
    return `${formatDateTime(value, this.locale, { timeZone: "UTC" })} UTC`
  }

  heading(title: string, generatedAt: Date): void {
    this.text("Chartfolio", PAGE.margin, this.y, { size: 11, weight: "bold", color: "#2b6cb0" })
    this.text(`${this.texts.generated}: ${this.dateTime(generatedAt.toISOString())}`, PAGE.margin, this.y + 2, {
      size: 8,
      color: MUTED,
      width: CONTENT_WIDTH,
      align: "right",
    })
    this.y += 20
    this.text(title, PAGE.margin, this.y, { size: 18, weight: "bold" })
    this.y += 30
    this.rule(this.y)
    this.y += 10
  }

  section(title: string): void {
    this.room(60)
    this.y += 8
    this.text(title, PAGE.margin, this.y, { size: 11, weight: "bold" })
    this.y += 18
  }

  /**
   * Label / value pairs in two columns, or one pair a line (`wide`, for long values such as ids).
   * The labels take the width of the longest (at most 124 points), the values the rest, so the short
   * Chinese and Japanese labels leave room for their longer dates.
   */
  facts(pairs: ReadonlyArray<readonly [string, string]>, options: { readonly wide?: boolean } = {}): void {
    const perLine = options.wide ? 1 : 2
    const column = CONTENT_WIDTH / perLine
    const label = Math.min(124, Math.ceil(Math.max(...pairs.map(([l]) => this.width(l, "regular", 9)))) + 16)
    for (let i = 0; i < pairs.length; i += perLine) {
      this.room(16)
      for (const [j, pair] of pairs.slice(i, i + perLine).entries()) {
        const x = PAGE.margin + j * column
        this.text(pair[0], x, this.y, { color: MUTED, width: label - 4 })
        this.text(pair[1], x + label, this.y, { weight: "bold", width: column - label - 8 })
      }
      this.y += 16
    }
  }

  /** A table: a header row (repeated on every page) and its rows; `widths` are fractions of the page's width. */
  table(
    columns: ReadonlyArray<{ readonly header: string; readonly width: number; readonly align?: "left" | "right" }>,
    rows: ReadonlyArray<ReadonlyArray<string>>,
  ): void {
    const header = () => {
      let x = PAGE.margin
      for (const c of columns) {
        const width = c.width * CONTENT_WIDTH
        this.text(c.header, x + 2, this.y, { size: 8, weight: "bold", color: MUTED, width: width - 4, ...(c.align ? { align: c.align } : {}) })
        x += width
      }
      this.y += 13
      this.rule(this.y - 2)
    }
    this.room(30)
    header()
    for (const row of rows) {
      if (this.room(15)) header()
      let x = PAGE.margin
      for (const [i, c] of columns.entries()) {
        const width = c.width * CONTENT_WIDTH
        this.text(row[i] ?? "", x + 2, this.y + 2, { width: width - 4, ...(c.align ? { align: c.align } : {}) })
        x += width
      }
      this.y += 15
    }
    this.rule(this.y)
    this.y += 6
  }

  note(value: string): void {
    this.room(16)
    this.text(value, PAGE.margin, this.y, { color: MUTED, width: CONTENT_WIDTH })
    this.y += 16
  }
}

const confirmation = (w: Writer, data: ConfirmationData, now: Date): void => {
  const t = w.texts
  w.heading(t.confirmationTitle, now)
  w.facts([
    [t.accountNumber, data.account.accountNumber],
    [t.accountHolder, data.account.holder],
    [t.custodian, data.account.custodian],
    [t.currency, data.account.currency],
    [t.orderType, t.orderTypes[data.type]],
    [t.tradeDate, w.dateTime(data.tradeDate)],
    [t.settlementDate, w.date(data.settlementDate)],
    [t.side, data.side === "BUY" ? t.buy : t.sell],
    [t.exchange, data.exchange],
    [t.symbol, data.symbol],
    [t.name, data.name],
  ])
  w.facts([[t.orderId, data.orderId]], { wide: true })
  w.section(t.confirmationTitle)
  w.table(
    [
      { header: t.quantity, width: 0.16, align: "right" },
      { header: t.price, width: 0.21, align: "right" },
      { header: t.amount, width: 0.21, align: "right" },
      { header: t.fees, width: 0.16, align: "right" },
      { header: t.total, width: 0.26, align: "right" },
    ],
    [[w.quantity(data.quantity), w.money(data.price), w.money(data.amount), w.money(data.fees), w.money(data.total)]],
  )
}

const accountStatement = (w: Writer, data: AccountStatementData, now: Date, monthLabel: string): void => {
  const t = w.texts
  w.heading(`${t.statementTitle} · ${monthLabel}`, now)
  w.facts([
    [t.accountNumber, data.account.accountNumber],
    [t.accountHolder, data.account.holder],
    [t.custodian, data.account.custodian],
    [t.currency, data.account.currency],
    [t.period, `${w.date(data.periodStart)} – ${w.date(data.periodEnd)}`],
    [t.openingCash, w.money(data.openingCash)],
    [t.closingCash, w.money(data.closingCash)],
    [t.positionsValue, w.money(data.positionsValue)],
  ])
  w.section(t.transactions)
  if (data.transactions.length === 0) w.note(t.noTransactions)
  else
    w.table(
      [
        { header: t.date, width: 0.15 },
        { header: t.type, width: 0.13 },
        { header: t.description, width: 0.36 },
        { header: t.movement, width: 0.17, align: "right" },
        { header: t.balance, width: 0.19, align: "right" },
      ],
      data.transactions.map((tr) => [w.date(tr.time), t.tranTypes[tr.type], w.description(tr), w.money(tr.amount), w.money(tr.balance)]),
    )
  w.section(t.positions)
  if (data.positions.length === 0) w.note(t.noPositions)
  else
    w.table(
      [
        { header: t.symbol, width: 0.14 },
        { header: t.name, width: 0.32 },
        { header: t.quantity, width: 0.14, align: "right" },
        { header: t.price, width: 0.19, align: "right" },
        { header: t.value, width: 0.21, align: "right" },
      ],
      data.positions.map((p) => [p.symbol, p.name, w.quantity(p.quantity), w.money(p.price), w.money(p.value)]),
    )
}

/** The statement as PDF bytes, its labels and formats in `lang`. */
export const renderStatementPdf = (data: StatementData, lang: StatementLanguage, now: Date): Promise<Uint8Array<ArrayBuffer>> => {
  const locale = STATEMENT_LOCALES[lang]
  const texts = STATEMENT_TEXTS[lang]
  const monthLabel =
    data.kind === "account"
      ? new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${data.periodStart}T00:00:00Z`))
      : ""
  const title =
    data.kind === "confirmation"
      ? `${texts.confirmationTitle} ${data.account.accountNumber} ${data.symbol}`
      : `${texts.statementTitle} ${data.account.accountNumber} ${monthLabel}`
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    lang: locale,
    info: { Title: title, Author: "Chartfolio", Subject: data.account.accountNumber, CreationDate: now, ModDate: now },
    displayTitle: true,
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk))
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on("error", reject)
  })
  const w = new Writer(doc, texts, locale, data.account.currency, lang === "ja" ? "JP" : "SC")
  if (data.kind === "confirmation") confirmation(w, data, now)
  else accountStatement(w, data, now, monthLabel)
  w.y += 10
  w.note(texts.disclaimer)
  doc.end()
  return done
}
