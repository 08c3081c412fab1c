import { Alert, Button, Field, Group, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { SnapshotFrom } from "xstate"
import { memo, useCallback, useEffect, useId, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { AccountList } from "../../contract/accounts"
import type { OrderSide, OrderType } from "../../contract/orders"
import { formatMoney, formatQuantity } from "../../domain/format"
import { portfolioLabel } from "../../domain/labels"
import { afterOrder, orderFigures, orderTypesFor, shownEstimate } from "../../domain/order-ticket"
import { canCreateOrder, canTradeIn, orderTicketMachine, shownIssue, ticketFields, type OrderTicketField } from "../../machines/order-ticket.machine"
import { FactList } from "../portfolio/shared"
import { FormAlert } from "../auth/form-alert"
import { useFailureText } from "../hooks/failure-text"
import { useIntlLocale } from "../shared/locale"
import { useWhyDisabled, useWorkflowActor } from "../workflows"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { useEnumLabel } from "../shared/enum-label"
import { InstrumentPicker } from "./instrument-picker"
import type { OrderTicketRequest } from "./order-ticket-context"
import { TAG } from "../../machines/kit"

const SIDES: ReadonlyArray<OrderSide> = ["BUY", "SELL"]

export interface OrderTicketModalProps {
  readonly request: OrderTicketRequest
  readonly open: boolean
  readonly onClose: () => void
  readonly onExitComplete: () => void
}

/**
 * The create-order modal (spec part 1 "Instrument detail", sections 4, 5, 7 and 8): the side
 * toggle, the order type (Stop Loss only for SELL), amount and quantity for MARKET with the
 * 'estimated' hint on the field the user did not type, target price and quantity for LIMIT and
 * STOP, the quote's ask and bid, the portfolio (labels cut to 40), the validation message, the
 * server's answer, and Create Order with a spinner. Its workflow is the order-ticket chart, which
 * follows the shared portfolios actor itself.
 *
 * A keystroke must paint its estimate within a frame: the dialog's frame (this component) reads
 * only what it shows (open, busy, the instrument), so typing re-renders the body (`TicketBody`,
 * whose parts that do not change with the figures are memoised) and, when Create Order's state
 * changes, the footer (`TicketFooter`), not the whole Chakra dialog.
 */
export function OrderTicketModal({ request, open, onClose, onExitComplete }: OrderTicketModalProps) {
  const { t } = useTranslation("orders")
  const portfolios = usePortfoliosActor()

  // A chart per opening; it follows the shared portfolios actor (default portfolio, refetch after an order).
  const actor = useWorkflowActor(orderTicketMachine, {
    input: {
      instrument: request.instrumentId ? { instrumentId: request.instrumentId, symbol: request.symbol ?? null, name: request.name ?? null } : null,
      side: request.side,
      portfolios,
    },
  })
  const done = useSelector(actor, (s) => s.status === "done")
  const submitting = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const instrument = useSelector(actor, (s) => s.context.instrument)

  // Closes once the order is created (the chart has refetched the account and toasted).
  useEffect(() => {
    if (done) onClose()
  }, [done, onClose])

  const firstField = useRef<HTMLInputElement | null>(null)
  const pickerField = useRef<HTMLInputElement | null>(null)
  const frozen = submitting || done
  const title = instrument?.symbol ? t("ticket.titleFor", { symbol: instrument.symbol }) : t("ticket.title")

  return (
    <WorkflowDialog
      open={open}
      onDismiss={onClose}
      busy={frozen}
      onExitComplete={onExitComplete}
      initialFocusEl={() => (actor.getSnapshot().context.instrument === null ? pickerField.current : firstField.current)}
      size="md"
      title={title}
      subtitle={instrument?.name}
      closeLabel={t("ticket.close")}
      wrap={(content) => (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: "ticket.submit" })
          }}
        >
          {content}
        </form>
      )}
      footer={<TicketFooter actor={actor} onClose={onClose} />}
    >
      <TicketBody actor={actor} request={request} firstField={firstField} pickerField={pickerField} />
    </WorkflowDialog>
  )
}

type TicketActor = ReturnType<typeof useWorkflowActor<typeof orderTicketMachine>>
type PortfolioAccounts = AccountList | null

