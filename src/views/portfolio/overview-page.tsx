import { Badge, Box, HStack, Link, SimpleGrid, Skeleton, Stack, Table, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { lazy, Suspense, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { AccountDetails } from "../../contract/accounts"
import { latestTransactions, monthlyCashFlows, wireInstructions } from "../../domain/cash-flow"
import { formatDateTime } from "../../domain/dates"
import { formatMoney } from "../../domain/format"
import { transactionKind } from "../../domain/transaction-kind"
import { InstantDepositControl } from "./instant-deposit-control"
import { useEnumLabel } from "../shared/enum-label"
import { FactList, StatusBadge, useIntlLocale, useShownAccount } from "./shared"
import { EmptyRows, SubpageCard } from "./subpage-card"
import { TableHead } from "../shared/table-head"

// The chart library loads with the overview, in no other page's bundle.
const CashFlowChart = lazy(() => import("./cash-flow-chart"))

/**
 * /portfolio/{accountId}/overview (spec part 2 "Overview"): six months of inflow and outflow, the
 * latest four transactions, the wire account with its instructions, the reserved accounts and the
 * account details.
 */
export function OverviewPage() {
  const account = useShownAccount()
  return (
    <Stack gap="4">
      <CashFlowCard account={account} />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <LatestTransactionsCard account={account} />
        <ReservedAccountsCard account={account} />
      </SimpleGrid>
      <WireAccountCard account={account} />
      <AccountDetailsCard account={account} />
    </Stack>
  )
}

/** Six months of inflow and outflow, whole numbers: a bar per direction and month, with the table as its text. */
function CashFlowCard({ account }: { account: AccountDetails | null }) {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const flows = useMemo(() => (account ? monthlyCashFlows(account.details.transactions, new Date()) : []), [account])
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`))
  const money = (value: string) => formatMoney(value, account?.currency ?? "", locale, { fraction: "whole" })
  return (
    <SubpageCard title={t("overview.flows.title")} subtitle={t("overview.flows.subtitle")} loading={account === null}>
      <Stack gap="4">
        {/* The bars are a picture of the table below (the full text); their crosshair reads and announces one month at a time. */}
        <Suspense fallback={<Skeleton height="200px" />}>
          {account && <CashFlowChart flows={flows} currency={account.currency} locale={locale} monthName={monthName} />}
        </Suspense>
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={t("overview.flows.title")}>
            <Table.Caption srOnly>{t("overview.flows.subtitle")}</Table.Caption>
            <TableHead
              columns={[
                { label: t("overview.flows.month") },
                {
                  label: (
                    <Badge colorPalette="green" variant="subtle">
                      {t("overview.flows.inflow")}
                    </Badge>
                  ),
                  end: true,
                },
                {
                  label: (
                    <Badge colorPalette="red" variant="subtle">
                      {t("overview.flows.outflow")}
                    </Badge>
                  ),
                  end: true,
                },
              ]}
            />
            <Table.Body>
              {flows.map((f) => (
                <Table.Row key={f.month}>
                  <Table.Cell>{monthName(f.month)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(f.inflow)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(f.outflow)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    </SubpageCard>
  )
}

/** The latest four transactions, or 'No Transaction Record'; links to the whole list. */
function LatestTransactionsCard({ account }: { account: AccountDetails | null }) {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const label = useEnumLabel()
  const latest = account ? latestTransactions(account.details.transactions) : []
  return (
    <SubpageCard
      title={t("overview.latest.title")}
      subtitle={t("transactions.subtitle")}
      loading={account === null}
      actions={
        account && (
          <Link asChild fontSize="sm" color="blue.fg">
            <RouterLink to="/portfolio/$accountId/transactions" params={{ accountId: account.accountId }}>
              {t("overview.latest.seeAll")}
            </RouterLink>
          </Link>
        )
      }
    >
      {latest.length === 0 ? (
        <EmptyRows text={t("transactions.empty")} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t("overview.latest.title")}>
          {latest.map((tr, i) => {
            const kind = transactionKind(tr.tranType)
            return (
              <HStack as="li" key={`${tr.tranTime}-${i}`} justifyContent="space-between" gap="3">
                <Stack gap="0" minWidth="0">
                  <Text fontWeight="semibold" truncate>
                    {label("transactionType", tr.tranType).toLocaleUpperCase(locale)}{" "}
                    <Text as="span" srOnly>
                      ({t(`transactions.kind.${kind}`)})
                    </Text>
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatDateTime(tr.tranTime, locale)}
                  </Text>
                </Stack>
                <Text fontWeight="semibold" color={kind === "DEBIT" ? "red.fg" : kind === "CREDIT" ? "green.fg" : "fg"} whiteSpace="nowrap">
                  {formatMoney(tr.tranAmount, account?.currency ?? "", locale, { fraction: "fixed" })}
                </Text>
              </HStack>
            )
          })}
        </Stack>
      )}
    </SubpageCard>
  )
}

/** The reserved (NUBAN) accounts that fund the portfolio by transfer, or 'No Reserved Account found'. */
function ReservedAccountsCard({ account }: { account: AccountDetails | null }) {
  const { t } = useTranslation("portfolio")
  const nubans = account?.nubans ?? []
  return (
    <SubpageCard title={t("overview.reserved.title")} subtitle={t("overview.reserved.subtitle")} loading={account === null}>
      {nubans.length === 0 ? (
        <EmptyRows text={t("overview.reserved.empty")} />
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" aria-label={t("overview.reserved.title")}>
          {nubans.map((n) => (
            <Box as="li" key={n.ref} borderWidth="1px" borderRadius="md" padding="3">
              <FactList
                facts={[
                  [t("overview.reserved.bankName"), n.bankName],
                  [t("overview.reserved.accountNumber"), n.accountNumber],
                  [t("overview.reserved.accountName"), n.accountName],
                  [
                    t("overview.reserved.instantDeposit"),
                    <Badge colorPalette={n.instantDeposit ? "green" : "gray"}>
                      {n.instantDeposit ? t("overview.reserved.enabled") : t("overview.reserved.disabled")}
                    </Badge>,
                  ],
                ]}
              />
              {account && (
                <Box marginTop="3">
                  <InstantDepositControl accountId={account.accountId} nuban={n} />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </SubpageCard>
  )
}

/** Where to wire money to: the bank details and the instructions with this account's number filled in. */
function WireAccountCard({ account }: { account: AccountDetails | null }) {
  const { t } = useTranslation("portfolio")
  if (account !== null && account.wireAccount === null) return null
  const wire = account?.wireAccount ?? null
  return (
    <SubpageCard title={t("overview.wire.title")} subtitle={t("overview.wire.subtitle")} loading={account === null}>
      {wire && account && (
        <Stack gap="3">
          <FactList
            breakValues
            facts={(["beneficiaryName", "bankName", "accountNumber", "swiftCode", "routingNumber", "bankAddress"] as const).map(
              (key) => [t(`overview.wire.${key}`), wire[key]] as const,
            )}
          />
          <Text>{wireInstructions(wire.instructions, account.accountNumber)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t("overview.wire.thirdParty")}
          </Text>
        </Stack>
      )}
    </SubpageCard>
  )
}

/** The account details (accountId, number, type with underscores as spaces, status, partner, currency, dates). */
function AccountDetailsCard({ account }: { account: AccountDetails | null }) {
  const { t } = useTranslation("portfolio")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  return (
    <SubpageCard title={t("overview.details.title")} subtitle={t("overview.details.subtitle")} loading={account === null}>
      {account && (
        <FactList
          size="md"
          breakValues
          facts={[
            [t("overview.details.accountId"), account.accountId],
            [t("overview.details.accountNumber"), account.accountNumber],
            [t("overview.details.type"), label("accountType", account.userType)],
            [t("overview.details.status"), <StatusBadge status={account.status} />],
            [t("overview.details.partner"), account.partner],
            [t("overview.details.currency"), account.currency],
            [t("overview.details.created"), formatDateTime(account.created, locale)],
            [t("overview.details.updated"), formatDateTime(account.updated, locale)],
          ]}
        />
      )}
    </SubpageCard>
  )
}
