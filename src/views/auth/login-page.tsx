import { Button, Field, HStack, Input, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { credentialIssues } from "../../machines/sign-in.machine"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { FormAlert } from "../shared/form-alert"
import { useSignIn } from "./sign-in-context"
import { TAG } from "../../machines/kit"
import { AuthPageHeading } from "./page-heading"
import { ChartForm } from "../shared/chart-form"

/** /login: the credentials step of the sign-in chart (spec part 1 section 5, Sign-in). */
export function LoginPage() {
  const { t } = useTranslation("auth")
  const actor = useSignIn()
  const email = useSelector(actor, (s) => s.context.email)
  const password = useSelector(actor, (s) => s.context.password)
  const touched = useSelector(actor, (s) => s.context.touched)
  const busy = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const failure = useSelector(actor, (s) => s.context.failure)
  const issueText = useIssueText()
  const failureText = useFailureText()
  const issues = credentialIssues({ email, password })
  const shown = (field: "email" | "password") => (touched.includes(field) ? issueText(issues[field]) : undefined)
  const values = { email, password }
  const credentialField = (field: "email" | "password", type: "email" | "password", autoComplete: string) => (
    <Field.Root required invalid={shown(field) !== undefined}>
      <Field.Label>{t(`login.${field}`)}</Field.Label>
      <Input
        type={type}
        name={field}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(e) => actor.send({ type: "credentials.change", field, value: e.currentTarget.value })}
        onBlur={() => actor.send({ type: "credentials.blur", field })}
      />
      <Field.ErrorText>{shown(field)}</Field.ErrorText>
    </Field.Root>
  )

  return (
    <Stack gap="8">
      <AuthPageHeading title={t("login.title")} subtitle={t("login.subtitle")} />
      <ChartForm aria-label={t("login.title")} onSubmit={() => actor.send({ type: "credentials.submit" })}>
        <Stack gap="5">
          <FormAlert text={failureText(failure)} />
          {credentialField("email", "email", "username")}
          {credentialField("password", "password", "current-password")}
          <HStack justify="space-between">
            <Link asChild color="blue.fg">
              <RouterLink to="/forgot-password">{t("login.forgot")}</RouterLink>
            </Link>
            <Button type="submit" colorPalette="blue" loading={busy} loadingText={t("login.submitting")}>
              {t("login.submit")}
            </Button>
          </HStack>
        </Stack>
      </ChartForm>
      <Text>
        {t("login.noAccount")}{" "}
        <Link asChild color="blue.fg">
          <RouterLink to="/auth/registration">{t("login.signUp")}</RouterLink>
        </Link>
      </Text>
    </Stack>
  )
}
