import { Button } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { fileNamePart, toCsv, type CsvCell } from "../../domain/csv"
import { portfolioLabel, type PortfolioLabelInputs } from "../../domain/labels"

/** Saves `text` as a file: the browser's download of a Blob URL, released right after. */
const saveFile = (fileName: string, text: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** A column of the file: its header (a key of the portfolio namespace's `csv` texts) and its cell for a row. */
export type CsvColumn<T> = readonly [header: string, cell: (row: T) => CsvCell]

/**
 * 'Download {list} as CSV' for a whole list (not only the rows on screen): the file is made from
 * `rows` and `columns` when pressed (src/domain/csv), its headers in the user's language. Nothing
 * is shown while the list is loading or empty. The file is named after the list, the portfolio and
 * today, e.g.
 * transactions-CUS-USD-1984321105-2026-11-25.csv.
 */
export function CsvDownloadButton<T>({
  list,
  listName,
  account,
  rows,
  columns,
}: {
  list: string
  listName: string
  account: PortfolioLabelInputs | null
  rows: ReadonlyArray<T> | null
  columns: ReadonlyArray<CsvColumn<T>>
}) {
  const { t } = useTranslation("portfolio")
  if (account === null || rows === null || rows.length === 0) return null
  const today = new Date().toISOString().slice(0, 10)
  const file = (all: ReadonlyArray<T>) =>
    toCsv(
      columns.map(([header]) => t(`csv.${header}`)),
      all.map((row) => columns.map(([, cell]) => cell(row))),
    )
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => saveFile(`${list}-${fileNamePart(portfolioLabel(account, "order-modal"))}-${today}.csv`, file(rows), "text/csv;charset=utf-8")}
    >
      {t("csv.download", { list: listName })}
    </Button>
  )
}
