import { Card, DataList, Skeleton } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { AccountDetails } from "../../contract/accounts"
import { accountValue, margin, positionsValue } from "../../domain/account-value"
import { formatMoney } from "../../domain/format"
import { useIntlLocale } from "./shared"

/**
 * The portfolio area's left side panel (spec part 2 "Left side panel"): Account Value (positions
 * value + cash), Positions (their value) and Total cash; Margin Balance and Total Margin only when
 * the account's margin multiplier is above 1. Skeletons while the account loads.
 */
export function PortfolioSidePanel({ account }: { account: AccountDetails | null }) {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const rows: Array<[string, string]> = []
  if (account) {
    const money = (value: string) => formatMoney(value, account.currency, locale, { fraction: "fixed" })
    const held = positionsValue(account.positions)
    rows.push(
      [t("side.accountValue"), money(accountValue(held, account.cashBalance))],
      [t("side.positions"), money(held)],
      [t("side.totalCash"), money(account.cashBalance)],
    )
    const figures = margin(account.portfolio, account.cashBalance)
    if (figures) rows.push([t("side.marginBalance"), money(figures.marginBalance)], [t("side.totalMargin"), money(figures.totalMargin)])
  }
  return (
    <Card.Root as="aside" aria-label={t("side.label")} variant="subtle" minWidth="0">
      <Card.Body>
        {account ? (
          <DataList.Root orientation="vertical" size="lg" gap="4">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue fontSize="xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {value}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        ) : (
          <DataList.Root orientation="vertical" size="lg" gap="4" aria-busy="true">
            {[t("side.accountValue"), t("side.positions"), t("side.totalCash")].map((label) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Skeleton height="6" width="70%" />
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        )}
      </Card.Body>
    </Card.Root>
  )
}
