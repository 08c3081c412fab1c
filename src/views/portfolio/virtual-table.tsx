import { useVirtualizer } from "@tanstack/react-virtual"
import { memo, useLayoutEffect, useMemo, useRef, type CSSProperties, type ReactNode } from "react"
import type { SystemStyleObject } from "@chakra-ui/react"
import { StaticStyles, useStaticClasses, type StyleSheetSpec } from "../shared/static-classes"
import { formatDateTime } from "../../domain/dates"
import { formatMoney } from "../../domain/format"
import { widestAmounts } from "../../domain/widest-figures"
import { PALETTE, type StatusBadgeKey } from "./shared"

/** One column of a `VirtualTable`. */
export interface VirtualColumn<T> {
  readonly key: string
  /** The header text (already translated). */
  readonly header: string
  /** The column's least width (a CSS length, e.g. "7rem"); `widest` can raise it. */
  readonly min: string
  /** How far the column may grow past its least width (a grid track's maximum, e.g. "1fr"); none: it keeps its least width. */
  readonly grow?: string
  /**
   * The widest content the column shows (the largest amounts, the longest date, every status, the
   * row's buttons), drawn hidden once and measured: the column is never narrower, so a figure or a
   * button is never cut. It is asked for with every list; it must not render every row.
   */
  readonly widest?: (rows: ReadonlyArray<T>) => ReactNode
  readonly align?: "start" | "end"
  /** The header is read by screen readers only (e.g. a column of buttons). */
  readonly hideHeader?: boolean
  readonly render: (row: T) => ReactNode
}

/** Height of a body row in pixels (room for two lines); rows never grow (cells truncate), so the virtualiser needs no measuring. */
export const ROW_HEIGHT = 56

/** Rows rendered beyond each edge of the view (for keyboard focus moving to the next row, and a fast wheel). */
const OVERSCAN = 3

// "safe": content wider than its cell (which the columns' least widths prevent) is cut at its end,
// never at its start, where the first digits of an amount are.
const cell = (align: "start" | "end") =>
  ({
    display: "flex",
    alignItems: "center",
    justifyContent: align === "end" ? "safe flex-end" : "flex-start",
    textAlign: align === "end" ? "end" : "start",
    paddingX: "2",
    minWidth: "0",
    overflow: "hidden",
  }) as const
const header = { fontSize: "xs", fontWeight: "semibold", letterSpacing: "wide", color: "fg.muted", paddingY: "2" } as const

/** The table's own elements: the styles its Chakra boxes had, as classes made once. */
const TABLE_STYLES: StyleSheetSpec<
  "region" | "head" | "headRow" | "headStart" | "headEnd" | "srOnly" | "body" | "row" | "cellStart" | "cellEnd" | "sizer" | "sizerCell"
> = () => ({
  region: {
    overflow: "auto",
    maxHeight: "min(36rem, 65vh)",
    borderWidth: "1px",
    borderRadius: "md",
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing" },
  },
  head: { position: "sticky", top: "0", zIndex: "1", bg: "bg.muted", borderBottomWidth: "1px" },
  headRow: { display: "grid", gridTemplateColumns: "var(--vt-columns)", minHeight: "10" },
  headStart: [cell("start"), header],
  headEnd: [cell("end"), header],
  srOnly: { srOnly: true },
  body: { position: "relative" },
  row: {
    display: "grid",
    gridTemplateColumns: "var(--vt-columns)",
    position: "absolute",
    top: "0",
    left: "0",
    width: "100%",
    height: `${ROW_HEIGHT}px`,
    borderBottomWidth: "1px",
  },
  cellStart: cell("start"),
  cellEnd: cell("end"),
  // The widest contents, laid out at their own width and never seen: no height, hidden, inert.
  sizer: { display: "flex", alignItems: "flex-start", height: "0", overflow: "hidden", visibility: "hidden", pointerEvents: "none" },
  sizerCell: { display: "flex", flexDirection: "column", flex: "none", width: "max-content", paddingX: "2" },
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
  | "link"
  | "stack"
  | "hstack"
  | "hstackStart"
  | "truncate"
  | "figure"
  | "semiboldTwoLines"
  | "smallMutedWhole"
  | "semiboldTruncate"
  | "smallMutedTruncate"
  | "fg"
  | "kindDebit"
  | "kindCredit"
  | "kindOthers"
  | "sideBuy"
  | "sideSell"
  | "buttonOutline"
  | "buttonOutlineRed"
  | StatusBadgeKey
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
    figure: { whiteSpace: "nowrap" },
    // Text on at most two lines, broken between words (a column is at least as wide as its longest unbreakable part).
    semiboldTwoLines: { fontWeight: "semibold", whiteSpace: "normal", lineClamp: "2", lineHeight: "short" },
    smallMutedWhole: { fontSize: "xs", color: "fg.muted", whiteSpace: "nowrap" },
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
    ...(Object.fromEntries(Object.entries(PALETTE).map(([colour, palette]) => [`status-${colour}`, [badge, { colorPalette: palette }]])) as Record<
      StatusBadgeKey,
      SystemStyleObject[]
    >),
  }
}

