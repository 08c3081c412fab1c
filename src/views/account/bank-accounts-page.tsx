import { Button, Heading, Stack } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { BankAccount } from "../../contract/bank-accounts"
import { countryName } from "../../domain/country-names"
import { formatDateTime } from "../../domain/dates"
import { bankAccountDistinction, bankAccountOptionText } from "../../domain/withdrawal"
import { addBankAccountMachine } from "../../machines/add-bank-account.machine"
import { bankAccountsMachine, selectedAccount } from "../../machines/bank-accounts.machine"
import { TAG } from "../../machines/kit"
import { FactList, StatusBadge, statusBadgeClass, useIntlLocale, type Fact } from "../portfolio/shared"
import { ListCard } from "../portfolio/list-card"
import { RowActions, useCellClasses, widestDateTimes, widestLines, type VirtualColumn } from "../portfolio/virtual-table"
import { useEnumLabel } from "../shared/enum-label"
import { RetryState } from "../shared/retry-state"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { ConfirmDialog } from "../shared/confirm-dialog"
import { useWorkflowActor } from "../workflows"
import { AddBankAccountModal } from "./add-bank-account-modal"

type ListActor = ActorRefFrom<typeof bankAccountsMachine>

/**
 * /user-account/bank-accounts (spec part 2 "User account area"): 'User Withdrawal Bank Account',
 * a table of BANK ACCOUNT (bank name, last 4 digits, currency), STATUS, DATE, with View (a details
 * dialog) and Delete (an alert dialog to confirm); Add Bank Account opens the add modal. The
 * bank-accounts chart owns the list and deleting; the add-bank-account chart the modal, and tells
 * the list to reload after an account was added.
 */
export function BankAccountsPage() {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const list = useWorkflowActor(bankAccountsMachine)
  const add = useWorkflowActor(addBankAccountMachine, { input: { list } })
  const accounts = useSelector(list, (s) => s.context.accounts)
  const failed = useSelector(list, (s) => s.hasTag(TAG.failed))

  const label = useEnumLabel()
  const cells = useCellClasses()
  const columns = useMemo<ReadonlyArray<VirtualColumn<BankAccount>>>(
    () => [
      {
        key: "bankAccount",
        header: t("bankAccounts.columns.bankAccount"),
        min: "10rem",
        grow: "2fr",
        // The bank's name over the last 4 digits and the currency, which tell two accounts at one bank
        // apart and are never cut; a name longer than the column ends in "…" (the whole text is the title).
        widest: (rows) => (
          <>
            {widestLines(
              rows.map((a) => a.bankName.trim().slice(0, 16)),
              `chakra-text ${cells.semiboldTruncate}`,
            )}
            {widestLines(
              rows.map((a) => bankAccountDistinction({ ...a, accountNumber: "0000" })),
              `chakra-text ${cells.smallMutedWhole}`,
            )}
          </>
        ),
        render: (a) => (
          <div className={`chakra-stack ${cells.stack}`} title={bankAccountOptionText(a)}>
            <span className={`chakra-text ${cells.semiboldTruncate}`}>{a.bankName.trim()}</span>{" "}
            <span className={`chakra-text ${cells.smallMutedWhole}`}>{bankAccountDistinction(a)}</span>
          </div>
        ),
      },
      {
        key: "status",
        header: t("bankAccounts.columns.status"),
        min: "6rem",
        widest: (rows) =>
          [...new Set(rows.map((a) => a.status))].map((status) => (
            <span key={status} className={statusBadgeClass(cells, status)}>
              {label("status", status)}
            </span>
          )),
        render: (a) => <span className={statusBadgeClass(cells, a.status)}>{label("status", a.status)}</span>,
      },
      {
        key: "date",
        header: t("bankAccounts.columns.date"),
        min: "7rem",
        grow: "1.2fr",
        widest: () => widestDateTimes(locale),
        render: (a) => <span className={`chakra-text ${cells.truncate}`}>{formatDateTime(a.createdAt, locale)}</span>,
      },
      {
        key: "actions",
        header: t("bankAccounts.columns.actions"),
        hideHeader: true,
        min: "4rem",
        align: "end",
        widest: () => <RowActions cells={cells} view={{ text: t("bankAccounts.view") }} danger={{ text: t("bankAccounts.delete") }} />,
        render: (a) => (
          <RowActions
            cells={cells}
            view={{
              text: t("bankAccounts.view"),
              name: t("bankAccounts.viewOne", { account: bankAccountOptionText(a) }),
              onClick: () => list.send({ type: "details.open", ref: a.ref }),
            }}
            danger={{
              text: t("bankAccounts.delete"),
              name: t("bankAccounts.deleteOne", { account: bankAccountOptionText(a) }),
              onClick: () => list.send({ type: "delete.request", ref: a.ref }),
            }}
          />
        ),
      },
    ],
    [t, locale, list, label, cells],
  )

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.bank-accounts")}
      </Heading>
      {failed && accounts === null ? (
        <RetryState title={t("bankAccounts.failed")} retry={t("bankAccounts.retry")} onRetry={() => list.send({ type: "list.retry" })} />
      ) : (
        <ListCard
          title={t("bankAccounts.title")}
          subtitle={t("bankAccounts.subtitle")}
          empty={t("bankAccounts.empty")}
          rows={accounts}
          columns={columns}
          rowKey={(a) => a.ref}
          minWidth="36rem"
          actions={
            <Button size="sm" colorPalette="blue" onClick={() => add.send({ type: "modal.open" })}>
              {t("bankAccounts.add")}
            </Button>
          }
        />
      )}
      <BankAccountDetails list={list} />
      <DeleteConfirmation list={list} />
      <AddBankAccountModal actor={add} />
    </Stack>
  )
}

