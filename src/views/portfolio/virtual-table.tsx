import { useVirtualizer } from "@tanstack/react-virtual"
import { memo, useRef, type ReactNode } from "react"
import type { SystemStyleObject } from "@chakra-ui/react"
import { StaticStyles, useStaticClasses, type StyleSheetSpec } from "../shared/static-classes"
import { PALETTE, type StatusBadgeKey } from "./shared"

/** One column of a `VirtualTable`. */
export interface VirtualColumn<T> {
  readonly key: string
  /** The header text (already translated). */
  readonly header: string
  /** Its CSS grid track, e.g. "minmax(10rem, 2fr)" or "7rem". */
  readonly width: string
  readonly align?: "start" | "end"
  /** The header is read by screen readers only (e.g. a column of buttons). */
  readonly hideHeader?: boolean
  readonly render: (row: T) => ReactNode
}

/** Height of a body row in pixels; rows never grow (cells truncate), so the virtualiser needs no measuring. */
export const ROW_HEIGHT = 56

/** Rows rendered beyond each edge of the view (for keyboard focus moving to the next row, and a fast wheel). */
const OVERSCAN = 3

const cell = (align: "start" | "end") =>
  ({
    display: "flex",
    alignItems: "center",
    justifyContent: align === "end" ? "flex-end" : "flex-start",
    textAlign: align === "end" ? "end" : "start",
    paddingX: "2.5",
    minWidth: "0",
    overflow: "hidden",
  }) as const
const header = { fontSize: "xs", fontWeight: "semibold", letterSpacing: "wide", color: "fg.muted", paddingY: "2" } as const

