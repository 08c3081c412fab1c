import { Button, Checkbox, Field, HStack, Input, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { codeIssues } from "../../machines/sign-in.machine"
import { useAppActors } from "../app-actors"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { FormAlert } from "../shared/form-alert"
import { useSignIn } from "./sign-in-context"
import { LinkButton } from "../chrome/link-button"
import { TAG } from "../../machines/kit"
import { AuthPageHeading } from "./page-heading"
import { ChartForm } from "../shared/chart-form"

/**
 * /2fa-otp: the one-time code step (APP means an authenticator app, otherwise an e-mailed code
 * that can be sent again), with the trusted-device checkbox. An authenticator-app user who lost the
 * app switches the field to one of their recovery codes (and back).
 */
export function TwoFactorPage() {
  const { t } = useTranslation("auth")
  const actor = useSignIn()
  const { session } = useAppActors()
  const otp = useSelector(actor, (s) => s.context.otp)
  const trusted = useSelector(actor, (s) => s.context.trusted)
  const method = useSelector(actor, (s) => s.context.otpMethod)
  const recovery = useSelector(actor, (s) => s.context.recovery)
  const touched = useSelector(actor, (s) => s.context.touched.includes("otp"))
  const verifying = useSelector(actor, (s) => (s.hasTag(TAG.busy) && !s.hasTag("resending")) || s.status === "done")
  const resending = useSelector(actor, (s) => s.hasTag("resending"))
  const failure = useSelector(actor, (s) => s.context.failure)
  const codeSent = useSelector(actor, (s) => s.context.notice === "codeSent")
  const issueText = useIssueText()
  const failureText = useFailureText()
  const issue = touched ? issueText(codeIssues({ otp, recovery }).otp) : undefined

  return (
    <Stack gap="8">
      <AuthPageHeading title={t("code.title")} subtitle={recovery ? t("code.fromRecovery") : method === "APP" ? t("code.fromApp") : t("code.fromEmail")} />
      <ChartForm aria-label={t("code.title")} onSubmit={() => actor.send({ type: "code.submit" })}>
        <Stack gap="5">
          <FormAlert text={failureText(failure)} />
          {codeSent && (
            <Text role="status" color="green.fg">
              {t("code.sent")}
            </Text>
          )}
          <Field.Root required invalid={issue !== undefined}>
            <Field.Label>{recovery ? t("code.recoveryLabel") : t("code.label")}</Field.Label>
            <Input
              key={recovery ? "recovery" : "otp"}
              name={recovery ? "recovery-code" : "otp"}
              inputMode={recovery ? "text" : "numeric"}
              autoComplete={recovery ? "off" : "one-time-code"}
              autoCapitalize={recovery ? "off" : undefined}
              spellCheck={recovery ? false : undefined}
              maxLength={recovery ? 13 : 6}
              value={otp}
              onChange={(e) => actor.send({ type: "code.change", value: e.currentTarget.value })}
              onBlur={() => actor.send({ type: "code.blur" })}
            />
            {recovery && <Field.HelperText>{t("code.recoveryHelp")}</Field.HelperText>}
            <Field.ErrorText>{issue}</Field.ErrorText>
          </Field.Root>
          <Checkbox.Root checked={trusted} onCheckedChange={(d) => actor.send({ type: "trusted.change", value: d.checked === true })}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t("code.trusted")}</Checkbox.Label>
          </Checkbox.Root>
          <HStack justify="space-between" wrap="wrap" gap="3">
            {method !== "APP" ? (
              <Button type="button" variant="outline" loading={resending} loadingText={t("code.resend")} onClick={() => actor.send({ type: "code.resend" })}>
                {t("code.resend")}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" colorPalette="blue" loading={verifying} loadingText={t("code.verifying")}>
              {t("code.submit")}
            </Button>
          </HStack>
        </Stack>
      </ChartForm>
      {method === "APP" && (
        <LinkButton color="blue.fg" alignSelf="flex-start" onClick={() => actor.send({ type: "code.mode", recovery: !recovery })}>
          {recovery ? t("code.useApp") : t("code.useRecovery")}
        </LinkButton>
      )}
      <LinkButton color="blue.fg" alignSelf="flex-start" onClick={() => session.send({ type: "session.logout" })}>
        {t("code.otherAccount")}
      </LinkButton>
    </Stack>
  )
}