/** The details of one saved bank account (the number as the server lists it: masked but the last 4). */
function BankAccountDetails({ list }: { list: ListActor }) {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const open = useSelector(list, (s) => s.hasTag("details"))
  const account = useSelector(list, (s) => selectedAccount(s.context))
  const close = () => list.send({ type: "details.close" })
  const facts: Fact[] = account
    ? [
        [t("bankAccounts.detail.bankName"), account.bankName],
        [t("bankAccounts.detail.accountNumber"), account.accountNumber],
        [t("bankAccounts.detail.accountName"), account.accountName],
        [t("bankAccounts.detail.accountType"), t(`bankAccounts.addModal.types.${account.accountType}`)],
        [t("bankAccounts.detail.currency"), account.currency],
        [t("bankAccounts.detail.status"), <StatusBadge status={account.status} />],
        ...(
          [
            ["swiftAba", account.swiftAba],
            ["bankAddress", account.bankAddress],
            ["bankCity", account.bankCity],
            ["bankProvince", account.bankProvince],
            ["bankZipCode", account.bankZipCode],
          ] as const
        )
          .filter(([, value]) => value !== null && value !== "")
          .map(([key, value]) => [t(`bankAccounts.detail.${key}`), value] as Fact),
        ...(account.bankCountryCode ? [[t("bankAccounts.detail.country"), countryName(account.bankCountryCode, locale)] as Fact] : []),
        [t("bankAccounts.detail.created"), formatDateTime(account.createdAt, locale)],
      ]
    : []
  return (
    <WorkflowDialog
      open={open && account !== null}
      onDismiss={close}
      title={t("bankAccounts.detail.title")}
      closeLabel={t("bankAccounts.detail.close")}
      footer={
        <Button variant="outline" onClick={close}>
          {t("bankAccounts.detail.close")}
        </Button>
      }
    >
      {account && <FactList facts={facts} />}
    </WorkflowDialog>
  )
}

/** The alert dialog confirming a deletion; it cannot be dismissed while the request runs. */
function DeleteConfirmation({ list }: { list: ListActor }) {
  const { t } = useTranslation("account")
  const open = useSelector(list, (s) => s.hasTag("confirm"))
  const busy = useSelector(list, (s) => s.hasTag(TAG.busy))
  const account = useSelector(list, (s) => selectedAccount(s.context))
  const cancel = () => list.send({ type: "delete.cancel" })
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={t("bankAccounts.confirm.title")}
      text={t("bankAccounts.confirm.text", { account: account ? bankAccountOptionText(account) : "" })}
      keepLabel={t("bankAccounts.confirm.cancel")}
      confirmLabel={t("bankAccounts.confirm.confirm")}
      onKeep={cancel}
      onConfirm={() => list.send({ type: "delete.confirm" })}
    />
  )
}