/** The table's own elements: the styles its Chakra boxes had, as classes made once. */
const TABLE_STYLES: StyleSheetSpec<"region" | "head" | "headRow" | "headStart" | "headEnd" | "srOnly" | "body" | "row" | "cellStart" | "cellEnd"> = () => ({
    region: { overflow: "auto", maxHeight: "min(36rem, 65vh)", borderWidth: "1px", borderRadius: "md", _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing" } },
    head: { position: "sticky", top: "0", zIndex: "1", bg: "bg.muted", borderBottomWidth: "1px" },
    headRow: { display: "grid", minHeight: "10" },
    headStart: [cell("start"), header],
    headEnd: [cell("end"), header],
    srOnly: { srOnly: true },
    body: { position: "relative" },
    row: { display: "grid", position: "absolute", top: "0", left: "0", width: "100%", borderBottomWidth: "1px" },
    cellStart: cell("start"),
    cellEnd: cell("end"),
  })

type TableClasses = Readonly<Record<keyof ReturnType<typeof TABLE_STYLES>, string>>

/**
 * The Chakra pieces the tables' cells show (a link, texts, outline buttons, status badges), as
 * classes made once per system: an element with one looks like the Chakra component with those
 * props (`Link`, `Text`, `Stack`/`HStack`, `Button size="xs" variant="outline"`, `StatusBadge`),
 * without resolving its recipe on every render of every row. Cells use plain elements with these
 * classes.
 */
const CELL_STYLES: StyleSheetSpec<
  "link" | "stack" | "hstack" | "hstackStart" | "truncate" | "semiboldTruncate" | "smallMutedTruncate" | "fg" | "kindDebit" | "kindCredit" | "kindOthers" | "sideBuy" | "sideSell" | "buttonOutline" | "buttonOutlineRed" | StatusBadgeKey
> = (system) => {
  const link = system.getRecipeFn("link")({})
  const button = system.getRecipeFn("button")({ size: "xs", variant: "outline" })
  const badge = system.getRecipeFn("badge")({ variant: "subtle" })
  return {
    link: [link, { fontWeight: "semibold", color: "blue.fg", truncate: true }],
    stack: { display: "flex", flexDirection: "column", gap: "0", minWidth: "0", lineHeight: "short" },
    hstack: { display: "flex", alignItems: "center", flexDirection: "row", gap: "2" },
    hstackStart: { display: "flex", alignItems: "center", flexDirection: "row", gap: "2", minWidth: "0" },
    truncate: { truncate: true },
    semiboldTruncate: { fontWeight: "semibold", truncate: true },
    smallMutedTruncate: { fontSize: "xs", color: "fg.muted", truncate: true },
    fg: { color: "fg" },
    kindDebit: { color: "red.fg" },
    kindCredit: { color: "green.fg" },
    kindOthers: { color: "fg.muted" },
    sideBuy: { fontSize: "xs", fontWeight: "semibold", color: "green.fg" },
    sideSell: { fontSize: "xs", fontWeight: "semibold", color: "red.fg" },
    buttonOutline: button,
    buttonOutlineRed: [button, { colorPalette: "red" }],
    // StatusBadge's looks: the subtle badge in each status colour's palette.
    ...(Object.fromEntries(Object.entries(PALETTE).map(([colour, palette]) => [`status-${colour}`, [badge, { colorPalette: palette }]])) as Record<StatusBadgeKey, SystemStyleObject[]>),
  }
}

/** The classes of `CELL_STYLES` for a table's cells (call in the page; use them in the columns' `render`; `VirtualTable` inserts their rules). */
export const useCellClasses = () => useStaticClasses(CELL_STYLES)

/** The rules of the table's and its cells' classes. */
const SPECS: ReadonlyArray<StyleSheetSpec<string>> = [TABLE_STYLES, CELL_STYLES]

/**
 * A table that stays smooth with 10,000 rows: only the rows in view (plus a few either side) are
 * in the DOM. It keeps table semantics for screen readers with ARIA roles: `table` with
 * `aria-rowcount` (every row, header included), `row`s with their `aria-rowindex`, `columnheader`s
 * and `cell`s. The header row stays in view (sticky) while the body scrolls inside the labelled,
 * keyboard-focusable region; narrow screens scroll it sideways.
 *
 * Rows are plain elements with classes made once (`TABLE_STYLES`), and each row is memoised by its
 * key: a scroll renders only the rows that came into view, and a row renders again only when its
 * data or the columns change.
 */
export function VirtualTable<T>({
  label,
  rows,
  columns,
  rowKey,
  minWidth = "40rem",
}: {
  label: string
  rows: ReadonlyArray<T>
  columns: ReadonlyArray<VirtualColumn<T>>
  /** A stable key of a row; `index` for lists whose rows have no id of their own. */
  rowKey: (row: T, index: number) => string
  minWidth?: string
}) {
  const classes = useStaticClasses(TABLE_STYLES)
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Before the first measurement (and where layout is unknown), render a screenful.
    initialRect: { width: 0, height: ROW_HEIGHT * 10 },
  })
  const template = columns.map((c) => c.width).join(" ")

  return (
    <div ref={scrollRef} role="region" aria-label={label} tabIndex={0} className={classes.region}>
      <StaticStyles specs={SPECS} />
      <div role="table" aria-label={label} aria-rowcount={rows.length + 1} style={{ minWidth }}>
        <div role="rowgroup" className={classes.head}>
          <div role="row" aria-rowindex={1} className={classes.headRow} style={{ gridTemplateColumns: template }}>
            {columns.map((c) => (
              <div key={c.key} role="columnheader" className={c.align === "end" ? classes.headEnd : classes.headStart}>
                {c.hideHeader ? <span className={classes.srOnly}>{c.header}</span> : c.header}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className={classes.body} style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            if (row === undefined) return null
            return <VirtualRow key={rowKey(row, item.index)} row={row} index={item.index} start={item.start} columns={columns} template={template} classes={classes} />
          })}
        </div>
      </div>
    </div>
  )
}

interface RowProps<T> {
  row: T
  index: number
  start: number
  columns: ReadonlyArray<VirtualColumn<T>>
  template: string
  classes: TableClasses
}

/** One body row; memoised, so rows that stay in view are not rendered again on a scroll. */
const VirtualRow = memo(function VirtualRow<T>({ row, index, start, columns, template, classes }: RowProps<T>) {
  return (
    <div role="row" aria-rowindex={index + 2} className={classes.row} style={{ gridTemplateColumns: template, height: `${ROW_HEIGHT}px`, transform: `translateY(${start}px)` }}>
      {columns.map((c) => (
        <div key={c.key} role="cell" className={c.align === "end" ? classes.cellEnd : classes.cellStart}>
          {c.render(row)}
        </div>
      ))}
    </div>
  )
}) as <T>(props: RowProps<T>) => ReactNode