/** The footer: Back and Confirm while reviewing, else why Create Order is disabled, Cancel and Create Order. */
function TicketFooter({ actor, onClose }: { actor: TicketActor; onClose: () => void }) {
  const { t } = useTranslation("orders")
  const reviewing = useSelector(actor, (s) => s.hasTag("review"))
  const submitting = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const done = useSelector(actor, (s) => s.status === "done")
  const canSubmit = useSelector(actor, canCreateOrder)
  const frozen = submitting || done
  // Why Create Order is disabled, as the chart's refusing guard says it (issue 13).
  const whyNot = useWhyDisabled(orderTicketMachine, actor, { type: "ticket.submit" })
  const whyNotId = useId()
  const reason = !canSubmit && !frozen ? whyNot : null
  return reviewing ? (
    <>
      <Button variant="outline" disabled={frozen} onClick={() => actor.send({ type: "review.back" })}>
        {t("ticket.back")}
      </Button>
      <Button colorPalette="blue" loading={submitting} loadingText={t("ticket.submitting")} onClick={() => actor.send({ type: "review.confirm" })}>
        {t("ticket.confirm")}
      </Button>
    </>
  ) : (
    <>
      {reason !== null && (
        <Text id={whyNotId} flex="1" fontSize="xs" color="fg.muted">
          {reason}
        </Text>
      )}
      <Button variant="outline" disabled={frozen} onClick={onClose}>
        {t("ticket.cancel")}
      </Button>
      <Button type="submit" colorPalette="blue" disabled={!canSubmit} aria-describedby={reason !== null ? whyNotId : undefined}>
        {t("ticket.submit")}
      </Button>
    </>
  )
}

/** The ticket's fields (or the review), following the chart's every change. */
function TicketBody({
  actor,
  request,
  firstField,
  pickerField,
}: {
  actor: TicketActor
  request: OrderTicketRequest
  firstField: React.RefObject<HTMLInputElement | null>
  pickerField: React.RefObject<HTMLInputElement | null>
}) {
  const { t } = useTranslation("orders")
  const locale = useIntlLocale()
  const failureText = useFailureText()
  const accounts = usePortfolios((s) => s.context.accounts)
  const snap = useSelector(actor, (s) => s)
  const c = snap.context
  const done = snap.status === "done"
  const submitting = snap.hasTag(TAG.busy)
  const reviewing = snap.hasTag("review")
  const loadingQuote = snap.hasTag("quote.loading")

  const ids = {
    quote: useId(),
    issue: useId(),
    amountHint: useId(),
    quantityHint: useId(),
    refused: useId(),
  }

  const issue = shownIssue(c)
  const label = useEnumLabel()
  const sideLabel = (side: OrderSide) => label("orderSide", side)
  const typeLabel = (type: OrderType) => label("orderType", type)
  const currency = c.quote?.currency ?? (accounts ?? []).find((a) => a.accountId === c.accountId)?.currency ?? ""
  const money = (value: string) => formatMoney(value, currency, locale, { fraction: "fixed" })
  const units = (value: string) => formatQuantity(value, locale)
  const issueText =
    issue === null
      ? undefined
      : "params" in issue
        ? t(`validation.${issue.code}`, { type: typeLabel(issue.params.type), side: sideLabel(issue.params.side), context: `${issue.params.type}_${issue.params.side}` })
        : t(`validation.${issue.code}`, { available: issue.code === "order.above-cash" ? money(issue.available) : units(issue.available) })
  const serverText = failureText(c.failure)
  const market = c.type === "MARKET"
  const estimated: OrderTicketField | null = market && c.priority === "amount" ? "quantity" : market && c.priority === "quantity" ? "amount" : null
  const frozen = submitting || done
  const quoteFailure = c.quoteFailure ? (failureText(c.quoteFailure) ?? "") : null
  const retryQuote = useCallback(() => actor.send({ type: "quote.retry" }), [actor])

  /** What describes a numeric input: its 'estimated' hint and the validation message it is part of. */
  const describedBy = (field: OrderTicketField): string | undefined => {
    const parts: string[] = []
    if (estimated === field) parts.push(field === "amount" ? ids.amountHint : ids.quantityHint)
    if (invalid(field)) parts.push(ids.issue)
    if (c.refused === field) parts.push(ids.refused)
    return parts.length ? parts.join(" ") : undefined
  }
  // The fields the message is about: both price and quantity for a LIMIT or STOP ticket missing one, else the field it names.
  const invalid = (field: OrderTicketField): boolean =>
    issue !== null && (issue.code === "order.price-and-quantity-required" ? field !== "amount" : field === issue.field)

  const numeric = (field: OrderTicketField, label: string, ref?: React.Ref<HTMLInputElement>) => (
    <Field.Root invalid={invalid(field)} disabled={frozen}>
      <HStack justify="space-between" width="full">
        <Field.Label>{label}</Field.Label>
        {estimated === field && (
          <Text id={field === "amount" ? ids.amountHint : ids.quantityHint} fontSize="xs" color="fg.muted" fontStyle="italic">
            {t("ticket.estimated")}
          </Text>
        )}
      </HStack>
      <Input
        ref={ref}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={estimated === field && field === "quantity" ? shownEstimate(c.quantity) : c[field]}
        aria-describedby={describedBy(field)}
        aria-invalid={invalid(field) || undefined}
        onChange={(e) => actor.send({ type: `${field}.change`, value: e.currentTarget.value })}
        onBlur={() => actor.send({ type: "field.blur", field })}
      />
      {c.refused === field && (
        <Text id={ids.refused} fontSize="xs" color="fg.error" role="status">
          {t("ticket.digitsOnly")}
        </Text>
      )}
    </Field.Root>
  )

  return reviewing ? (
    <OrderReview
      side={c.side}
      type={c.type}
      figures={orderFigures(ticketFields(c), c.quote)}
      after={afterOrder(c.side, orderFigures(ticketFields(c), c.quote), c.funds)}
      money={money}
      units={units}
      serverText={serverText}
    />
  ) : (
    <Stack gap="4">
      {request.instrumentId === undefined && (
        <InstrumentPicker inputRef={pickerField} chosen={c.instrument} disabled={frozen} onPick={(instrument) => actor.send({ type: "instrument.select", instrument })} />
      )}

      <SideGroup actor={actor} side={c.side} frozen={frozen} />
      <TypeField actor={actor} side={c.side} type={c.type} frozen={frozen} />

      <QuoteLine id={ids.quote} picking={c.instrument === null} loading={loadingQuote} quote={c.quote} failure={quoteFailure} locale={locale} onRetry={retryQuote} />

      {market ? (
        <>
          {numeric("amount", t("ticket.amount"), firstField)}
          {numeric("quantity", t("ticket.quantity"))}
        </>
      ) : (
        <>
          {numeric("price", t("ticket.price"), firstField)}
          {numeric("quantity", t("ticket.quantity"))}
        </>
      )}

      <PortfolioField actor={actor} accounts={accounts} accountId={c.accountId} quote={c.quote} frozen={frozen} />

      {c.funds && !loadingQuote && (
        <Text fontSize="sm" color="fg.muted">
          {c.side === "BUY" ? t("ticket.availableCash", { cash: money(c.funds.cash) }) : t("ticket.held", { quantity: units(c.funds.held) })}
        </Text>
      )}

      {issueText && (
        <Text id={ids.issue} role="alert" color="fg.error" fontSize="sm">
          {issueText}
        </Text>
      )}
      <FormAlert text={serverText} />
    </Stack>
  )
}

