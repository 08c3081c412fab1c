import { Alert, Button, Stack } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useMemo, useState } from "react"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import type { Order } from "../../contract/orders"
import { formatDateTime } from "../../domain/dates"
import { formatFullQuantity, formatMoney, formatQuantity } from "../../domain/format"
import { isOrderCancellable } from "../../domain/portfolio-rules"
import { orderCancelMachine } from "../../machines/order-cancel.machine"
import { ConfirmDialog } from "../shared/confirm-dialog"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { useEnumLabel } from "../shared/enum-label"
import { useWorkflow, useWorkflowActor } from "../workflows"
import { usePortfoliosActor } from "../portfolios/portfolios-context"
import { dateTimeColumn, statusColumn } from "./columns"
import { FactList, ProgressTimeline, StatusBadge, useIntlLocale, useShownAccount } from "./shared"
import { ListCard } from "./list-card"
import { RowActions, useCellClasses, widestMoney, type VirtualColumn } from "./virtual-table"

/** A progress time with seconds: the steps of an order are often seconds apart. */
const formatStepTime = (time: string, locale: string): string => {
  const date = new Date(time)
  return Number.isNaN(date.getTime()) ? "" : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }).format(date)
}

/**
 * A rejected order's 'Error Message' in the user's language: from the reason's code and figures
 * when the server sent them (amounts and quantities formatted for the locale), else its text.
 */
const rejectionMessage = (response: NonNullable<Order["response"]>, t: TFunction<"portfolio">, locale: string): string | null => {
  const reason = response.reason
  if (!reason) return response.error
  const money = (value: string, currency: string) => formatMoney(value, currency, locale, { fraction: "fixed" })
  switch (reason.code) {
    case "insufficient_cash":
      return t("orders.rejection.insufficient_cash", { needed: money(reason.needed, reason.currency), held: money(reason.held, reason.currency) })
    case "insufficient_quantity":
      return t("orders.rejection.insufficient_quantity", {
        selling: formatQuantity(reason.selling, locale),
        held: formatQuantity(reason.held, locale),
        symbol: reason.symbol,
      })
    case "too_small":
      return t("orders.rejection.too_small", { price: money(reason.price, reason.currency), minimum: money("0.01", reason.currency) })
    case "instrument_unlisted":
      return t("orders.rejection.instrument_unlisted")
  }
}

/**
 * /portfolio/{accountId}/orders (spec part 2 "Orders"): the account's orders, newest first, in a
 * virtualised table; View opens the order's detail with its progress timeline and 'Error Message';
 * Cancel (enabled only while PENDING or PROCESSING) asks for confirmation, then cancels through
 * the order-cancel chart, which toasts the answer and refetches the account. The list also
 * refreshes by itself while an order is open (the portfolios chart polls).
 */
