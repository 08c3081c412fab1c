import { Button, Field, HStack, Input, Link, Stack } from "@chakra-ui/react"
import { getRouteApi, Link as RouterLink, useNavigate } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { resetPasswordIssues, resetPasswordMachine } from "../../machines/reset-password.machine"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { useWorkflowActor } from "../workflows"
import { FormAlert } from "../shared/form-alert"
import { AuthPageHeading } from "./page-heading"
import { ChartForm } from "../shared/chart-form"

type ResetField = "password" | "confirmPassword"

/**
 * /reset-password/:ref: the reset-password chart's form for the e-mailed link's `resetRef` (spec
 * part 1 sections 4 and 5). Submits after the spec's 1-second delay; on success the server's
 * message is toasted and the user goes to /login. An invalid or expired link offers a new one.
 * Mount it with `key={ref}` so a different link starts a fresh chart.
 */
export function ResetPasswordPage({ resetRef }: { resetRef: string }) {
  const { t } = useTranslation("auth")
  const navigate = useNavigate()
  const actor = useWorkflowActor(
    resetPasswordMachine,
    { input: { resetRef } },
    // The link is single use: going back should not land on it again.
    { actions: { goToLogin: () => void navigate({ to: "/login", replace: true }) } },
  )
  const password = useSelector(actor, (s) => s.context.password)
  const confirmPassword = useSelector(actor, (s) => s.context.confirmPassword)
  const touched = useSelector(actor, (s) => s.context.touched)
  const busy = useSelector(actor, (s) => s.hasTag("busy") || s.status === "done")
  const failure = useSelector(actor, (s) => s.context.failure)
  const issueText = useIssueText()
  const failureText = useFailureText()
  const issues = resetPasswordIssues({ password, confirmPassword })
  const shown = (field: ResetField) => (touched.includes(field) ? issueText(issues[field]) : undefined)

  const input = (field: ResetField, value: string) => (
    <Field.Root required invalid={shown(field) !== undefined}>
      <Field.Label>{t(`resetPassword.${field}`)}</Field.Label>
      <Input
        type="password"
        name={field}
        autoComplete="new-password"
        value={value}
        onChange={(e) => actor.send({ type: "field.change", field, value: e.currentTarget.value })}
        onBlur={() => actor.send({ type: "field.blur", field })}
      />
      <Field.ErrorText>{shown(field)}</Field.ErrorText>
    </Field.Root>
  )

  return (
    <Stack gap="8">
      <AuthPageHeading title={t("resetPassword.title")} subtitle={t("resetPassword.subtitle")} />
      <ChartForm aria-label={t("resetPassword.title")} onSubmit={() => actor.send({ type: "form.submit" })}>
        <Stack gap="5">
          <FormAlert text={failureText(failure)} />
          {failure?.code === "reset.invalid" && (
            <Link asChild color="blue.fg" alignSelf="flex-start">
              <RouterLink to="/forgot-password">{t("resetPassword.newLink")}</RouterLink>
            </Link>
          )}
          {input("password", password)}
          {input("confirmPassword", confirmPassword)}
          <HStack justify="space-between">
            <Link asChild color="blue.fg">
              <RouterLink to="/login">{t("resetPassword.backToLogin")}</RouterLink>
            </Link>
            <Button type="submit" colorPalette="blue" loading={busy} loadingText={t("resetPassword.submitting")}>
              {t("resetPassword.submit")}
            </Button>
          </HStack>
        </Stack>
      </ChartForm>
    </Stack>
  )
}

/** /reset-password/:ref as a route component: each link's ref gets a fresh chart. */
const resetPasswordRoute = getRouteApi("/signed-out/reset-password/$ref")

export function ResetPasswordRoute() {
  const { ref } = resetPasswordRoute.useParams()
  return <ResetPasswordPage key={ref} resetRef={ref} />
}
