import { Box, VisuallyHidden } from "@chakra-ui/react"
import { useVirtualizer } from "@tanstack/react-virtual"
import { useRef, type ReactNode } from "react"

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

/**
 * A table that stays smooth with 10,000 rows: only the rows in view (plus a few either side) are
 * in the DOM. It keeps table semantics for screen readers with ARIA roles: `table` with
 * `aria-rowcount` (every row, header included), `row`s with their `aria-rowindex`, `columnheader`s
 * and `cell`s. The header row stays in view (sticky) while the body scrolls inside the labelled,
 * keyboard-focusable region; narrow screens scroll it sideways.
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
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before the first measurement (and where layout is unknown), render a screenful.
    initialRect: { width: 0, height: ROW_HEIGHT * 10 },
  })
  const template = columns.map((c) => c.width).join(" ")
  const cellProps = (align: "start" | "end" | undefined) =>
    ({
      display: "flex",
      alignItems: "center",
      justifyContent: align === "end" ? "flex-end" : "flex-start",
      textAlign: align === "end" ? "end" : "start",
      paddingX: "2.5",
      minWidth: "0",
      overflow: "hidden",
    }) as const

  return (
    <Box ref={scrollRef} role="region" aria-label={label} tabIndex={0} overflow="auto" maxHeight="min(36rem, 65vh)" borderWidth="1px" borderRadius="md" _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing" }}>
      <Box role="table" aria-label={label} aria-rowcount={rows.length + 1} minWidth={minWidth}>
        <Box role="rowgroup" position="sticky" top="0" zIndex="1" bg="bg.muted" borderBottomWidth="1px">
          <Box role="row" aria-rowindex={1} display="grid" gridTemplateColumns={template} minHeight="10">
            {columns.map((c) => (
              <Box key={c.key} role="columnheader" {...cellProps(c.align)} fontSize="xs" fontWeight="semibold" letterSpacing="wide" color="fg.muted" paddingY="2">
                {c.hideHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
              </Box>
            ))}
          </Box>
        </Box>
        <Box role="rowgroup" position="relative" style={{ height: `${virtualizer.getTotalSize()}px` }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            if (row === undefined) return null
            return (
              <Box
                key={rowKey(row, item.index)}
                role="row"
                aria-rowindex={item.index + 2}
                display="grid"
                gridTemplateColumns={template}
                position="absolute"
                top="0"
                left="0"
                width="100%"
                borderBottomWidth="1px"
                style={{ height: `${ROW_HEIGHT}px`, transform: `translateY(${item.start}px)` }}
              >
                {columns.map((c) => (
                  <Box key={c.key} role="cell" {...cellProps(c.align)}>
                    {c.render(row)}
                  </Box>
                ))}
              </Box>
            )
          })}
        </Box>
      </Box>
    </Box>
  )
}
