import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { memo, useCallback, useId, useMemo, useRef } from "react"
import { useTranslation } from "react-i18next"
import { formatMoney, formatQuantity } from "../../domain/format"
import { portfolioLabel } from "../../domain/labels"
import { canCreateOrder, orderTicketMachine, shownIssue, ticketCurrency, ticketFieldView, type OrderTicketField } from "../../machines/order-ticket.machine"
import { useIssueText } from "../hooks/form-issue"
import { FormAlert } from "../shared/form-alert"
import { useFailureText } from "../hooks/failure-text"
import { useIntlLocale } from "../shared/locale"
import { useWhyDisabled, useWorkflowActor } from "../workflows"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"
import { RestoredNotice } from "../shared/restored-notice"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { useEnumLabel } from "../shared/enum-label"
import { InstrumentPicker } from "./instrument-picker"
import { TicketReview } from "./order-review"
import { QuoteLine } from "./quote-line"
import { PortfolioField, SideGroup, TypeField } from "./ticket-choices"
import type { OrderTicketRequest } from "./order-ticket-context"
import { TAG } from "../../machines/kit"
import { ChartForm } from "../shared/chart-form"

export interface OrderTicketModalProps {
  readonly request: OrderTicketRequest
  /** Reopen the user's unsent draft (after a reload) instead of a fresh ticket for `request`. */
  readonly restore?: boolean
  /** The dialog finished closing (the chart ended: created or cancelled): the host unmounts the ticket. */
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
export function OrderTicketModal({ request, restore = false, onExitComplete }: OrderTicketModalProps) {
  const { t } = useTranslation("orders")
  const portfolios = usePortfoliosActor()
  const locale = useIntlLocale()

  // A chart per opening; it follows the shared portfolios actor (default portfolio, refetch after an order).
  const actor = useWorkflowActor(orderTicketMachine, {
    input: {
      locale,
      instrument: request.instrumentId ? { instrumentId: request.instrumentId, symbol: request.symbol ?? null, name: request.name ?? null } : null,
      side: request.side,
      portfolios,
      // BUY / SELL open a fresh ticket; a reopened one takes the stored draft the app adds.
      ...(restore ? {} : { draft: null }),
    },
  })
  // The chart owns whether the dialog is open: it leaves its open states once the order is created
  // (the account refetched, the toast shown) or the ticket is cancelled (its draft dropped).
  const open = useSelector(actor, (s) => s.hasTag(TAG.open))
  const done = useSelector(actor, (s) => s.status === "done")
  const submitting = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const reviewing = useSelector(actor, (s) => s.hasTag("review"))
  const instrument = useSelector(actor, (s) => s.context.instrument)
  const accountId = useSelector(actor, (s) => s.context.accountId)
  const accounts = usePortfolios((s) => s.context.accounts)
  const account = (accounts ?? []).find((a) => a.accountId === accountId)

  const firstField = useRef<HTMLInputElement | null>(null)
  const pickerField = useRef<HTMLInputElement | null>(null)
  const frozen = submitting || done
  // The title names the instrument; below it, its name and the portfolio the order is placed in.
  const title = instrument?.symbol ? t("ticket.titleFor", { symbol: instrument.symbol }) : t("ticket.title")
  const subtitle = [instrument?.name, account ? portfolioLabel(account, "order-modal") : null].filter(Boolean).join(" · ")

  return (
    <WorkflowDialog
      open={open}
      onDismiss={() => actor.send({ type: "ticket.close" })}
      busy={frozen}
      onExitComplete={onExitComplete}
      initialFocusEl={() => (actor.getSnapshot().context.instrument === null ? pickerField.current : firstField.current)}
      // The review's title takes the focus when it appears; Back returns it to the ticket's first field.
      step={reviewing ? "review" : "form"}
      focusOnStep={(shown) => (shown === "form" ? firstField.current : null)}
      size="md"
      title={title}
      subtitle={subtitle || undefined}
      closeLabel={t("ticket.close")}
      wrap={(content) => <ChartForm onSubmit={() => actor.send({ type: "ticket.submit" })}>{content}</ChartForm>}
      footer={<TicketFooter actor={actor} />}
    >
      <TicketBody actor={actor} firstField={firstField} pickerField={pickerField} />
    </WorkflowDialog>
  )
}

type TicketActor = ReturnType<typeof useWorkflowActor<typeof orderTicketMachine>>

/**
 * The footer: Back and Confirm while reviewing, else why Create Order is disabled, Cancel and Create Order.
 * Each button has its own key: a renderer must never turn the pressed Back into the submit button
 * while its click is still being handled (the form would be submitted again, back to the review).
 */
function TicketFooter({ actor }: { actor: TicketActor }) {
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
      <Button
        key="confirm"
        colorPalette="blue"
        loading={submitting}
        loadingText={t("ticket.submitting")}
        onClick={() => actor.send({ type: "review.confirm" })}
      >
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
      <Button key="cancel" variant="outline" disabled={frozen} onClick={() => actor.send({ type: "ticket.close" })}>
        {t("ticket.cancel")}
      </Button>
      <Button key="submit" type="submit" colorPalette="blue" disabled={!canSubmit} aria-describedby={reason !== null ? whyNotId : undefined}>
        {t("ticket.submit")}
      </Button>
    </>
  )
}

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

