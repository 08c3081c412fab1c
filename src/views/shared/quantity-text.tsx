import { formatFullQuantity, formatQuantity } from "../../domain/format"

/**
 * A quantity as every page shows it (src/domain/format: up to 4 fraction digits), its full value
 * on hover (the title) when the shown one is rounded: "169.6404", hover "169.6404341926".
 */
export function QuantityText({ value, locale }: { value: string | null | undefined; locale: string }) {
  const shown = formatQuantity(value, locale)
  const full = formatFullQuantity(value, locale)
  return <span title={full !== shown ? full : undefined}>{shown}</span>
}
