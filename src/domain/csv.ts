/**
 * CSV as spreadsheets open it correctly (the transactions, payments and orders downloads): UTF-8
 * with a byte-order mark (so Excel reads non-ASCII text), CRLF line ends (RFC 4180), fields quoted
 * when they hold a comma, quote or line break. Dates are ISO 8601 and amounts plain decimals (the
 * caller passes them so). A text cell that a spreadsheet would run as a formula (starting with =,
 * +, -, @, tab or CR) is prefixed with an apostrophe; number cells are left as they are.
 */

/** The byte-order mark that starts the file. */
export const CSV_BOM = "\uFEFF"

/** A cell: text (guarded against formulas) or a number written as a plain decimal string. */
export type CsvCell = { readonly text: string } | { readonly number: string }

const FORMULA_START = /^[=+\-@\t\r]/

const quoted = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

const cellText = (cell: CsvCell): string => ("number" in cell ? quoted(cell.number) : quoted(FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text))

/** The whole file: BOM, the header row (in the user's language), then one row per record. */
export const toCsv = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string =>
  CSV_BOM + [header.map((h) => cellText({ text: h })), ...rows.map((r) => r.map(cellText))].map((r) => r.join(",")).join("\r\n") + "\r\n"

/** A file name part from free text: letters, digits, dots and dashes only ("CUS USD 19843" -> "CUS-USD-19843"). */
export const fileNamePart = (text: string): string =>
  text
    .trim()
    .replace(/[^\p{L}\p{N}.-]+/gu, "-")
    .replace(/^[-.]+|[-.]+$/g, "") || "export"
