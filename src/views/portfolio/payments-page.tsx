import { Button, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId, useMemo, useRef, useState } from "react"
import type { ActorRefFrom } from "xstate"
import { useTranslation } from "react-i18next"
import type { Payment } from "../../contract/accounts"
import { formatDateTime } from "../../domain/dates"
import { paymentActivity } from "../../domain/cash-flow"
import { formatMoney, formatNumber } from "../../domain/format"
import { FX_RATE_DECIMALS, needsConversion } from "../../domain/fx"
import { isWithdrawalCancellable } from "../../domain/withdrawal"
import { withdrawalCancelMachine } from "../../machines/withdrawal-cancel.machine"
import { withdrawalMachine } from "../../machines/withdrawal.machine"
import { usePortfoliosActor } from "../portfolios/portfolios-context"
import { useWorkflowActor } from "../workflows"
import { ConfirmDialog } from "../shared/confirm-dialog"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { useEnumLabel } from "../shared/enum-label"
import { usePaymentStepText } from "../shared/payment-step-text"
import { dateTimeColumn, statusColumn } from "./columns"
import { FactList, ProgressTimeline, StatusBadge, useIntlLocale, useRouteAccountId, useShownAccount } from "./shared"
import { ListCard } from "./list-card"
import { RowActions, useCellClasses, widestLines, widestMoney, type VirtualColumn } from "./virtual-table"
import { WithdrawalModal } from "./withdrawal-modal"

/**
 * /portfolio/{accountId}/payments (spec part 2 "Payments"): the account's deposits and
 * withdrawals, newest first: ACTIVITY (type / method / ****last4), AMOUNT, STATUS in the status
 * colours, DATE, and View, which opens 'Transaction Details' with the progress timeline (status,
 * date, activity) and the fees. Withdraw opens the withdraw modal (its own chart). A withdrawal the
 * payout rail has not sent to the bank yet offers 'Cancel withdrawal' in its details, which asks
 * "Cancel this withdrawal?" and cancels it through the withdrawal-cancel chart (issue 35).
 */
export function PaymentsPage() {
  const { t } = useTranslation("portfolio")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  const account = useShownAccount()
  const accountId = useRouteAccountId()
  const payments = account?.details.payments ?? null

  // Which payment's details are open (purely visual); the payment is read from the latest list.
  const [viewingRef, setViewingRef] = useState<string | null>(null)
  const viewing = payments?.find((p) => p.ref === viewingRef) ?? null
  const portfolios = usePortfoliosActor()
  const cancel = useWorkflowActor(withdrawalCancelMachine, { input: { portfolios } })

  const cells = useCellClasses()
  const columns = useMemo<ReadonlyArray<VirtualColumn<Payment>>>(() => {
    const activityOf = (p: Pick<Payment, "type" | "method" | "last4">) => paymentActivity(p, (type) => label("paymentType", type))
    return [
      {
        key: "activity",
        header: t("payments.columns.activity"),
        min: "9rem",
        grow: "2fr",
        // On at most two lines, broken after a " / ": the column holds the type with its "/" and the
        // rest (method / ****last4) on one line, so the last 4 digits always show whole.
        widest: (rows) =>
          widestLines(
            rows.flatMap((p) => {
              const [type = "", ...rest] = activityOf({ ...p, last4: p.last4 ? "0000" : null }).split(" / ")
              return rest.length > 0 ? [`${type} /`, rest.join(" / ")] : [type]
            }),
            `chakra-text ${cells.semiboldTwoLines}`,
          ),
        render: (p) => {
          const activity = activityOf(p)
          return (
            <span className={`chakra-text ${cells.semiboldTwoLines}`} title={activity}>
              {activity}
            </span>
          )
        },
      },
      {
        key: "amount",
        header: t("payments.columns.amount"),
        min: "6rem",
        grow: "1fr",
        align: "end",
        widest: (rows) =>
          widestMoney(
            rows,
            (p) => p.amount,
            (p) => p.currency,
            locale,
          ),
        render: (p) => <span className={cells.figure}>{formatMoney(p.amount, p.currency, locale, { fraction: "fixed" })}</span>,
      },
      statusColumn(t("payments.columns.status"), (p) => p.status, cells, label),
      dateTimeColumn(t("payments.columns.date"), (p) => p.createdAt, cells, locale),
      {
        key: "actions",
        header: t("payments.columns.actions"),
        hideHeader: true,
        min: "3rem",
        align: "end",
        widest: () => <RowActions cells={cells} view={{ text: t("payments.view") }} />,
        render: (p) => (
          <RowActions
            cells={cells}
            view={{ text: t("payments.view"), name: t("payments.viewOne", { activity: activityOf(p) }), onClick: () => setViewingRef(p.ref) }}
          />
        ),
      },
    ]
  }, [t, label, locale, cells])

  return (
    <ListCard
      title={t("payments.title")}
      subtitle={t("payments.subtitle")}
      empty={t("payments.empty")}
      rows={payments}
      columns={columns}
      rowKey={(p) => p.ref}
      minWidth="40rem"
      actions={accountId !== null && <WithdrawAction key={accountId} accountId={accountId} />}
      csv={{
        list: "payments",
        account,
        columns: [
          ["reference", (p) => ({ text: p.ref })],
          ["type", (p) => ({ text: p.type })],
          ["method", (p) => ({ text: p.method ?? "" })],
          ["last4", (p) => ({ text: p.last4 ?? "" })],
          ["status", (p) => ({ text: p.status })],
          ["amount", (p) => ({ number: p.amount })],
          ["serviceFee", (p) => ({ number: p.serviceFee })],
          ["instantFee", (p) => ({ number: p.instantFee })],
          ["processFee", (p) => ({ number: p.processFee })],
          ["total", (p) => ({ number: p.total })],
          ["currency", (p) => ({ text: p.currency })],
          ["date", (p) => ({ text: p.createdAt })],
        ],
      }}
    >
      <PaymentDetailDialog payment={viewing} locale={locale} onClose={() => setViewingRef(null)} onCancel={(payment) => cancel.send(cancelRequest(payment))} />
      <CancelWithdrawalDialog actor={cancel} locale={locale} />
    </ListCard>
  )
}

