import { Button } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { fileNamePart } from "../../domain/csv"
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

/**
 * 'Download CSV' for a whole list (not only the rows on screen): `build` makes the file when
 * pressed (src/domain/csv). The file is named after the list, the portfolio and today, e.g.
 * transactions-CUS-USD-1984321105-2026-11-25.csv.
 */
export function CsvDownloadButton({ list, listName, account, build }: { list: string; listName: string; account: PortfolioLabelInputs; build: () => string }) {
  const { t } = useTranslation("portfolio")
  const today = new Date().toISOString().slice(0, 10)
  return (
    <Button size="sm" variant="outline" onClick={() => saveFile(`${list}-${fileNamePart(portfolioLabel(account, "order-modal"))}-${today}.csv`, build(), "text/csv;charset=utf-8")}>
      {t("csv.download", { list: listName })}
    </Button>
  )
}
