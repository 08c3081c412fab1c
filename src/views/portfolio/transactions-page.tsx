import { IconButton, Portal, Tooltip } from "@chakra-ui/react"
import { useCallback, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useEnumLabel } from "../shared/enum-label"
import { useTransactionText } from "../shared/transaction-text"
import type { Transaction } from "../../contract/accounts"
import { formatMoney } from "../../domain/format"
import { transactionKind, type TransactionKind } from "../../domain/transaction-kind"
import { dateTimeColumn } from "./columns"
import { useIntlLocale, useShownAccount } from "./shared"
import { ListCard } from "./list-card"
import { useCellClasses, widestMoney, type VirtualColumn } from "./virtual-table"

/** The kind's icon: an arrow out of the account (DEBIT), into it (CREDIT), a return arrow (REVERSAL: a withdrawal came back), or a dot (OTHERS). */
const KIND_PATHS: Readonly<Record<TransactionKind, string>> = {
  DEBIT: "M12 19V5M5 12l7-7 7 7",
  CREDIT: "M12 5v14M5 12l7 7 7-7",
  REVERSAL: "M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3",
  OTHERS: "M12 12m-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0",
}
function KindIcon({ kind, label }: { kind: TransactionKind; label: string }) {
  const path = KIND_PATHS[kind]
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" role="img" aria-label={label} focusable="false" style={{ flexShrink: 0 }}>
      <path d={path} fill={kind === "OTHERS" ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** The hint icon: a button (reachable by keyboard) whose tooltip shows the transaction's comment. */
function CommentHint({ comment, label }: { comment: string; label: string }) {
  return (
    <Tooltip.Root openDelay={150} closeDelay={100}>
      <Tooltip.Trigger asChild>
        <IconButton size="xs" variant="ghost" aria-label={label}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxWidth="18rem">{comment}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  )
}

/**
 * /portfolio/{accountId}/transactions (spec part 2 "Transactions"): the account's cash movements,
 * newest first, in a virtualised table: ACTIVITY (an icon per kind DEBIT / CREDIT / OTHERS, the
 * type in upper case and the description), AMOUNT, DATE, and a hint whose tooltip shows the comment.
 */
export function TransactionsPage() {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const label = useEnumLabel()
  // The transaction type in upper case (spec part 2 "Transactions"), in the user's language.
  const typeOf = useCallback((tranType: string) => label("transactionType", tranType).toLocaleUpperCase(locale), [label, locale])
  const say = useTransactionText()
  const account = useShownAccount()
  const transactions = account?.details.transactions ?? null
  const currency = account?.currency ?? ""

  const cells = useCellClasses()
  const columns = useMemo<ReadonlyArray<VirtualColumn<Transaction>>>(
    () => [
      {
        key: "activity",
        header: t("transactions.columns.activity"),
        min: "10rem",
        grow: "2fr",
        render: (tr) => {
          const kind = transactionKind(tr.tranType)
          const { description } = say(tr, currency)
          return (
            <div
              className={`chakra-stack ${cells.hstackStart} ${kind === "DEBIT" ? cells.kindDebit : kind === "CREDIT" ? cells.kindCredit : cells.kindOthers}`}
            >
              <KindIcon kind={kind} label={t(`transactions.kind.${kind}`)} />
              <div className={`chakra-stack ${cells.stack} ${cells.fg}`}>
                <span className={`chakra-text ${cells.semiboldTruncate}`}>{typeOf(tr.tranType)}</span>
                {description && (
                  <span className={`chakra-text ${cells.smallMutedTruncate}`} title={description}>
                    {description}
                  </span>
                )}
              </div>
            </div>
          )
        },
      },
      {
        key: "amount",
        header: t("transactions.columns.amount"),
        min: "6rem",
        grow: "1fr",
        align: "end",
        widest: (rows) =>
          widestMoney(
            rows,
            (tr) => tr.tranAmount,
            () => currency,
            locale,
          ),
        render: (tr) => <span className={cells.figure}>{formatMoney(tr.tranAmount, currency, locale, { fraction: "fixed" })}</span>,
      },
      dateTimeColumn(t("transactions.columns.date"), (tr) => tr.tranTime, cells, locale),
      {
        key: "comment",
        header: t("transactions.columns.comment"),
        hideHeader: true,
        min: "3rem",
        align: "end",
        render: (tr) => {
          const { comment } = say(tr, currency)
          return comment ? <CommentHint comment={comment} label={t("transactions.comment", { type: typeOf(tr.tranType) })} /> : null
        },
      },
    ],
    [t, locale, currency, typeOf, cells, say],
  )

  return (
    <ListCard
      title={t("transactions.title")}
      subtitle={t("transactions.subtitle")}
      empty={t("transactions.empty")}
      rows={transactions}
      columns={columns}
      rowKey={(tr, i) => `${tr.tranTime}-${i}`}
      minWidth="32rem"
      csv={{
        list: "transactions",
        account,
        columns: [
          ["type", (tr) => ({ text: tr.tranType.toUpperCase() })],
          ["kind", (tr) => ({ text: transactionKind(tr.tranType) })],
          ["description", (tr) => ({ text: say(tr, currency).description })],
          ["amount", (tr) => ({ number: tr.tranAmount })],
          ["currency", () => ({ text: currency })],
          ["date", (tr) => ({ text: tr.tranTime })],
          ["comment", (tr) => ({ text: say(tr, currency).comment })],
        ],
      }}
    />
  )
}
