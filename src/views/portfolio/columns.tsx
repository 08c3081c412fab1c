import { formatDateTime } from "../../domain/dates"
import type { EnumLabel } from "../shared/enum-label"
import { statusBadgeClass } from "./shared"
import { widestDateTimes, type useCellClasses, type VirtualColumn } from "./virtual-table"

// Columns the account's lists (orders, payments, transactions) share, written once.

type CellClasses = ReturnType<typeof useCellClasses>

/** The status as a badge in its colour (spec part 2 section 4), the column as wide as the widest status of the rows. */
export const statusColumn = <R,>(header: string, statusOf: (row: R) => string, cells: CellClasses, label: EnumLabel): VirtualColumn<R> => ({
  key: "status",
  header,
  min: "6rem",
  widest: (rows) =>
    [...new Set(rows.map(statusOf))].map((status) => (
      <span key={status} className={statusBadgeClass(cells, status)}>
        {label("status", status)}
      </span>
    )),
  render: (row) => <span className={statusBadgeClass(cells, statusOf(row))}>{label("status", statusOf(row))}</span>,
})

/** The date and time in the user's notation, the column as wide as the widest such text. */
export const dateTimeColumn = <R,>(header: string, dateOf: (row: R) => string, cells: CellClasses, locale: string): VirtualColumn<R> => ({
  key: "date",
  header,
  min: "7rem",
  grow: "1.2fr",
  widest: () => widestDateTimes(locale),
  render: (row) => <span className={`chakra-text ${cells.truncate}`}>{formatDateTime(dateOf(row), locale)}</span>,
})
