import { Button, Checkbox, Field, HStack, Input, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { canRegister, registrationIssues, registrationMachine, type RegistrationTextField } from "../../machines/registration.machine"
import { useAppActors } from "../app-actors"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { useWorkflowActor } from "../workflows"
import { useLegalDialog } from "../chrome/legal-dialog"
import { FormAlert } from "../shared/form-alert"
import { LinkButton } from "../chrome/link-button"
import { AuthPageHeading } from "./page-heading"
import { ChartForm } from "../shared/chart-form"

type RegistrationActor = ActorRefFrom<typeof registrationMachine>

const FIELDS: ReadonlyArray<{ field: RegistrationTextField; type: string; autoComplete: string }> = [
  { field: "fullname", type: "text", autoComplete: "name" },
  { field: "email", type: "email", autoComplete: "email" },
  { field: "username", type: "text", autoComplete: "username" },
  { field: "password", type: "password", autoComplete: "new-password" },
  { field: "confirmPassword", type: "password", autoComplete: "new-password" },
]

/**
 * /auth/registration: the registration chart's form (spec part 1 section 5, Registration). Submit
 * stays disabled until every field is valid and the terms are ticked; the terms link opens the
 * Legal Agreement dialog. On success the session's sign-up code is entered on /2fa-otp (the sign-in
 * chart's code step).
 */
export function RegistrationPage() {
  const { t } = useTranslation("auth")
  const { session } = useAppActors()
  const legal = useLegalDialog()
  // On success the session holds the code-pending user, and the signed-out area's sign-in chart,
  // which follows the session, takes over at the code step (/2fa-otp).
  const actor = useWorkflowActor(registrationMachine, { input: { session, now: () => Date.now() } })
  const form = {
    fullname: useSelector(actor, (s) => s.context.fullname),
    email: useSelector(actor, (s) => s.context.email),
    username: useSelector(actor, (s) => s.context.username),
    password: useSelector(actor, (s) => s.context.password),
    confirmPassword: useSelector(actor, (s) => s.context.confirmPassword),
    acceptTerms: useSelector(actor, (s) => s.context.acceptTerms),
  }
  const touched = useSelector(actor, (s) => s.context.touched)
  const busy = useSelector(actor, (s) => s.hasTag("busy") || s.status === "done")
  const alert = useSelector(actor, (s) => s.context.alert)
  const issueText = useIssueText()
  const failureText = useFailureText()
  const issues = registrationIssues(form)
  const shown = (field: keyof typeof form) => (touched.includes(field) ? issueText(issues[field]) : undefined)
  const alertText = alert === null ? undefined : alert.kind === "rejected" ? t("registration.failed") : failureText(alert.failure)

  return (
    <Stack gap="8">
      <AuthPageHeading title={t("registration.title")} subtitle={t("registration.subtitle")} />
      <ChartForm aria-label={t("registration.title")} onSubmit={() => actor.send({ type: "form.submit" })}>
        <Stack gap="5">
          <FormAlert text={alertText} />
          {FIELDS.map(({ field, type, autoComplete }) => (
            <RegistrationInput
              key={field}
              actor={actor}
              field={field}
              type={type}
              autoComplete={autoComplete}
              label={t(`registration.${field}`)}
              value={form[field]}
              issue={shown(field)}
            />
          ))}
          <Field.Root invalid={shown("acceptTerms") !== undefined}>
            <HStack gap="2" wrap="wrap">
              <Checkbox.Root checked={form.acceptTerms} onCheckedChange={(d) => actor.send({ type: "terms.change", value: d.checked === true })}>
                <Checkbox.HiddenInput name="acceptTerms" />
                <Checkbox.Control />
                <Checkbox.Label>{t("registration.terms")}</Checkbox.Label>
              </Checkbox.Root>
              <LinkButton color="blue.fg" onClick={legal.open}>
                {t("registration.readTerms")}
              </LinkButton>
            </HStack>
            <Field.ErrorText>{shown("acceptTerms")}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" disabled={!canRegister(form)} loading={busy} loadingText={t("registration.submitting")}>
            {t("registration.submit")}
          </Button>
        </Stack>
      </ChartForm>
      <Text>
        {t("registration.haveAccount")}{" "}
        <Link asChild color="blue.fg">
          <RouterLink to="/login">{t("registration.signIn")}</RouterLink>
        </Link>
      </Text>
    </Stack>
  )
}

function RegistrationInput(props: {
  actor: RegistrationActor
  field: RegistrationTextField
  type: string
  autoComplete: string
  label: string
  value: string
  issue: string | undefined
}) {
  const { actor, field } = props
  return (
    <Field.Root required invalid={props.issue !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type={props.type}
        name={field}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => actor.send({ type: "field.change", field, value: e.currentTarget.value })}
        onBlur={() => actor.send({ type: "field.blur", field })}
      />
      <Field.ErrorText>{props.issue}</Field.ErrorText>
    </Field.Root>
  )
}