/** The classes of `CELL_STYLES` for a table's cells (call in the page; use them in the columns' `render`; `VirtualTable` inserts their rules). */
export const useCellClasses = () => useStaticClasses(CELL_STYLES)

/** One of a row's buttons: its word, and (in a row, not the `widest` template) its own accessible name and what it does. */
export interface RowButton {
  readonly text: string
  readonly name?: string
  readonly onClick?: () => void
  readonly disabled?: boolean
  /** Why it is disabled: its tooltip, and its description through `describedBy`. */
  readonly title?: string
  readonly describedBy?: string
}

/**
 * A row's actions (View, then a red one if any: Delete, Cancel) as plain buttons in the cells'
 * looks. Without `onClick`s it is the actions column's `widest` template: the buttons as wide as
 * their words are in the language, out of the tab order.
 */
export function RowActions({
  cells,
  view,
  danger,
  children,
}: {
  readonly cells: Readonly<Record<"hstack" | "buttonOutline" | "buttonOutlineRed", string>>
  readonly view: RowButton
  readonly danger?: RowButton
  readonly children?: ReactNode
}) {
  const button = (b: RowButton, look: string) => (
    <button
      type="button"
      className={`chakra-button ${look}`}
      {...(b.onClick ? { onClick: b.onClick } : { tabIndex: -1 })}
      {...(b.name === undefined ? {} : { "aria-label": b.name })}
      {...(b.disabled ? { disabled: true } : {})}
      {...(b.title === undefined ? {} : { title: b.title })}
      {...(b.describedBy === undefined ? {} : { "aria-describedby": b.describedBy })}
    >
      {b.text}
    </button>
  )
  return (
    <div className={`chakra-stack ${cells.hstack}`}>
      {button(view, cells.buttonOutline)}
      {danger && button(danger, cells.buttonOutlineRed)}
      {children}
    </div>
  )
}

/** Texts for a column's `widest`, each on its own line (`className`: the cells' look, e.g. semibold); repeats drawn once. */
export const widestLines = (lines: Iterable<string>, className = ""): ReactNode =>
  [...new Set(lines)].map((line) => (
    <span key={line} className={className} style={{ display: "block", whiteSpace: "nowrap" }}>
      {line}
    </span>
  ))

/** A money column's `widest`: the amounts of `rows` written widest (src/domain/widest-figures), formatted as the cells are (two decimals). */
export const widestMoney = <T,>(
  rows: ReadonlyArray<T>,
  amountOf: (row: T) => string | null | undefined,
  currencyOf: (row: T) => string,
  locale: string,
  options: { signDisplay?: "always" | "exceptZero" } = {},
): ReactNode => widestLines(widestAmounts(rows, amountOf, currencyOf).map((a) => formatMoney(a.amount, a.currency, locale, { fraction: "fixed", ...options })))

const dateSamples = new Map<string, ReadonlyArray<string>>()
/**
 * A date column's `widest`: a date and time (`formatDateTime`) in each month, on a two-digit day,
 * before and after noon, as the locale writes them: no date of a row is written wider (month names
 * and day periods differ in length), so the time is never cut. Made once per locale.
 */
export const widestDateTimes = (locale: string): ReactNode => {
  let samples = dateSamples.get(locale)
  if (samples === undefined) {
    samples = Array.from({ length: 24 }, (_, i) => formatDateTime(new Date(2028, i % 12, 28, i < 12 ? 10 : 22, 58), locale))
    dateSamples.set(locale, samples)
  }
  return widestLines(samples)
}

/** The rules of the table's and its cells' classes. */
const SPECS: ReadonlyArray<StyleSheetSpec<string>> = [TABLE_STYLES, CELL_STYLES]

