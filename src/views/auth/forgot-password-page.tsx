import { Button, Field, HStack, Input, Stack } from "@chakra-ui/react"
import { Link as RouterLink, useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { forgotPasswordIssues, forgotPasswordMachine } from "../../machines/forgot-password.machine"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { useWorkflowActor } from "../workflows"
import { FormAlert } from "../shared/form-alert"
import { AuthPageHeading } from "./page-heading"
import { ChartForm } from "../shared/chart-form"

/**
 * /forgot-password: the forgot-password chart's e-mail form (spec part 1 sections 4, 5 and 8). On
 * success the server's message is toasted and the user goes to /login; a 404 shows 'The requested
 * {name} is not found' with the e-mail entered.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation("auth")
  const navigate = useNavigate()
  const actor = useWorkflowActor(forgotPasswordMachine, undefined, { actions: { goToLogin: () => void navigate({ to: "/login" }) } })
  const email = useSelector(actor, (s) => s.context.email)
  const touched = useSelector(actor, (s) => s.context.touched)
  const busy = useSelector(actor, (s) => s.hasTag("busy") || s.status === "done")
  const alert = useSelector(actor, (s) => s.context.alert)
  const issueText = useIssueText()
  const failureText = useFailureText()
  const issue = touched ? issueText(forgotPasswordIssues({ email }).email) : undefined
  const alertText = alert === null ? undefined : alert.kind === "notFound" ? t("forgotPassword.notFound", { name: alert.email }) : failureText(alert.failure)

  return (
    <Stack gap="8">
      <AuthPageHeading title={t("forgotPassword.title")} subtitle={t("forgotPassword.subtitle")} />
      <ChartForm aria-label={t("forgotPassword.title")} onSubmit={() => actor.send({ type: "form.submit" })}>
        <Stack gap="5">
          <FormAlert text={alertText} />
          <Field.Root required invalid={issue !== undefined}>
            <Field.Label>{t("forgotPassword.email")}</Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => actor.send({ type: "email.change", value: e.currentTarget.value })}
              onBlur={() => actor.send({ type: "email.blur" })}
            />
            <Field.ErrorText>{issue}</Field.ErrorText>
          </Field.Root>
          <HStack justify="space-between">
            <Button asChild variant="outline">
              <RouterLink to="/login">{t("forgotPassword.cancel")}</RouterLink>
            </Button>
            <Button type="submit" colorPalette="blue" loading={busy} loadingText={t("forgotPassword.submitting")}>
              {t("forgotPassword.submit")}
            </Button>
          </HStack>
        </Stack>
      </ChartForm>
    </Stack>
  )
}
