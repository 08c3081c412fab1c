import { Alert, Button, Field, Input, Spinner, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId, useRef } from "react"
import { useTranslation } from "react-i18next"
import { formatMoney, formatNumber } from "../../domain/format"
import { FX_RATE_DECIMALS } from "../../domain/fx"
import { bankAccountOptionText, cashAfter, WITHDRAWAL_CHANNELS, withdrawalCharges, type WithdrawalChannel } from "../../domain/withdrawal"
import { TAG } from "../../machines/kit"
import {
  chosenBankAccount,
  fittingQuote,
  needsQuote,
  offeredBankAccounts,
  typingAmountProblem,
  withdrawalForm,
  withdrawalIssues,
  type withdrawalMachine,
} from "../../machines/withdrawal.machine"
import type { ActorRefFrom } from "xstate"
import { FormAlert } from "../shared/form-alert"
import { FormField, SelectField } from "../shared/form-field"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { LoadRetry } from "../shared/load-retry"
import { RestoredNotice } from "../shared/restored-notice"
import { StepUpButtons, StepUpStep, type StepUpView } from "../shared/step-up-step"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { FactList, useIntlLocale } from "./shared"
import { ChartForm } from "../shared/chart-form"

const isChannel = (value: string): value is WithdrawalChannel => (WITHDRAWAL_CHANNELS as ReadonlyArray<string>).includes(value)

/**
 * The withdraw modal of the payments page (spec part 2 sections 2, 4 and 5): static (only Cancel
 * closes it), the form, then the review step. The withdrawal chart owns all of it; this only reads
 * its snapshot and sends what the user does.
 */
export function WithdrawalModal({ actor }: { actor: ActorRefFrom<typeof withdrawalMachine> }) {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const issueText = useIssueText()
  const failureText = useFailureText()
  const snapshot = useSelector(actor, (s) => s)
  const formId = useId()
  const channelField = useRef<HTMLSelectElement | null>(null)
  const context = snapshot.context
  const busy = snapshot.hasTag(TAG.busy)
  // The code step before the first withdrawal to a new bank account (issue 35): the form and the review stay in the chart meanwhile.
  const steppingUp = snapshot.hasTag("stepUp")
  const stepUpFormId = `${formId}-code`
  const stepUp: StepUpView = { context, sending: snapshot.hasTag("stepUp.sending"), verifying: steppingUp && busy, send: actor.send }
  const reviewing = snapshot.hasTag("review")
  const loading = snapshot.hasTag(TAG.loading)
  const failed = snapshot.hasTag(TAG.failed)
  const editing = !reviewing && !loading && !failed && !steppingUp
  const issues = context.showIssues ? withdrawalIssues(context) : {}
  // A sign, an exponent or too many decimals in the amount say why at once; the rest on Create.
  const amountIssue = issues.amount ?? typingAmountProblem(context) ?? undefined
  const offered = offeredBankAccounts(context)
  const money = (value: string) => formatMoney(value, context.currency ?? "", locale, { fraction: "fixed" })
  const close = () => actor.send({ type: "modal.close" })

  const quoting = snapshot.hasTag("quoting")
  const expired = snapshot.hasTag("expired")
  // Keyed: the pressed Back must never become the submit button while its click is handled.
  const footer = steppingUp ? (
    <StepUpButtons view={stepUp} formId={stepUpFormId} />
  ) : reviewing ? (
    <>
      <Button key="back" variant="outline" disabled={busy} onClick={() => actor.send({ type: "review.back" })}>
        {t("withdraw.back")}
      </Button>
      {expired ? (
        <Button key="refresh" colorPalette="blue" onClick={() => actor.send({ type: "quote.refresh" })}>
          {t("withdraw.quote.refresh")}
        </Button>
      ) : (
        <Button
          key="confirm"
          colorPalette="blue"
          loading={busy}
          loadingText={t("withdraw.confirm")}
          disabled={quoting}
          onClick={() => actor.send({ type: "review.confirm" })}
        >
          {t("withdraw.confirm")}
        </Button>
      )}
    </>
  ) : (
    <>
      <Button key="cancel" variant="outline" onClick={close}>
        {t("withdraw.cancel")}
      </Button>
      <Button key="review" type="submit" form={formId} colorPalette="blue" disabled={!editing}>
        {t("withdraw.review")}
      </Button>
    </>
  )

  return (
    <WorkflowDialog
      open={snapshot.hasTag(TAG.open)}
      onDismiss={close}
      busy={busy}
      isStatic
      title={reviewing || steppingUp ? t("withdraw.reviewTitle") : t("withdraw.title")}
      footer={footer}
      // It opens on its first field (Channel, once the bank accounts are in; the title while they load),
      // the review's title takes the focus when it appears, and Back returns it to the first field.
      initialFocusEl={() => channelField.current ?? null}
      step={steppingUp ? "stepUp" : reviewing ? "review" : editing ? "form" : "loading"}
      focusOnStep={(shown) => (shown === "form" ? channelField.current : null)}
    >
      <Stack gap="4">
        {context.restored && <RestoredNotice text={t("withdraw.restored")} />}
        <FormAlert text={failureText(context.failure)} />
        <LoadRetry
          loading={loading}
          failed={failed}
          loadingLabel={t("withdraw.loadingBanks")}
          failedText={t("withdraw.banksFailed")}
          retry={t("withdraw.retry")}
          onRetry={() => actor.send({ type: "banks.retry" })}
        />
        {steppingUp && <StepUpStep view={stepUp} formId={stepUpFormId} />}
        {reviewing && <WithdrawalReview actor={actor} money={money} quoting={quoting} expired={expired} />}
        {editing && (
          <ChartForm id={formId} onSubmit={() => actor.send({ type: "form.review" })}>
            <Stack gap="4">
              <SelectField
                label={t("withdraw.channel")}
                required
                error={issueText(issues.channel)}
                fieldRef={channelField}
                value={context.channel}
                placeholder={t("withdraw.channelPlaceholder")}
                choices={WITHDRAWAL_CHANNELS.map((c) => ({ value: c, label: t(`withdraw.channels.${c}`) }))}
                onChange={(value) => actor.send({ type: "channel.change", channel: value !== null && isChannel(value) ? value : null })}
              />
              <SelectField
                label={t("withdraw.bankAccount")}
                required
                error={issueText(issues.bankAccountRef)}
                disabled={context.channel === null}
                value={context.bankAccountRef}
                placeholder={t("withdraw.bankAccountPlaceholder")}
                choices={offered.map((a) => ({ value: a.ref, label: bankAccountOptionText(a) }))}
                onChange={(ref) => actor.send({ type: "bankAccount.change", ref })}
                helper={context.channel !== null && offered.length === 0 && <Field.HelperText>{t("withdraw.noBankAccount")}</Field.HelperText>}
              />
              <FormField
                label={t("withdraw.amount")}
                required
                error={issueText(amountIssue)}
                // One helper text (the field gives it the one id the input is described by): why a keystroke was refused, then the cash.
                helper={
                  (context.refused || context.cash !== null) && (
                    <Field.HelperText>
                      {context.refused && (
                        <Text as="span" display="block" color="fg.error" role="status">
                          {t("forms:typing.decimalOnly")}
                        </Text>
                      )}
                      {context.cash !== null && t("withdraw.available", { cash: money(context.cash) })}
                    </Field.HelperText>
                  )
                }
              >
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  value={context.amount}
                  onChange={(e) => actor.send({ type: "amount.change", amount: e.currentTarget.value })}
                />
              </FormField>
            </Stack>
          </ChartForm>
        )}
      </Stack>
    </WorkflowDialog>
  )
}