/** The CSS variable holding the measured width of column `i`'s widest content (set on the table). */
const fitVar = (i: number) => `--vt-fit-${i}`

/** Column `i`'s least width: its `min`, or its widest content once measured when wider. */
const leastWidth = <T,>(column: VirtualColumn<T>, i: number) => (column.widest ? `max(${column.min}, var(${fitVar(i)}, 0px))` : column.min)

/** The grid track of column `i`: from its least width up to its `grow` (a column without one keeps its least width). */
const track = <T,>(column: VirtualColumn<T>, i: number) => `minmax(${leastWidth(column, i)}, ${column.grow ?? "0px"})`

/**
 * A table that stays smooth with 10,000 rows: only the rows in view (plus a few either side) are
 * in the DOM. It keeps table semantics for screen readers with ARIA roles: `table` with
 * `aria-rowcount` (every row, header included), `row`s with their `aria-rowindex`, `columnheader`s
 * and `cell`s. The header row stays in view (sticky) while the body scrolls inside the labelled,
 * keyboard-focusable region.
 *
 * No figure is cut: a column with `widest` is never narrower than that content, which the table
 * draws once, hidden, and measures (again when it changes size, e.g. once the web font has
 * loaded); the widths go to CSS variables of the table, so the rows are not rendered again. The
 * table is as wide as its columns' least widths need (at least `minWidth`): where the screen is
 * narrower (a phone), the region scrolls sideways and every amount and button stays whole.
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
  const tableRef = useRef<HTMLDivElement>(null)
  const sizerRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Before the first measurement (and where layout is unknown), render a screenful.
    initialRect: { width: 0, height: ROW_HEIGHT * 10 },
  })
  const layout = useMemo(
    () =>
      ({
        "--vt-columns": columns.map(track).join(" "),
        minWidth: `max(${minWidth}, calc(${columns.map(leastWidth).join(" + ")}))`,
      }) as CSSProperties,
    [columns, minWidth],
  )
  // The widest content of each column that has one, for the hidden sizer.
  const widest = useMemo(() => columns.map((c) => (c.widest ? c.widest(rows) : null)), [columns, rows])

  // Measure the sizer's cells before the first paint, and again whenever one changes size. Every
  // width is read before any is written: a write between two reads would make the browser lay out
  // the page again for the next read (one layout per column instead of one in all).
  useLayoutEffect(() => {
    const table = tableRef.current
    const sizer = sizerRef.current
    if (!table || !sizer) return
    const measure = () => {
      const widths = Array.from(
        sizer.children,
        (cell) => [Number((cell as HTMLElement).dataset.column), Math.ceil(cell.getBoundingClientRect().width)] as const,
      )
      for (const [index, width] of widths) table.style.setProperty(fitVar(index), `${width}px`)
    }
    measure()
    if (typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(measure)
    for (const cell of sizer.children) observer.observe(cell)
    return () => observer.disconnect()
  }, [widest])

  return (
    <div ref={scrollRef} role="region" aria-label={label} tabIndex={0} className={classes.region}>
      <StaticStyles specs={SPECS} />
      <div ref={sizerRef} className={classes.sizer} aria-hidden="true" inert>
        {widest.map((content, i) =>
          content === null ? null : (
            <div key={columns[i]?.key ?? i} data-column={i} className={classes.sizerCell}>
              {content}
            </div>
          ),
        )}
      </div>
      <div ref={tableRef} role="table" aria-label={label} aria-rowcount={rows.length + 1} style={layout}>
        <div role="rowgroup" className={classes.head}>
          <div role="row" aria-rowindex={1} className={classes.headRow}>
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
            return <VirtualRow key={rowKey(row, item.index)} row={row} index={item.index} start={item.start} columns={columns} classes={classes} />
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
  classes: TableClasses
}

/** One body row; memoised, so rows that stay in view are not rendered again on a scroll. */
const VirtualRow = memo(function VirtualRow<T>({ row, index, start, columns, classes }: RowProps<T>) {
  return (
    <div role="row" aria-rowindex={index + 2} className={classes.row} style={{ transform: `translateY(${start}px)` }}>
      {columns.map((c) => (
        <div key={c.key} role="cell" className={c.align === "end" ? classes.cellEnd : classes.cellStart}>
          {c.render(row)}
        </div>
      ))}
    </div>
  )
}) as <T>(props: RowProps<T>) => ReactNode
