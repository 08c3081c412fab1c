import { DataList } from "@chakra-ui/react"
import type { ReactNode } from "react"

/** One fact of a `FactList`: its label and its value (text, a badge...). */
export type Fact = readonly [label: string, value: ReactNode]

/** Label / value pairs side by side (account details, an order's or a payment's figures, bank details). */
export function FactList({
  facts,
  size = "sm",
  breakValues = false,
  labelledBy,
}: {
  facts: ReadonlyArray<Fact>
  size?: "sm" | "md"
  breakValues?: boolean
  labelledBy?: string
}) {
  return (
    <DataList.Root orientation="horizontal" size={size} aria-labelledby={labelledBy}>
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak={breakValues ? "break-word" : undefined}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}