/** The Withdraw button and its modal, with the withdrawal chart of this portfolio (one per portfolio shown). */
function WithdrawAction({ accountId }: { accountId: string }) {
  const { t } = useTranslation("portfolio")
  const portfolios = usePortfoliosActor()
  const locale = useIntlLocale()
  const actor = useWorkflowActor(withdrawalMachine, { input: { locale, accountId, portfolios } })
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => actor.send({ type: "modal.open" })}>
        {t("withdraw.open")}
      </Button>
      <WithdrawalModal actor={actor} />
    </>
  )
}

/** The chart's request to cancel a payment (its type and status decide whether it may be). */
const cancelRequest = (payment: Payment) =>
  ({ type: "cancel.request", ref: payment.ref, amount: payment.total, currency: payment.currency, paymentType: payment.type, status: payment.status }) as const

/** "Cancel this withdrawal?": the withdrawal-cancel chart's confirmation (an alert dialog over the details). */
function CancelWithdrawalDialog({ actor, locale }: { actor: ActorRefFrom<typeof withdrawalCancelMachine>; locale: string }) {
  const { t } = useTranslation("portfolio")
  const target = useSelector(actor, (s) => s.context.target)
  const cancelling = useSelector(actor, (s) => s.hasTag("busy"))
  return (
    <ConfirmDialog
      open={target !== null}
      busy={cancelling}
      title={t("payments.cancel.title")}
      text={target ? t("payments.cancel.body", { amount: formatMoney(target.amount, target.currency, locale, { fraction: "fixed" }) }) : ""}
      keepLabel={t("payments.cancel.keep")}
      confirmLabel={t("payments.cancel.confirm")}
      busyLabel={t("payments.cancel.cancelling")}
      onKeep={() => actor.send({ type: "cancel.dismiss" })}
      onConfirm={() => actor.send({ type: "cancel.confirm" })}
    />
  )
}

/**
 * 'Transaction Details': the payment's figures, its progress timeline (status, date, activity) and
 * its fees; for a withdrawal not yet sent to the bank, 'Cancel withdrawal' (`onCancel`).
 */
function PaymentDetailDialog({
  payment,
  locale,
  onClose,
  onCancel,
}: {
  payment: Payment | null
  locale: string
  onClose: () => void
  onCancel: (payment: Payment) => void
}) {
  const { t } = useTranslation("portfolio")
  const label = useEnumLabel()
  const stepText = usePaymentStepText()
  const money = (value: string) => (payment ? formatMoney(value, payment.currency, locale, { fraction: "fixed" }) : "")
  const feesId = useId()
  // The dialog opens on Close, not on the first button (Cancel withdrawal when it can be cancelled):
  // an Enter pressed at once only closes what was opened to be read.
  const closeButton = useRef<HTMLButtonElement | null>(null)
  return (
    <WorkflowDialog
      open={payment !== null}
      onDismiss={onClose}
      title={t("payments.detail.title")}
      closeLabel={t("payments.detail.close")}
      initialFocusEl={() => closeButton.current}
      footer={
        <>
          {payment && isWithdrawalCancellable(payment) && (
            <Button variant="outline" colorPalette="red" aria-label={t("payments.cancel.openOne", { ref: payment.ref })} onClick={() => onCancel(payment)}>
              {t("payments.cancel.open")}
            </Button>
          )}
          <Button ref={closeButton} variant="outline" onClick={onClose}>
            {t("payments.detail.close")}
          </Button>
        </>
      }
    >
      {payment && (
        <Stack gap="5">
          {isWithdrawalCancellable(payment) && <Text color="fg.muted">{t("payments.cancel.hint")}</Text>}
          <FactList
            facts={[
              [t("payments.detail.activity"), paymentActivity(payment, (type) => label("paymentType", type))],
              [t("payments.detail.status"), <StatusBadge status={payment.status} />],
              [t("payments.detail.amount"), money(payment.amount)],
              // A payout converted to the bank account's currency: the rate it was paid at and what arrived (issue 30).
              ...(payment.payoutAmount && payment.payoutCurrency && needsConversion(payment.currency, payment.payoutCurrency)
                ? ([
                    [
                      t("withdraw.quote.rate"),
                      t("withdraw.quote.rateValue", {
                        from: payment.currency,
                        to: payment.payoutCurrency,
                        rate: formatNumber(payment.rate ?? "", locale, { maximumFractionDigits: FX_RATE_DECIMALS }),
                      }),
                    ],
                    [t("payments.detail.payout"), formatMoney(payment.payoutAmount, payment.payoutCurrency, locale, { fraction: "fixed" })],
                  ] as const)
                : []),
            ]}
          />
          <ProgressTimeline
            title={t("payments.detail.progress")}
            steps={payment.progress.map((step) => ({
              status: step.status,
              description: `${formatDateTime(step.date, locale)} · ${stepText(step, payment.currency)}`,
            }))}
          />
          <Stack gap="2">
            <Text fontWeight="semibold" id={feesId}>
              {t("payments.detail.fees")}
            </Text>
            <FactList
              labelledBy={feesId}
              facts={(["serviceFee", "instantFee", "processFee", "total"] as const).map((key) => [t(`payments.detail.${key}`), money(payment[key])] as const)}
            />
          </Stack>
        </Stack>
      )}
    </WorkflowDialog>
  )
}
