import { Alert, Button, Field, Group, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { SnapshotFrom } from "xstate"
import { memo, useCallback, useEffect, useId, useMemo, useRef } from "react"
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

/**
 * The footer: Back and Confirm while reviewing, else why Create Order is disabled, Cancel and Create Order.
 * Each button has its own key: a renderer must never turn the pressed Back into the submit button
 * while its click is still being handled (the form would be submitted again, back to the review).
 */
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
      <Button key="back" variant="outline" disabled={frozen} onClick={() => actor.send({ type: "review.back" })}>
        {t("ticket.back")}
      </Button>
      <Button key="confirm" colorPalette="blue" loading={submitting} loadingText={t("ticket.submitting")} onClick={() => actor.send({ type: "review.confirm" })}>
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
      <Button key="cancel" variant="outline" disabled={frozen} onClick={onClose}>
        {t("ticket.cancel")}
      </Button>
      <Button key="submit" type="submit" colorPalette="blue" disabled={!canSubmit} aria-describedby={reason !== null ? whyNotId : undefined}>
        {t("ticket.submit")}
      </Button>
    </>
  )
}

type TicketSnapshot = SnapshotFrom<typeof orderTicketMachine>
type TicketContext = TicketSnapshot["context"]
interface FieldIds {
  readonly quote: string
  readonly issue: string
  readonly amountHint: string
  readonly quantityHint: string
  readonly refused: string
}

/** Equal when every key holds the same value (what a selector of a few of the chart's values returns). */
const sameFields = <T extends object>(a: T, b: T): boolean => {
  for (const key in a) if (!Object.is(a[key], b[key])) return false
  return true
}

/** The field whose MARKET estimate the ticket shows (the one the user did not type), if any. */
const estimatedField = (c: Pick<TicketContext, "type" | "priority">): OrderTicketField | null =>
  c.type !== "MARKET" ? null : c.priority === "amount" ? "quantity" : c.priority === "quantity" ? "amount" : null

/** The fields the message is about: both price and quantity for a LIMIT or STOP ticket missing one, else the field it names. */
const invalidField = (issue: ReturnType<typeof shownIssue>, field: OrderTicketField): boolean =>
  issue !== null && (issue.code === "order.price-and-quantity-required" ? field !== "amount" : field === issue.field)

/** The ticket's currency: the quote's, else the chosen portfolio's. */
const useTicketCurrency = (quoteCurrency: string | undefined, accountId: string | null, accounts: PortfolioAccounts): string =>
  quoteCurrency ?? (accounts ?? []).find((a) => a.accountId === accountId)?.currency ?? ""

/**
 * The ticket's fields (or the review). It follows only what changes its layout (side, type, the
 * quote, the portfolio, funds, the server's answer); a keystroke re-renders the numeric fields
 * (`NumericField`) and the validation line (`IssueLine`), which follow the chart themselves.
 */
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
  const v = useSelector(
    actor,
    (s) => ({
      reviewing: s.hasTag("review"),
      frozen: s.hasTag(TAG.busy) || s.status === "done",
      loadingQuote: s.hasTag("quote.loading"),
      type: s.context.type,
      side: s.context.side,
      instrument: s.context.instrument,
      quote: s.context.quote,
      quoteFailure: s.context.quoteFailure,
      accountId: s.context.accountId,
      funds: s.context.funds,
      failure: s.context.failure,
    }),
    sameFields,
  )

  const quoteId = useId()
  const issueId = useId()
  const amountHintId = useId()
  const quantityHintId = useId()
  const refusedId = useId()
  const ids = useMemo<FieldIds>(
    () => ({ quote: quoteId, issue: issueId, amountHint: amountHintId, quantityHint: quantityHintId, refused: refusedId }),
    [quoteId, issueId, amountHintId, quantityHintId, refusedId],
  )

  const currency = useTicketCurrency(v.quote?.currency, v.accountId, accounts)
  const money = (value: string) => formatMoney(value, currency, locale, { fraction: "fixed" })
  const units = (value: string) => formatQuantity(value, locale)
  const serverText = failureText(v.failure)
  const quoteFailure = v.quoteFailure ? (failureText(v.quoteFailure) ?? "") : null
  const retryQuote = useCallback(() => actor.send({ type: "quote.retry" }), [actor])

  if (v.reviewing) return <TicketReview actor={actor} money={money} units={units} serverText={serverText} />
  const market = v.type === "MARKET"
  return (
    <Stack gap="4">
      {request.instrumentId === undefined && (
        <InstrumentPicker inputRef={pickerField} chosen={v.instrument} disabled={v.frozen} onPick={(instrument) => actor.send({ type: "instrument.select", instrument })} />
      )}

      <SideGroup actor={actor} side={v.side} frozen={v.frozen} />
      <TypeField actor={actor} side={v.side} type={v.type} frozen={v.frozen} />

      <QuoteLine id={ids.quote} picking={v.instrument === null} loading={v.loadingQuote} quote={v.quote} failure={quoteFailure} locale={locale} onRetry={retryQuote} />

      {market ? (
        <NumericField actor={actor} field="amount" label={t("ticket.amount")} ids={ids} frozen={v.frozen} inputRef={firstField} />
      ) : (
        <NumericField actor={actor} field="price" label={t("ticket.price")} ids={ids} frozen={v.frozen} inputRef={firstField} />
      )}
      <NumericField actor={actor} field="quantity" label={t("ticket.quantity")} ids={ids} frozen={v.frozen} />

      <PortfolioField actor={actor} accounts={accounts} accountId={v.accountId} quote={v.quote} frozen={v.frozen} />

      {v.funds && !v.loadingQuote && (
        <Text fontSize="sm" color="fg.muted">
          {v.side === "BUY" ? t("ticket.availableCash", { cash: money(v.funds.cash) }) : t("ticket.held", { quantity: units(v.funds.held) })}
        </Text>
      )}

      <IssueLine actor={actor} id={ids.issue} currency={currency} locale={locale} />
      <FormAlert text={serverText} />
    </Stack>
  )
}

