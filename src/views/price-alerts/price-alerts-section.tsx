import { Badge, Button, Field, Heading, HStack, Input, List, NativeSelect, Skeleton, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { PriceAlert } from "../../contract/price-alerts"
import { formatDateTime } from "../../domain/dates"
import { formatMoney, formatPercent } from "../../domain/format"
import { PRICE_ALERT_CONDITIONS, PRICE_ALERT_MAX_PERCENT, PRICE_ALERT_MAX_PRICE, type PriceAlertCondition } from "../../domain/price-alert"
import { TAG } from "../../machines/kit"
import { instrumentAlerts, priceAlertMachine } from "../../machines/price-alert.machine"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { FormAlert } from "../shared/form-alert"
import { useIntlLocale } from "../shared/locale"
import { ConfirmDialog } from "../shared/confirm-dialog"
import { FormDialog } from "../shared/form-dialog"
import { useWorkflowActor } from "../workflows"

type PriceAlertActor = ActorRefFrom<typeof priceAlertMachine>

/** What the section needs of the instrument. */
export interface AlertInstrument {
  readonly id: string
  readonly symbol: string
  readonly currency: string
  /** The last price (a decimal string), shown beside the form. */
  readonly last: string
}

/** An alert in words: "Above $123.45", "Moves 5% in a day". */
const useAlertSummary = () => {
  const { t } = useTranslation("alerts")
  const locale = useIntlLocale()
  return (alert: Pick<PriceAlert, "condition" | "threshold" | "currency">): string =>
    alert.condition === "move"
      ? t("summary.move", { percent: formatPercent(alert.threshold, locale) })
      : t(`summary.${alert.condition}`, { price: formatMoney(alert.threshold, alert.currency, locale, { fraction: "exact" }) })
}

/**
 * The instrument page's price alerts (issue 36, decision 0260): the user's alerts on the
 * instrument with their state (active, paused, fired and at what price), a form for a new alert or
 * an edit ("above" / "below" a price, or a daily move of N %, typed in the user's notation),
 * pause, arm again and delete (after a confirmation). The server watches the alerts.
 */
export function PriceAlertsSection({ instrument }: { instrument: AlertInstrument }) {
  const { t } = useTranslation("alerts")
  const locale = useIntlLocale()
  const actor = useWorkflowActor(priceAlertMachine, { input: { instrumentId: instrument.id, locale } })
  const phase = useSelector(actor, (s) => (s.hasTag(TAG.loading) ? "loading" : s.hasTag(TAG.failed) ? "failed" : "ready"))
  const idle = useSelector(actor, (s) => s.matches({ ready: "idle" }) || s.matches({ ready: "refreshing" }))
  return (
    <Stack as="section" aria-labelledby="instrument-alerts" gap="3" borderWidth="1px" borderRadius="md" padding="4">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h2" size="md" id="instrument-alerts">
          {t("title")}
        </Heading>
        {/* While the alerts load, the button's place is kept (hidden), so the title does not move when it comes. */}
        {(phase === "ready" || phase === "loading") && (
          <Button
            size="sm"
            variant="outline"
            visibility={phase === "loading" ? "hidden" : undefined}
            disabled={!idle}
            onClick={() => actor.send({ type: "form.open" })}
          >
            {t("new")}
          </Button>
        )}
      </HStack>
      {phase === "loading" && (
        // One row: most instruments have no alert of the user's (one line says so).
        <Stack gap="2" role="status" aria-label={t("loading")}>
          <Skeleton height="6" />
        </Stack>
      )}
      {phase === "failed" && (
        <HStack gap="3" wrap="wrap">
          <Text color="fg.muted">{t("failed")}</Text>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: "list.retry" })}>
            {t("retry")}
          </Button>
        </HStack>
      )}
      {phase === "ready" && (
        <>
          <AlertList actor={actor} symbol={instrument.symbol} />
          <AlertForm actor={actor} instrument={instrument} />
          <DeleteDialog actor={actor} symbol={instrument.symbol} />
        </>
      )}
    </Stack>
  )
}

function AlertList({ actor, symbol }: { actor: PriceAlertActor; symbol: string }) {
  const { t } = useTranslation("alerts")
  const alerts = useSelector(actor, (s) => instrumentAlerts(s.context))
  if (alerts.length === 0) return <Text color="fg.muted">{t("empty", { symbol })}</Text>
  return (
    <List.Root variant="plain" gap="2" aria-label={t("listLabel", { symbol })}>
      {alerts.map((alert) => (
        <AlertRow key={alert.id} actor={actor} alert={alert} />
      ))}
    </List.Root>
  )
}

