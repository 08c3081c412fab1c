import { HStack } from "@chakra-ui/react"
import type { ReactNode } from "react"
import type { PortfolioLabelInputs } from "../../domain/labels"
import { CsvDownloadButton, type CsvColumn } from "./csv-download"
import { EmptyRows, SubpageCard } from "./subpage-card"
import { VirtualTable, type VirtualColumn } from "./virtual-table"

/**
 * A subpage's card that lists rows: skeleton rows while `rows` is null, `empty` when there are none,
 * else the virtual table named after the card. `csv` adds 'Download {title} as CSV' of the whole
 * list after the `actions`; `children` (a list's dialogs) render with the list.
 */
export function ListCard<T>({
  title,
  subtitle,
  empty,
  rows,
  columns,
  rowKey,
  minWidth,
  actions,
  csv,
  children,
}: {
  title: string
  subtitle: string
  empty: string
  rows: ReadonlyArray<T> | null
  columns: ReadonlyArray<VirtualColumn<T>>
  rowKey: (row: T, index: number) => string
  minWidth: string
  actions?: ReactNode
  /** The file's name starts with `list`, then the portfolio and today; `columns` are its columns. */
  csv?: { readonly list: string; readonly account: PortfolioLabelInputs | null; readonly columns: ReadonlyArray<CsvColumn<T>> }
  children?: ReactNode
}) {
  const download = csv && <CsvDownloadButton list={csv.list} listName={title} account={csv.account} rows={rows} columns={csv.columns} />
  return (
    <SubpageCard
      title={title}
      subtitle={subtitle}
      loading={rows === null}
      actions={
        actions && download ? (
          <HStack gap="2" flexWrap="wrap">
            {actions}
            {download}
          </HStack>
        ) : (
          actions || download
        )
      }
    >
      {rows !== null &&
        (rows.length === 0 ? <EmptyRows text={empty} /> : <VirtualTable label={title} rows={rows} columns={columns} rowKey={rowKey} minWidth={minWidth} />)}
      {children}
    </SubpageCard>
  )
}
