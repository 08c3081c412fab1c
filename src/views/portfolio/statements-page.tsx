import { Button, HStack, Table, Tabs, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { AccountDetails, StatementFile } from "../../contract/accounts"
import { formatDate, formatShortMonthYear } from "../../domain/dates"
import { listPage, STATEMENT_KINDS, type StatementKind } from "../../domain/statements"
import { isLanguageCode } from "../../i18n/languages"
import { TAG } from "../../machines/kit"
import { statementDownloadMachine } from "../../machines/statement-download.machine"
import { useWorkflowActor } from "../workflows"
import { useIntlLocale, useShownAccount } from "./shared"
import { EmptyRows, SubpageCard } from "./subpage-card"
import { TableHead } from "../shared/table-head"

const isStatementKind = (value: string): value is StatementKind => STATEMENT_KINDS.some((k) => k === value)

/**
 * /portfolio/{accountId}/statements (spec part 2 "Statements"): two tabs, 'Trade Confirmation'
 * (default) and 'Account Statement', each listing its files newest first with a download button,
 * a page at a time (`listPage`, with previous and next buttons when there is more than one page);
 * account statements are labelled by short month and year in the user's locale. The
 * statement-download chart keeps the tab and each tab's page, fetches the PDF (in the interface
 * language) and saves it.
 */
export function StatementsPage() {
  const { t } = useTranslation("portfolio")
  const account = useShownAccount()
  if (account === null) return <SubpageCard title={t("statements.title")} subtitle={t("statements.subtitle")} loading />
  return <StatementsCard key={account.accountId} account={account} />
}

function StatementsCard({ account }: { account: AccountDetails }) {
  const { t, i18n } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const actor = useWorkflowActor(statementDownloadMachine, { input: { accountId: account.accountId, accountNumber: account.accountNumber } })
  const tab = useSelector(actor, (s) => s.context.tab)
  const pages = useSelector(actor, (s) => s.context.pages)
  const downloading = useSelector(actor, (s) => (s.hasTag(TAG.busy) ? (s.context.request?.key ?? null) : null))
  const lang = isLanguageCode(i18n.language) ? i18n.language : "en"
  const labelOf = (kind: StatementKind, file: StatementFile) =>
    kind === "confirmation" ? formatDate(file.date, locale) : formatShortMonthYear(file.date, locale)

  return (
    <SubpageCard title={t("statements.title")} subtitle={t("statements.subtitle")} loading={false}>
      <Tabs.Root value={tab} onValueChange={(e) => isStatementKind(e.value) && actor.send({ type: "tab.change", tab: e.value })} variant="line" lazyMount>
        <Tabs.List aria-label={t("statements.tabs")}>
          {STATEMENT_KINDS.map((kind) => (
            <Tabs.Trigger key={kind} value={kind}>
              {t(`statements.${kind}.tab`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {STATEMENT_KINDS.map((kind) => {
          const all = account.details.statement[kind]
          const { items: files, page, pageCount } = listPage(all, pages[kind])
          const tabName = t(`statements.${kind}.tab`)
          const toPage = (to: number) => actor.send({ type: "page.change", tab: kind, page: to })
          return (
            <Tabs.Content key={kind} value={kind}>
              {all.length === 0 ? (
                <EmptyRows text={t(`statements.${kind}.empty`)} />
              ) : (
                <>
                  <Table.ScrollArea maxHeight="36rem" tabIndex={0} aria-label={t(`statements.${kind}.tab`)}>
                    <Table.Root size="sm" stickyHeader aria-label={t(`statements.${kind}.tab`)}>
                      <TableHead
                        columns={[
                          { label: t(kind === "confirmation" ? "statements.columns.date" : "statements.columns.month") },
                          { label: t("statements.columns.file"), end: true },
                        ]}
                      />
                      <Table.Body>
                        {files.map((file) => {
                          const label = labelOf(kind, file)
                          const busy = downloading === file.key
                          return (
                            <Table.Row key={file.key}>
                              <Table.Cell>
                                <Text as="span">{label}</Text>
                              </Table.Cell>
                              <Table.Cell textAlign="end">
                                <Button
                                  size="xs"
                                  variant="outline"
                                  colorPalette="blue"
                                  aria-label={t(`statements.${kind}.download`, { label })}
                                  loading={busy}
                                  disabled={downloading !== null && !busy}
                                  onClick={() => actor.send({ type: "statement.download", kind, key: file.key, date: file.date, lang })}
                                >
                                  {t("statements.download")}
                                </Button>
                              </Table.Cell>
                            </Table.Row>
                          )
                        })}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                  {pageCount > 1 && (
                    <HStack as="nav" aria-label={t("statements.pager.label", { tab: tabName })} justify="space-between" gap="3" pt="3">
                      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => toPage(page - 1)}>
                        {t("statements.pager.previous")}
                      </Button>
                      <Text fontSize="sm" aria-live="polite">
                        {t("statements.pager.status", { page, pages: pageCount })}
                      </Text>
                      <Button size="xs" variant="outline" disabled={page >= pageCount} onClick={() => toPage(page + 1)}>
                        {t("statements.pager.next")}
                      </Button>
                    </HStack>
                  )}
                </>
              )}
            </Tabs.Content>
          )
        })}
      </Tabs.Root>
    </SubpageCard>
  )
}
