import { Button, Field, HStack, NativeSelect, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import type { ReservedAccount } from "../../contract/accounts"
import { canUpdate, instantDepositMachine } from "../../machines/instant-deposit.machine"
import { TAG } from "../../machines/kit"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { usePortfoliosActor } from "../portfolios/portfolios-context"
import { useWhyDisabled, useWorkflowActor } from "../workflows"

/**
 * A reserved account's instant-deposit control: Enabled or Disabled (the stored status until the
 * user chooses) and Update, enabled only when the choice differs from the stored status. The
 * instant-deposit chart sends it, toasts the answer and refetches the account.
 */
export function InstantDepositControl({ accountId, nuban }: { accountId: string; nuban: ReservedAccount }) {
  const { t } = useTranslation("portfolio")
  const issueText = useIssueText()
  const failureText = useFailureText()
  const portfolios = usePortfoliosActor()
  const actor = useWorkflowActor(instantDepositMachine, { input: { accountId, ref: nuban.ref, current: nuban.instantDeposit, portfolios } })
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const shown = context.chosen ?? context.current
  const errorId = useId()
  // Why Update is disabled, as the chart's refusing guard says it (issue 13).
  const whyNot = useWhyDisabled(instantDepositMachine, actor, { type: "update.submit" })
  const whyNotId = useId()
  const reason = !canUpdate(context) && !busy ? whyNot : null
  const failure = context.failure ? failureText(context.failure) : undefined
  return (
    <Field.Root invalid={context.issue !== null || failure !== undefined} disabled={busy}>
      <Field.Label>{t("overview.reserved.instantDepositFor", { accountNumber: nuban.accountNumber })}</Field.Label>
      <HStack gap="2" width="full">
        <NativeSelect.Root size="sm" flex="1">
          <NativeSelect.Field
            value={shown ? "enabled" : "disabled"}
            onChange={(e) => actor.send({ type: "choice.change", value: e.currentTarget.value === "enabled" })}
            aria-describedby={failure ? errorId : undefined}
          >
            <option value="enabled">{t("overview.reserved.enabled")}</option>
            <option value="disabled">{t("overview.reserved.disabled")}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button
          size="sm"
          colorPalette="blue"
          disabled={!canUpdate(context)}
          loading={busy}
          loadingText={t("overview.reserved.update")}
          aria-describedby={reason !== null ? whyNotId : undefined}
          onClick={() => actor.send({ type: "update.submit" })}
        >
          {t("overview.reserved.update")}
        </Button>
      </HStack>
      {reason !== null && (
        <Text id={whyNotId} fontSize="xs" color="fg.muted">
          {reason}
        </Text>
      )}
      <Field.ErrorText>{issueText(context.issue ?? undefined)}</Field.ErrorText>
      {failure && (
        <Text id={errorId} role="alert" fontSize="sm" color="fg.error">
          {failure}
        </Text>
      )}
    </Field.Root>
  )
}