/**
 * The ticket's fields (or the review). It follows only what changes its layout (side, type, the
 * quote, the portfolio, funds, the server's answer); a keystroke re-renders the numeric fields
 * (`NumericField`) and the validation line (`IssueLine`), which follow the chart themselves.
 */
function TicketBody({
  actor,
  firstField,
  pickerField,
}: {
  actor: TicketActor
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
      pickInstrument: s.context.pickInstrument,
      restored: s.context.restored,
      quote: s.context.quote,
      quoteFailure: s.context.quoteFailure,
      accountId: s.context.accountId,
      funds: s.context.funds,
      failure: s.context.failure,
      // The quote's currency, else the chosen portfolio's (the chart's rule).
      currency: ticketCurrency(s.context) ?? "",
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

  const currency = v.currency
  const money = (value: string) => formatMoney(value, currency, locale, { fraction: "fixed" })
  const units = (value: string) => formatQuantity(value, locale)
  const serverText = failureText(v.failure)
  const quoteFailure = v.quoteFailure ? (failureText(v.quoteFailure) ?? "") : null
  const retryQuote = useCallback(() => actor.send({ type: "quote.retry" }), [actor])

  if (v.reviewing) return <TicketReview actor={actor} accounts={accounts} currency={currency} locale={locale} serverText={serverText} />
  const market = v.type === "MARKET"
  return (
    <Stack gap="4">
      {v.restored && <RestoredNotice text={t("ticket.restored")} />}
      {v.pickInstrument && (
        <InstrumentPicker
          inputRef={pickerField}
          chosen={v.instrument}
          disabled={v.frozen}
          onPick={(instrument) => actor.send({ type: "instrument.select", instrument })}
        />
      )}

      <SideGroup actor={actor} side={v.side} frozen={v.frozen} />
      <TypeField actor={actor} side={v.side} type={v.type} frozen={v.frozen} />

      <QuoteLine
        id={ids.quote}
        picking={v.instrument === null}
        loading={v.loadingQuote}
        quote={v.quote}
        failure={quoteFailure}
        locale={locale}
        onRetry={retryQuote}
      />

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
  const issueText = useIssueText()
  const problemId = useId()
  const f = useSelector(
    actor,
    (s) => {
      const view = ticketFieldView(s.context, field)
      return { ...view, problem: issueText(view.problem ?? undefined) ?? null }
    },
    sameFields,
  )
  const invalid = f.inIssue || f.problem !== null
  const hintId = field === "amount" ? ids.amountHint : ids.quantityHint
  // What describes the input: its 'estimated' hint, why its number is refused, and the validation message it is part of.
  const describedBy =
    [f.estimated ? hintId : null, f.problem !== null ? problemId : null, f.inIssue ? ids.issue : null, f.refused ? ids.refused : null]
      .filter((id) => id !== null)
      .join(" ") || undefined
  return (
    <Field.Root invalid={invalid} disabled={frozen}>
      <HStack justify="space-between" width="full">
        <Field.Label>{label}</Field.Label>
        {f.estimated && (
          <Text id={hintId} fontSize="xs" color="fg.muted" fontStyle="italic">
            {t("ticket.estimated")}
          </Text>
        )}
      </HStack>
      <FieldInput actor={actor} field={field} invalid={invalid} describedBy={describedBy} inputRef={inputRef} />
      {f.problem !== null && (
        <Text id={problemId} fontSize="xs" color="fg.error" role="alert">
          {f.problem}
        </Text>
      )}
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
  // The text as typed, or the estimate written in the user's notation by the chart.
  const value = useSelector(actor, (s) => s.context[field])
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
  // A field that is not a number says why under the field itself.
  if (issue === null || issue.code === "order.number") return null
  const text =
    "params" in issue
      ? t(`validation.${issue.code}`, {
          type: label("orderType", issue.params.type),
          side: label("orderSide", issue.params.side),
          context: `${issue.params.type}_${issue.params.side}`,
        })
      : t(`validation.${issue.code}`, {
          available:
            issue.code === "order.above-cash" ? formatMoney(issue.available, currency, locale, { fraction: "fixed" }) : formatQuantity(issue.available, locale),
        })
  return (
    <Text id={id} role="alert" color="fg.error" fontSize="sm">
      {text}
    </Text>
  )
})

/** Two issues say the same (a new object for the same message does not re-render the line). */
const sameIssue = (a: ReturnType<typeof shownIssue>, b: ReturnType<typeof shownIssue>): boolean =>
  a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b))