/** BUY / SELL, pressed buttons in a labelled group (memoised: typing a figure does not change it). */
const SideGroup = memo(function SideGroup({ actor, side: chosen, frozen }: { actor: TicketActor; side: OrderSide; frozen: boolean }) {
  const { t } = useTranslation("orders")
  const label = useEnumLabel()
  const sideLabel = useId()
  return (
    <Stack gap="1.5">
      <Text id={sideLabel} fontSize="sm" fontWeight="medium">
        {t("ticket.side")}
      </Text>
      <Group attached role="group" aria-labelledby={sideLabel}>
        {SIDES.map((side) => (
          <Button
            key={side}
            size="sm"
            minWidth="24"
            aria-pressed={chosen === side}
            variant={chosen === side ? "solid" : "outline"}
            colorPalette={side === "BUY" ? "green" : "red"}
            // The palettes' 500 shades are too light under white text (WCAG AA).
            {...(chosen === side ? { bg: "colorPalette.700", _hover: { bg: "colorPalette.800" } } : {})}
            disabled={frozen}
            onClick={() => actor.send({ type: "side.change", value: side })}
          >
            {label("orderSide", side)}
          </Button>
        ))}
      </Group>
    </Stack>
  )
})

/** The order type (Stop Loss only for SELL); memoised like `SideGroup`. */
const TypeField = memo(function TypeField({ actor, side, type, frozen }: { actor: TicketActor; side: OrderSide; type: OrderType; frozen: boolean }) {
  const { t } = useTranslation("orders")
  const label = useEnumLabel()
  return (
    <Field.Root disabled={frozen}>
      <Field.Label>{t("ticket.type")}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={type} onChange={(e) => actor.send({ type: "type.change", value: e.currentTarget.value as OrderType })}>
          {orderTypesFor(side).map((value) => (
            <option key={value} value={value}>
              {label("orderType", value)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
})

/** The portfolio (those in another currency than the quote's disabled); memoised like `SideGroup`. */
const PortfolioField = memo(function PortfolioField({
  actor,
  accounts,
  accountId,
  quote,
  frozen,
}: {
  actor: TicketActor
  accounts: PortfolioAccounts
  accountId: string | null
  quote: SnapshotFrom<typeof orderTicketMachine>["context"]["quote"]
  frozen: boolean
}) {
  const { t } = useTranslation("orders")
  // The chart says which portfolios can trade the instrument (its currency).
  const tradable = (a: NonNullable<PortfolioAccounts>[number]) => canTradeIn({ quote }, a)
  return (
    <Field.Root required disabled={frozen}>
      <Field.Label>{t("ticket.portfolio")}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={accountId ?? ""} onChange={(e) => actor.send({ type: "account.select", accountId: e.currentTarget.value === "" ? null : e.currentTarget.value })}>
          <option value="">{t("ticket.selectPortfolio")}</option>
          {(accounts ?? []).map((a) => (
            <option key={a.accountId} value={a.accountId} disabled={!tradable(a)}>
              {tradable(a) ? portfolioLabel(a, "order-modal") : t("ticket.otherCurrency", { label: portfolioLabel(a, "order-modal") })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
})

/** The review step: what the order trades, at what price, its fees and total, and the cash (BUY) or holding (SELL) after. */
function OrderReview(props: {
  side: OrderSide
  type: OrderType
  figures: ReturnType<typeof orderFigures>
  after: string | null
  money: (value: string) => string
  units: (value: string) => string
  serverText: string | undefined
}) {
  const { t } = useTranslation("orders")
  const label = useEnumLabel()
  const { figures, money, units } = props
  const estimated = (text: string) => (props.type === "MARKET" ? t("ticket.review.estimated", { value: text }) : text)
  const unknown = t("ticket.review.unknown")
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t("ticket.review.help")}</Text>
      <FactList
        facts={[
          [t("ticket.side"), label("orderSide", props.side)],
          [t("ticket.type"), label("orderType", props.type)],
          [t("ticket.quantity"), figures.quantity === null ? unknown : estimated(units(figures.quantity))],
          [t("ticket.review.price"), figures.price === null ? unknown : estimated(money(figures.price))],
          [t("ticket.amount"), figures.amount === null ? unknown : money(figures.amount)],
          [t("ticket.review.fees"), money(figures.fees)],
          [t("ticket.review.total"), figures.total === null ? unknown : money(figures.total)],
          [props.side === "BUY" ? t("ticket.review.cashAfter") : t("ticket.review.heldAfter"), props.after === null ? unknown : props.side === "BUY" ? money(props.after) : units(props.after)],
        ]}
      />
      <FormAlert text={props.serverText} />
    </Stack>
  )
}

/** The quote's ask and bid (the MARKET estimates use the ask for BUY and the bid for SELL); memoised like `SideGroup`. */
const QuoteLine = memo(function QuoteLine(props: {
  id: string
  picking: boolean
  loading: boolean
  quote: { ask: string; bid: string; currency: string } | null
  failure: string | null
  locale: string
  onRetry: () => void
}) {
  const { t } = useTranslation("orders")
  if (props.failure !== null) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{t("ticket.quoteFailed", { reason: props.failure })}</Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={props.onRetry}>
          {t("ticket.quoteRetry")}
        </Button>
      </Alert.Root>
    )
  }
  return (
    <HStack id={props.id} role="status" gap="4" fontSize="sm" aria-busy={props.loading} aria-label={t("ticket.quote")}>
      {props.picking ? (
        <Text color="fg.muted">{t("ticket.quoteAfterPick")}</Text>
      ) : props.loading || !props.quote ? (
        <Text color="fg.muted">{t("ticket.quoteLoading")}</Text>
      ) : (
        <>
          <Text>
            {t("ticket.ask")}: <strong>{formatMoney(props.quote.ask, props.quote.currency, props.locale)}</strong>
          </Text>
          <Text>
            {t("ticket.bid")}: <strong>{formatMoney(props.quote.bid, props.quote.currency, props.locale)}</strong>
          </Text>
        </>
      )}
    </HStack>
  )
})
