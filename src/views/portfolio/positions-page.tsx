import { HStack, Link, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { Position } from "../../contract/accounts"
import { formatMoney, formatPercent } from "../../domain/format"
import { QuantityText } from "../shared/quantity-text"
import { profitLoss } from "../../domain/profit-loss"
import { widestAmounts } from "../../domain/widest-figures"
import { InstrumentImage } from "../shared/instrument-image"
import { useIntlLocale, useShownAccount } from "./shared"
import { ListCard } from "./list-card"
import { widestLines, widestMoney, type VirtualColumn } from "./virtual-table"

/**
 * Profit or loss of a position (spec part 2 "Positions"): equityBalance - costBasis with its sign
 * and its percentage of the cost basis to two decimals (0 when the cost basis is 0 or less), in
 * the primary colour when positive and the danger colour when negative.
 */
function ProfitLossCell({ position, currency, locale }: { position: Position; currency: string; locale: string }) {
  const pl = profitLoss(position)
  const amount = formatMoney(pl.amount, currency, locale, { fraction: "fixed", signDisplay: "exceptZero" })
  const percent = formatPercent(pl.percentage, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "exceptZero" })
  const colour = pl.tone === "positive" ? "blue.fg" : pl.tone === "negative" ? "red.fg" : "fg"
  return (
    <Text as="span" color={colour} fontVariantNumeric="tabular-nums" whiteSpace="nowrap" textAlign="end" lineHeight="short">
      <Text as="span" display="block">
        {amount}
      </Text>{" "}
      <Text as="span" display="block" fontSize="xs">
        ({percent})
      </Text>
    </Text>
  )
}

/** /portfolio/{accountId}/positions: the selected account's holdings in a virtualised table. */
export function PositionsPage() {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const account = useShownAccount()
  const positions = account?.details.positions ?? null
  const currency = account?.currency ?? ""

  const columns = useMemo<ReadonlyArray<VirtualColumn<Position>>>(() => {
    // An amount of the account's currency, its column as wide as its widest amount.
    const moneyColumn = (key: "costBasis" | "price" | "value", min: string, grow: string, amountOf: (p: Position) => string): VirtualColumn<Position> => ({
      key,
      header: t(`positions.columns.${key}`),
      min,
      grow,
      align: "end",
      widest: (rows) => widestMoney(rows, amountOf, () => currency, locale),
      render: (p) => formatMoney(amountOf(p), currency, locale, { fraction: "fixed" }),
    })
    return [
      {
        key: "asset",
        header: t("positions.columns.asset"),
        min: "6.5rem",
        grow: "1.3fr",
        render: (p) => (
          <HStack gap="2" minWidth="0">
            <InstrumentImage src={p.asset.imageUrl} size="6" />
            <Link asChild fontWeight="semibold" color="blue.fg" truncate>
              <RouterLink to="/instruments/view/$instrumentId" params={{ instrumentId: p.instrumentId }}>
                {p.symbol}
              </RouterLink>
            </Link>
          </HStack>
        ),
      },
      {
        key: "quantity",
        header: t("positions.columns.quantity"),
        min: "5rem",
        grow: "0.8fr",
        align: "end",
        render: (p) => <QuantityText value={p.totalQuantity} locale={locale} />,
      },
      moneyColumn("costBasis", "6rem", "1fr", (p) => p.costBasis),
      moneyColumn("price", "5.5rem", "0.8fr", (p) => p.price),
      moneyColumn("value", "6rem", "1fr", (p) => p.equityBalance),
      {
        key: "profitLoss",
        header: t("positions.columns.profitLoss"),
        min: "7.5rem",
        grow: "1fr",
        align: "end",
        // A gain or loss is at most the larger of the value and the cost basis in size: that, signed, bounds its width.
        widest: (rows) =>
          widestLines(
            widestAmounts(
              rows.flatMap((p) => [p.equityBalance, p.costBasis]),
              (amount) => amount.replace(/^-/, ""),
              () => currency,
            ).map((a) => formatMoney(`-${a.amount}`, currency, locale, { fraction: "fixed", signDisplay: "exceptZero" })),
          ),
        render: (p) => <ProfitLossCell position={p} currency={currency} locale={locale} />,
      },
    ]
  }, [t, locale, currency])

  return (
    <ListCard
      title={t("positions.title")}
      subtitle={t("positions.subtitle")}
      empty={t("positions.empty")}
      rows={positions}
      columns={columns}
      rowKey={(p) => p.instrumentId}
      minWidth="40rem"
    />
  )
}