/**
 * The review step: what leaves the portfolio, where it goes, and the cash after; for a bank account
 * in another currency, the quoted rate and the amount that arrives (issue 30), or that the rate is
 * being fetched, or that it expired.
 */
function WithdrawalReview({
  actor,
  money,
  quoting,
  expired,
}: {
  actor: ActorRefFrom<typeof withdrawalMachine>
  money: (value: string) => string
  quoting: boolean
  expired: boolean
}) {
  const { t } = useTranslation("portfolio")
  const locale = useIntlLocale()
  const context = useSelector(actor, (s) => s.context)
  const bank = chosenBankAccount(context)
  if (context.channel === null || bank === null || context.cash === null) return null
  // The amount read in the user's notation: what is sent.
  const charges = withdrawalCharges(context.channel, withdrawalForm(context).amount)
  const converted = needsQuote(context)
  const quote = fittingQuote(context)
  const pending = t("withdraw.quote.pending")
  const conversion: ReadonlyArray<readonly [string, string]> = !converted
    ? []
    : quote && !quoting
      ? [
          [
            t("withdraw.quote.rate"),
            t("withdraw.quote.rateValue", {
              from: quote.currency,
              to: quote.payoutCurrency,
              rate: formatNumber(quote.rate, locale, { maximumFractionDigits: FX_RATE_DECIMALS }),
            }),
          ],
          [t("withdraw.quote.arrives"), formatMoney(quote.payoutAmount, quote.payoutCurrency, locale, { fraction: "fixed" })],
        ]
      : [
          [t("withdraw.quote.rate"), pending],
          [t("withdraw.quote.arrives"), pending],
        ]
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t("withdraw.reviewHelp")}</Text>
      {converted && quoting && (
        <Text role="status" display="flex" alignItems="center" gap="2">
          <Spinner size="sm" />
          {t("withdraw.quote.fetching")}
        </Text>
      )}
      {converted && expired && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t("withdraw.quote.expired")}</Alert.Title>
        </Alert.Root>
      )}
      <FactList
        facts={[
          [t("withdraw.channel"), t(`withdraw.channels.${context.channel}`)],
          [t("withdraw.bankAccount"), bankAccountOptionText(bank)],
          [t("withdraw.amount"), money(charges.amount)],
          [t("payments.detail.serviceFee"), money(charges.serviceFee)],
          [t("payments.detail.instantFee"), money(charges.instantFee)],
          [t("payments.detail.processFee"), money(charges.processFee)],
          [t("payments.detail.total"), money(charges.total)],
          ...conversion,
          [t("withdraw.cashAfter"), money(cashAfter(context.cash, charges.total))],
        ]}
      />
      {converted && quote && !quoting && !expired && (
        <Text fontSize="sm" color="fg.muted">
          {t("withdraw.quote.validity", { seconds: Math.round(quote.validForMs / 1000) })}
        </Text>
      )}
    </Stack>
  )
}