/**
 * A numeric input (amount, quantity or price) with its 'estimated' hint and its refused-keystroke
 * note; it follows the chart's state of this field itself (estimated, invalid, refused), and its
 * input (`FieldInput`) follows the field's value, so a keystroke renders the typed and the
 * estimated inputs only, not their labels, hints or the ticket's body.
 */
const NumericField = memo(function NumericField({
  actor,
  field,
  label,
  ids,
  frozen,
  inputRef,
}: {
  actor: TicketActor
  field: OrderTicketField
  label: string
  ids: FieldIds
  frozen: boolean
  inputRef?: React.Ref<HTMLInputElement>
}) {
  const { t } = useTranslation("orders")
  const f = useSelector(
    actor,
    (s) => {
      const c = s.context
      return { estimated: estimatedField(c) === field, invalid: invalidField(shownIssue(c), field), refused: c.refused === field }
    },
    sameFields,
  )
  const hintId = field === "amount" ? ids.amountHint : ids.quantityHint
  // What describes the input: its 'estimated' hint and the validation message it is part of.
  const describedBy = [f.estimated ? hintId : null, f.invalid ? ids.issue : null, f.refused ? ids.refused : null].filter((id) => id !== null).join(" ") || undefined
  return (
    <Field.Root invalid={f.invalid} disabled={frozen}>
      <HStack justify="space-between" width="full">
        <Field.Label>{label}</Field.Label>
        {f.estimated && (
          <Text id={hintId} fontSize="xs" color="fg.muted" fontStyle="italic">
            {t("ticket.estimated")}
          </Text>
        )}
      </HStack>
      <FieldInput actor={actor} field={field} invalid={f.invalid} describedBy={describedBy} inputRef={inputRef} />
      {f.refused && (
        <Text id={ids.refused} fontSize="xs" color="fg.error" role="status">
          {t("ticket.digitsOnly")}
        </Text>
      )}
    </Field.Root>
  )
})

/** The input of a `NumericField`: the one part a keystroke changes (the typed text or the estimate). */
const FieldInput = memo(function FieldInput({
  actor,
  field,
  invalid,
  describedBy,
  inputRef,
}: {
  actor: TicketActor
  field: OrderTicketField
  invalid: boolean
  describedBy: string | undefined
  inputRef?: React.Ref<HTMLInputElement>
}) {
  const value = useSelector(actor, (s) => {
    const c = s.context
    return field === "quantity" && estimatedField(c) === field ? shownEstimate(c.quantity) : c[field]
  })
  return (
    <Input
      ref={inputRef}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={value}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(e) => actor.send({ type: `${field}.change`, value: e.currentTarget.value })}
      onBlur={() => actor.send({ type: "field.blur", field })}
    />
  )
})

/** The validation message (after a first attempt), following the chart itself like `NumericField`. */
const IssueLine = memo(function IssueLine({ actor, id, currency, locale }: { actor: TicketActor; id: string; currency: string; locale: string }) {
  const { t } = useTranslation("orders")
  const label = useEnumLabel()
  const issue = useSelector(actor, (s) => shownIssue(s.context), sameIssue)
  if (issue === null) return null
  const text =
    "params" in issue
      ? t(`validation.${issue.code}`, { type: label("orderType", issue.params.type), side: label("orderSide", issue.params.side), context: `${issue.params.type}_${issue.params.side}` })
      : t(`validation.${issue.code}`, {
          available: issue.code === "order.above-cash" ? formatMoney(issue.available, currency, locale, { fraction: "fixed" }) : formatQuantity(issue.available, locale),
        })
  return (
    <Text id={id} role="alert" color="fg.error" fontSize="sm">
      {text}
    </Text>
  )
})

/** Two issues say the same (a new object for the same message does not re-render the line). */
const sameIssue = (a: ReturnType<typeof shownIssue>, b: ReturnType<typeof shownIssue>): boolean => a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b))

/** The review step, from the chart's figures at the time. */
function TicketReview({ actor, money, units, serverText }: { actor: TicketActor; money: (value: string) => string; units: (value: string) => string; serverText: string | undefined }) {
  const c = useSelector(actor, (s) => s.context)
  const figures = orderFigures(ticketFields(c), c.quote)
  return <OrderReview side={c.side} type={c.type} figures={figures} after={afterOrder(c.side, figures, c.funds)} money={money} units={units} serverText={serverText} />
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
