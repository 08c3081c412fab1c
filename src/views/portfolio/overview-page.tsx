import { DataList } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { formatDateTime } from "../../domain/dates"
import { underscoresToSpaces } from "../../domain/labels"
import { StatusBadge, useIntlLocale, useShownAccount } from "./shared"
import { SubpageCard } from "./subpage-card"

/**
 * /portfolio/{accountId}/overview. For now the account details only (spec part 2 "Overview":
 * accountId, accountNumber, account type with underscores as spaces, status, partner, currency,
 * created, updated); the charts, transactions, wire and reserved accounts come with their issue.
 */
export function OverviewPage() {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const account = useShownAccount()
  return (
    <SubpageCard title={t("overview.details.title")} subtitle={t("overview.details.subtitle")} loading={account === null}>
      {account && (
        <DataList.Root orientation="horizontal" size="md">
          {[
            [t("overview.details.accountId"), account.accountId],
            [t("overview.details.accountNumber"), account.accountNumber],
            [t("overview.details.type"), underscoresToSpaces(account.userType)],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel>{t("overview.details.status")}</DataList.ItemLabel>
            <DataList.ItemValue>
              <StatusBadge status={account.status} />
            </DataList.ItemValue>
          </DataList.Item>
          {[
            [t("overview.details.partner"), account.partner],
            [t("overview.details.currency"), account.currency],
            [t("overview.details.created"), formatDateTime(account.created, locale)],
            [t("overview.details.updated"), formatDateTime(account.updated, locale)],
          ].map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
    </SubpageCard>
  )
}
