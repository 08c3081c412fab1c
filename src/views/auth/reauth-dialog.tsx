import { Button, Dialog, Field, Input, Portal, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { validateReauth } from "../../domain/auth-forms"
import { useAppActors } from "../app-actors"
import { useIssueText } from "../hooks/form-issue"

/**
 * The session re-authentication dialog (spec part 1 "Modals"): shown while the session is expired,
 * reauthenticating or being logged out after a 403; it cannot be dismissed. Whatever page is below
 * keeps its state, and the request that met the expiry is retried once the new token arrives.
 * The typed e-mail and password are visual form state of this dialog only.
 */
export function ReauthDialog() {
  const { t } = useTranslation("auth")
  const { session } = useAppActors()
  const open = useSelector(session, (s) => s.hasTag("reauth"))
  const busy = useSelector(session, (s) => s.matches("reauthenticating") || s.matches("forcedLogout"))
  const knownEmail = useSelector(session, (s) => {
    const user = s.context.user
    return user && "email" in user ? user.email : ""
  })
  const [email, setEmail] = useState<string | null>(null)
  const [password, setPassword] = useState("")
  const [attempted, setAttempted] = useState(false)
  const issueText = useIssueText()
  const value = email ?? knownEmail
  const issues = validateReauth({ email: value, password })

  return (
    <Dialog.Root open={open} closeOnEscape={false} closeOnInteractOutside={false} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                setAttempted(true)
                if (Object.keys(issues).length > 0) return
                session.send({ type: "reauth.submit", email: value.trim(), password, at: Date.now() })
                setPassword("")
                setAttempted(false)
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t("reauth.title")}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{t("reauth.body")}</Text>
                  <Field.Root required invalid={attempted && issues.email !== undefined}>
                    <Field.Label>{t("login.email")}</Field.Label>
                    <Input type="email" autoComplete="username" value={value} onChange={(e) => setEmail(e.currentTarget.value)} />
                    <Field.ErrorText>{attempted ? issueText(issues.email) : undefined}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={attempted && issues.password !== undefined}>
                    <Field.Label>{t("login.password")}</Field.Label>
                    <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
                    <Field.ErrorText>{attempted ? issueText(issues.password) : undefined}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="submit" colorPalette="blue" loading={busy}>
                  {t("reauth.submit")}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