export function OrdersPage() {
  const { t } = useTranslation("portfolio")
  const label = useEnumLabel()
  const locale = useIntlLocale()
  const account = useShownAccount()
  const orders = account?.details.orders ?? null
  const currency = account?.currency ?? ""

  const portfolios = usePortfoliosActor()
  const cancel = useWorkflowActor(orderCancelMachine, { input: { portfolios } })
  // Why a row's Cancel is disabled, as the chart's guard says it (the workflow explorer's words).
  const { whyDisabled } = useWorkflow(orderCancelMachine)
  const target = useSelector(cancel, (s) => s.context.target)
  const cancelling = useSelector(cancel, (s) => s.hasTag("busy"))

  // Which order's detail is open (purely visual); the order itself is read from the latest list.
  const [viewingId, setViewingId] = useState<string | null>(null)
  const viewing = orders?.find((o) => o.id === viewingId) ?? null
  // Each dialog mounts on its first opening and then stays (its closing animation and focus
  // return are the dialog's own): the Orders tab's first render carries no closed dialog.
  const detailUsed = useOnceTrue(viewing !== null)
  const cancelUsed = useOnceTrue(target !== null)

  const cells = useCellClasses()
  const columns = useMemo<ReadonlyArray<VirtualColumn<Order>>>(
    () => [
      {
        key: "activity",
        header: t("orders.columns.activity"),
        min: "5.5rem",
        grow: "1.2fr",
        render: (o) => (
          <div className={`chakra-stack ${cells.stack}`}>
            <RouterLink className={`chakra-link ${cells.link}`} to="/instruments/view/$instrumentId" params={{ instrumentId: o.instrumentId }}>
              {o.symbol}
            </RouterLink>
            <span className={`chakra-text ${o.side === "BUY" ? cells.sideBuy : cells.sideSell}`}>{label("orderSide", o.side)}</span>
          </div>
        ),
      },
      {
        key: "amount",
        header: t("orders.columns.amount"),
        min: "6rem",
        grow: "1fr",
        align: "end",
        widest: (rows) =>
          widestMoney(
            rows,
            (o) => o.amount,
            (o) => o.currency || currency,
            locale,
          ),
        render: (o) => <span className={cells.figure}>{formatMoney(o.amount, o.currency || currency, locale, { fraction: "fixed" })}</span>,
      },
      statusColumn(t("orders.columns.status"), (o) => o.status, cells, label),
      dateTimeColumn(t("orders.columns.date"), (o) => o.created, cells, locale),
      {
        key: "actions",
        header: t("orders.columns.actions"),
        hideHeader: true,
        min: "4rem",
        align: "end",
        // Both buttons, as wide as their words are in the language ("Ansehen", "Stornieren").
        widest: () => <RowActions cells={cells} view={{ text: t("orders.view") }} danger={{ text: t("orders.cancel.button") }} />,
        render: (o) => {
          const request = { type: "cancel.request", orderId: o.id, symbol: o.symbol, side: o.side, status: o.status } as const
          const names = {
            side: label("orderSide", o.side),
            symbol: o.symbol,
            amount: formatMoney(o.amount, o.currency || currency, locale, { fraction: "fixed" }),
            date: formatDateTime(o.created, locale),
            // The id's end tells apart two like orders placed in the same minute (each button's name is its own).
            ref: o.id.slice(-6).toUpperCase(),
          }
          const why = isOrderCancellable(o.status) ? null : (whyDisabled?.(cancel.getSnapshot(), request) ?? null)
          const whyId = `order-cancel-why-${o.id}`
          return (
            <RowActions
              cells={cells}
              view={{ text: t("orders.view"), name: t("orders.viewOne", names), onClick: () => setViewingId(o.id) }}
              danger={{
                text: t("orders.cancel.button"),
                name: t("orders.cancel.buttonOne", names),
                onClick: () => cancel.send(request),
                disabled: !isOrderCancellable(o.status),
                ...(why ? { title: why, describedBy: whyId } : {}),
              }}
            >
              {why && (
                <span id={whyId} hidden>
                  {why}
                </span>
              )}
            </RowActions>
          )
        },
      },
    ],
    [t, label, locale, currency, cancel, cells, whyDisabled],
  )

  return (
    <ListCard
      title={t("orders.title")}
      subtitle={t("orders.subtitle")}
      empty={t("orders.empty")}
      rows={orders}
      columns={columns}
      rowKey={(o) => o.id}
      minWidth="40rem"
      csv={{
        list: "orders",
        account,
        columns: [
          ["orderId", (o) => ({ text: o.id })],
          ["symbol", (o) => ({ text: o.symbol })],
          ["side", (o) => ({ text: o.side })],
          ["orderType", (o) => ({ text: o.type })],
          ["status", (o) => ({ text: o.status })],
          ["quantity", (o) => ({ number: o.quantity })],
          ["price", (o) => ({ number: o.price ?? "" })],
          ["amount", (o) => ({ number: o.amount })],
          ["total", (o) => ({ number: o.total ?? "" })],
          ["currency", (o) => ({ text: o.currency || currency })],
          ["date", (o) => ({ text: o.created })],
        ],
      }}
    >
      {detailUsed && <OrderDetailDialog order={viewing} currency={currency} locale={locale} onClose={() => setViewingId(null)} />}
      {cancelUsed && (
        <ConfirmDialog
          open={target !== null}
          busy={cancelling}
          title={t("orders.cancel.title")}
          text={target ? t("orders.cancel.question", { side: label("orderSide", target.side), symbol: target.symbol }) : ""}
          keepLabel={t("orders.cancel.keep")}
          confirmLabel={t("orders.cancel.confirm")}
          busyLabel={t("orders.cancel.cancelling")}
          onKeep={() => cancel.send({ type: "cancel.dismiss" })}
          onConfirm={() => cancel.send({ type: "cancel.confirm" })}
        />
      )}
    </ListCard>
  )
}

/** False until `now` is first true, then true for good (a dialog mounted on first use stays mounted). */
function useOnceTrue(now: boolean): boolean {
  const [once, setOnce] = useState(now)
  if (now && !once) setOnce(true)
  return once || now
}

/** The detail of an order (the row's View): its figures, the progress timeline (status, time) and 'Error Message' when present. */
function OrderDetailDialog({ order, currency, locale, onClose }: { order: Order | null; currency: string; locale: string; onClose: () => void }) {
  const { t } = useTranslation("portfolio")
  const label = useEnumLabel()
  const money = (value: string | null) => (value === null ? "—" : formatMoney(value, order?.currency || currency, locale, { fraction: "fixed" }))
  const error = order?.response ? rejectionMessage(order.response, t, locale) : null
  return (
    <WorkflowDialog
      open={order !== null}
      onDismiss={onClose}
      title={t("orders.detail.title")}
      closeLabel={t("orders.detail.close")}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t("orders.detail.close")}
        </Button>
      }
    >
      {order && (
        <Stack gap="5">
          <FactList
            facts={[
              [t("orders.detail.instrument"), order.symbol],
              [t("orders.detail.side"), label("orderSide", order.side)],
              [t("orders.detail.type"), label("orderType", order.type)],
              [t("orders.detail.quantity"), formatFullQuantity(order.quantity, locale)],
              [t("orders.detail.price"), money(order.price)],
              [t("orders.detail.amount"), money(order.amount)],
              [t("orders.detail.total"), money(order.total)],
              [t("orders.detail.created"), formatDateTime(order.created, locale)],
              [t("orders.detail.status"), <StatusBadge status={order.status} />],
            ]}
          />
          <ProgressTimeline
            title={t("orders.detail.progress")}
            steps={order.progress.map((step) => ({ status: step.status, description: formatStepTime(step.time, locale) }))}
          />
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t("orders.detail.errorMessage")}</Alert.Title>
                <Alert.Description>{error}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      )}
    </WorkflowDialog>
  )
}