function AlertRow({ actor, alert }: { actor: PriceAlertActor; alert: PriceAlert }) {
  const { t } = useTranslation("alerts")
  const locale = useIntlLocale()
  const summary = useAlertSummary()(alert)
  const idle = useSelector(actor, (s) => s.matches({ ready: "idle" }) || s.matches({ ready: "refreshing" }))
  const busy = useSelector(actor, (s) => s.matches({ ready: "changingState" }) && s.context.target?.id === alert.id)
  const state =
    alert.state === "fired"
      ? t("state.fired", {
          price: formatMoney(alert.firedPrice, alert.currency, locale, { fraction: "exact" }),
          date: formatDateTime(alert.firedAt, locale),
        })
      : t(`state.${alert.state}`)
  return (
    <List.Item display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="2" borderBottomWidth="1px" paddingBlock="2">
      <HStack gap="2" wrap="wrap" minWidth="0">
        <Text fontWeight="medium">{summary}</Text>
        <Badge colorPalette={alert.state === "armed" ? "green" : alert.state === "fired" ? "orange" : "gray"}>{state}</Badge>
      </HStack>
      <HStack gap="1" wrap="wrap">
        {alert.state === "armed" ? (
          <Button
            size="xs"
            variant="ghost"
            disabled={!idle}
            loading={busy}
            aria-label={t("actions.pauseLabel", { alert: summary })}
            onClick={() => actor.send({ type: "alert.pause", id: alert.id })}
          >
            {t("actions.pause")}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="ghost"
            disabled={!idle}
            loading={busy}
            aria-label={t("actions.armLabel", { alert: summary })}
            onClick={() => actor.send({ type: "alert.arm", id: alert.id })}
          >
            {alert.state === "paused" ? t("actions.resume") : t("actions.rearm")}
          </Button>
        )}
        <Button
          size="xs"
          variant="ghost"
          disabled={!idle}
          aria-label={t("actions.editLabel", { alert: summary })}
          onClick={() => actor.send({ type: "edit.open", id: alert.id })}
        >
          {t("actions.edit")}
        </Button>
        <Button
          size="xs"
          variant="ghost"
          colorPalette="red"
          disabled={!idle}
          aria-label={t("actions.deleteLabel", { alert: summary })}
          onClick={() => actor.send({ type: "delete.request", id: alert.id })}
        >
          {t("actions.delete")}
        </Button>
      </HStack>
    </List.Item>
  )
}

function AlertForm({ actor, instrument }: { actor: PriceAlertActor; instrument: AlertInstrument }) {
  const { t } = useTranslation("alerts")
  const locale = useIntlLocale()
  const failureText = useFailureText()
  const issueText = useIssueText()
  const open = useSelector(actor, (s) => s.matches({ ready: "editing" }) || s.matches({ ready: "saving" }))
  const editing = useSelector(actor, (s) => s.context.editingId !== null)
  const condition = useSelector(actor, (s) => s.context.condition)
  const threshold = useSelector(actor, (s) => s.context.threshold)
  const refused = useSelector(actor, (s) => s.context.refused)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const busy = useSelector(actor, (s) => s.matches({ ready: "saving" }))
  const conditionId = useId()
  const thresholdId = useId()
  const problemText =
    problem === null
      ? undefined
      : problem.kind === "notation"
        ? issueText(problem.issue)
        : t(`problem.${problem.problem}`, { max: condition === "move" ? PRICE_ALERT_MAX_PERCENT : PRICE_ALERT_MAX_PRICE })
  return (
    <FormDialog
      open={open}
      onDismiss={() => actor.send({ type: "form.cancel" })}
      busy={busy}
      title={editing ? t("form.editTitle") : t("form.createTitle")}
      subtitle={instrument.symbol}
      closeLabel={t("form.cancel")}
      onSubmit={() => actor.send({ type: "form.submit" })}
      cancelLabel={t("form.cancel")}
      submitLabel={t("form.save")}
    >
      <Stack gap="3">
        <FormAlert text={failureText(failure)} />
        <Field.Root>
          <Field.Label htmlFor={conditionId}>{t("form.condition")}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              id={conditionId}
              value={condition}
              onChange={(e) => actor.send({ type: "condition.change", condition: e.currentTarget.value as PriceAlertCondition })}
            >
              {PRICE_ALERT_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {t(`condition.${c}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={problem !== null} required>
          <Field.Label htmlFor={thresholdId}>{condition === "move" ? t("form.percent") : t("form.price", { currency: instrument.currency })}</Field.Label>
          <Input
            id={thresholdId}
            value={threshold}
            inputMode="decimal"
            autoComplete="off"
            onChange={(e) => actor.send({ type: "threshold.change", text: e.currentTarget.value })}
          />
          {/* One helper text (the field gives it the one id the input is described by): why a keystroke was refused, then the last price. */}
          <Field.HelperText>
            {refused && (
              <Text as="span" display="block" color="fg.error" role="status">
                {t("forms:typing.decimalOnly")}
              </Text>
            )}
            {t("form.lastPrice", { price: formatMoney(instrument.last, instrument.currency, locale, { fraction: "fixed" }) })}
          </Field.HelperText>
          <Field.ErrorText>{problemText}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  )
}

function DeleteDialog({ actor, symbol }: { actor: PriceAlertActor; symbol: string }) {
  const { t } = useTranslation("alerts")
  const summaryOf = useAlertSummary()
  const open = useSelector(actor, (s) => s.matches({ ready: "confirmingDelete" }) || s.matches({ ready: "deleting" }))
  const busy = useSelector(actor, (s) => s.matches({ ready: "deleting" }))
  const alert = useSelector(actor, (s) => s.context.alerts.find((a) => a.id === s.context.target?.id))
  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      title={t("confirm.title")}
      text={t("confirm.body", { alert: alert ? summaryOf(alert) : "", symbol })}
      keepLabel={t("confirm.keep")}
      confirmLabel={t("confirm.delete")}
      onKeep={() => actor.send({ type: "delete.cancel" })}
      onConfirm={() => actor.send({ type: "delete.confirm" })}
    />
  )
}
