import { Button, Input, Spinner, Stack, Text } from "@chakra-ui/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { stepUpIssues, type StepUpContext, type StepUpEvent } from "../../machines/step-up"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { FormAlert } from "./form-alert"
import { ChartForm } from "./chart-form"
import { FormField } from "./form-field"

/** What the code step reads of its chart: the step's context, and whether the code is being sent or checked. */
export interface StepUpView {
  readonly context: StepUpContext
  readonly sending: boolean
  readonly verifying: boolean
  readonly send: (event: StepUpEvent) => void
}

/**
 * The code step of a workflow that moves money to a new place (issue 35; chart part
 * src/machines/step-up.ts): why a code is asked for, where it comes from (e-mail or the app), the
 * code field (focused when the step shows), a wrong or expired code's text, and a new code by
 * e-mail. The modal shows it in place of its form (which the chart keeps) and `StepUpButtons` as
 * its footer; the form's id is `formId`.
 */
export function StepUpStep({ view, formId }: { view: StepUpView; formId: string }) {
  const { t } = useTranslation("forms")
  const issueText = useIssueText()
  const failureText = useFailureText()
  const field = useRef<HTMLInputElement | null>(null)
  const { context, sending, verifying, send } = view
  const issue = context.stepUpShowIssue ? issueText(stepUpIssues(context).otp) : undefined
  useEffect(() => {
    if (!sending) field.current?.focus()
  }, [sending])
  return (
    <Stack gap="4">
      <Text>{t("stepUp.why")}</Text>
      {sending ? (
        <Text role="status" display="flex" alignItems="center" gap="2">
          <Spinner size="sm" />
          {t("stepUp.sending")}
        </Text>
      ) : (
        <Text color="fg.muted">{context.stepUpMethod === "APP" ? t("stepUp.fromApp") : t("stepUp.fromEmail")}</Text>
      )}
      <FormAlert text={failureText(context.stepUpFailure)} />
      <ChartForm id={formId} onSubmit={() => send({ type: "stepUp.submit" })}>
        <FormField label={t("stepUp.label")} required error={issue} disabled={verifying}>
          <Input
            ref={field}
            name="one-time-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={context.stepUpCode}
            onChange={(e) => send({ type: "stepUp.change", code: e.currentTarget.value })}
          />
        </FormField>
      </ChartForm>
      {context.stepUpMethod !== "APP" && (
        <Button alignSelf="start" size="sm" variant="outline" disabled={sending || verifying} onClick={() => send({ type: "stepUp.resend" })}>
          {t("stepUp.resend")}
        </Button>
      )}
    </Stack>
  )
}

/** The code step's footer: Back to the form (every field kept) and Confirm (submits the code's form). */
export function StepUpButtons({ view, formId }: { view: StepUpView; formId: string }) {
  const { t } = useTranslation("forms")
  return (
    <>
      <Button key="stepUp-back" variant="outline" disabled={view.verifying} onClick={() => view.send({ type: "stepUp.cancel" })}>
        {t("stepUp.back")}
      </Button>
      <Button
        key="stepUp-confirm"
        type="submit"
        form={formId}
        colorPalette="blue"
        disabled={view.sending}
        loading={view.verifying}
        loadingText={t("stepUp.confirm")}
      >
        {t("stepUp.confirm")}
      </Button>
    </>
  )
}
