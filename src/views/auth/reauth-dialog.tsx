import { Button, Dialog, Field, Input, Portal, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { reauthIssues } from "../../machines/session.machine"
import { useAppActors } from "../app-actors"
import { useIssueText } from "../hooks/form-issue"
import { TAG } from "../../machines/kit"
import { useDialogName } from "../shared/dialog-name"
import { ChartForm } from "../shared/chart-form"

/**
 * The session re-authentication dialog (spec part 1 "Modals"): shown while the session is expired,
 * reauthenticating or being logged out after a 403; it cannot be dismissed. Its form lives in the
 * session chart. Whatever page is below keeps its state, and the request that met the expiry is
 * retried once the new token arrives.
 */
export function ReauthDialog() {
  const name = useDialogName()
  const { t } = useTranslation("auth")
  const { session } = useAppActors()
  const open = useSelector(session, (s) => s.hasTag("reauth"))
  const busy = useSelector(session, (s) => s.hasTag(TAG.busy))
  const email = useSelector(session, (s) => s.context.reauthEmail)
  const password = useSelector(session, (s) => s.context.reauthPassword)
  const touched = useSelector(session, (s) => s.context.reauthTouched)
  const issueText = useIssueText()
  const issues = touched ? reauthIssues({ reauthEmail: email, reauthPassword: password }) : {}

  return (
    <Dialog.Root ids={name.ids} open={open} closeOnEscape={false} closeOnInteractOutside={false} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-labelledby={name.labelledBy}>
            <ChartForm onSubmit={() => session.send({ type: "reauth.submit", at: Date.now() })}>
              <Dialog.Header>
                <Dialog.Title>{t("reauth.title")}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{t("reauth.body")}</Text>
                  <Field.Root required invalid={issues.email !== undefined}>
                    <Field.Label>{t("login.email")}</Field.Label>
                    <Input
                      type="email"
                      autoComplete="username"
                      value={email}
                      onChange={(e) => session.send({ type: "reauth.change", field: "email", value: e.currentTarget.value })}
                    />
                    <Field.ErrorText>{issueText(issues.email)}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={issues.password !== undefined}>
                    <Field.Label>{t("login.password")}</Field.Label>
                    <Input
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => session.send({ type: "reauth.change", field: "password", value: e.currentTarget.value })}
                    />
                    <Field.ErrorText>{issueText(issues.password)}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="submit" colorPalette="blue" loading={busy} loadingText={t("reauth.submit")}>
                  {t("reauth.submit")}
                </Button>
              </Dialog.Footer>
            </ChartForm>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
