import { Box, Table } from "@chakra-ui/react"
import type { ReactNode } from "react"

/** One column of a table's header. */
export interface HeadColumn {
  readonly label: ReactNode
  /** Figures: the header aligns with them at the end. */
  readonly end?: boolean
  /** Said to screen readers only (a column of buttons). */
  readonly srOnly?: boolean
}

/** A table's header row, each column a header of its column (`scope="col"`). */
export function TableHead({ columns }: { readonly columns: ReadonlyArray<HeadColumn> }) {
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((c, i) => (
          <Table.ColumnHeader key={i} scope="col" {...(c.end ? { textAlign: "end" } : {})}>
            {c.srOnly ? (
              <Box as="span" srOnly>
                {c.label}
              </Box>
            ) : (
              c.label
            )}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  )
}
