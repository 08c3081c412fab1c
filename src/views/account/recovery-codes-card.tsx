import { Box, Button, Field, Input, List, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { formatDateTime } from "../../domain/dates"
import { TAG } from "../../machines/kit"
import { confirmIssues, recoveryCodesMachine } from "../../machines/recovery-codes.machine"
import { useFailureText } from "../hooks/failure-text"
import { useIssueText } from "../hooks/form-issue"
import { SubpageCard } from "../portfolio/subpage-card"
import { FormAlert } from "../shared/form-alert"
import { useIntlLocale } from "../shared/locale"
import { RetryState } from "../shared/retry-state"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { FormDialog } from "../shared/form-dialog"
import { useWorkflowActor } from "../workflows"

type RecoveryActor = ActorRefFrom<typeof recoveryCodesMachine>

/**
 * The Security page's recovery codes (issue 35): how many of the ten single-use codes are left and
 * when one was last used; a new set after the password and the app's current code (a dialog), shown
 * once with a download as a text file. The recovery-codes chart owns all of it.
 */
export function RecoveryCodesCard() {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const actor = useWorkflowActor(recoveryCodesMachine)
  const status = useSelector(actor, (s) => s.context.status)
  const failed = useSelector(actor, (s) => s.hasTag(TAG.failed))

  if (failed && status === null)
    return <RetryState title={t("security.recovery.failed")} retry={t("security.retry")} onRetry={() => actor.send({ type: "list.retry" })} />
  return (
    <SubpageCard
      title={t("security.recovery.title")}
      subtitle={t("security.recovery.subtitle")}
      loading={status === null}
      skeleton={{ rows: 1, height: "6" }}
      actions={
        status?.available ? (
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: "codes.start" })}>
            {status.generatedAt === null ? t("security.recovery.make") : t("security.recovery.remake")}
          </Button>
        ) : undefined
      }
    >
      {status !== null && (
        <Stack gap="1">
          {!status.available ? (
            <Text color="fg.muted">{t("security.recovery.notApp")}</Text>
          ) : status.generatedAt === null ? (
            <Text>{t("security.recovery.none")}</Text>
          ) : (
            <>
              <Text fontWeight="semibold">{t("security.recovery.left", { count: status.left, total: status.total })}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t("security.recovery.madeOn", { date: formatDateTime(status.generatedAt, locale) })}
              </Text>
              {status.lastUsedAt !== null && (
                <Text fontSize="sm" color="orange.fg">
                  {t("security.recovery.lastUsed", { date: formatDateTime(status.lastUsedAt, locale) })}
                </Text>
              )}
            </>
          )}
        </Stack>
      )}
      <ConfirmDialog actor={actor} />
      <CodesDialog actor={actor} />
    </SubpageCard>
  )
}

/** The password and the app's current code, asked before a new set is made. */
function ConfirmDialog({ actor }: { actor: RecoveryActor }) {
  const { t } = useTranslation("account")
  const open = useSelector(actor, (s) => s.hasTag("confirm"))
  const busy = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const password = useSelector(actor, (s) => s.context.password)
  const otp = useSelector(actor, (s) => s.context.otp)
  const touched = useSelector(actor, (s) => s.context.touched)
  const failure = useSelector(actor, (s) => s.context.failure)
  const issueText = useIssueText()
  const failureText = useFailureText()
  const issues = confirmIssues({ password, otp })
  const shown = (field: "password" | "otp") => (touched.includes(field) ? issueText(issues[field]) : undefined)
  const cancel = () => actor.send({ type: "form.cancel" })
  return (
    <FormDialog
      open={open}
      busy={busy}
      onDismiss={cancel}
      title={t("security.recovery.confirmTitle")}
      closeLabel={t("security.confirm.cancel")}
      onSubmit={() => actor.send({ type: "form.submit" })}
      cancelLabel={t("security.confirm.cancel")}
      submitLabel={t("security.recovery.confirm")}
      busyLabel={t("security.recovery.confirm")}
    >
      <Stack gap="4">
        <Text>{t("security.recovery.confirmText")}</Text>
        <FormAlert text={failureText(failure)} />
        <Field.Root required invalid={shown("password") !== undefined}>
          <Field.Label>{t("security.recovery.password")}</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => actor.send({ type: "form.change", field: "password", value: e.currentTarget.value })}
            onBlur={() => actor.send({ type: "form.blur", field: "password" })}
          />
          <Field.ErrorText>{shown("password")}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={shown("otp") !== undefined}>
          <Field.Label>{t("security.recovery.code")}</Field.Label>
          <Input
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(e) => actor.send({ type: "form.change", field: "otp", value: e.currentTarget.value })}
            onBlur={() => actor.send({ type: "form.blur", field: "otp" })}
          />
          <Field.HelperText>{t("security.recovery.codeHelp")}</Field.HelperText>
          <Field.ErrorText>{shown("otp")}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </FormDialog>
  )
}

/** The new set, shown this once, with its download; only Done closes it. */
function CodesDialog({ actor }: { actor: RecoveryActor }) {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const open = useSelector(actor, (s) => s.hasTag("codes"))
  const created = useSelector(actor, (s) => s.context.created)
  const head = created
    ? [t("security.recovery.fileTitle"), t("security.recovery.fileMade", { date: formatDateTime(created.generatedAt, locale) }), t("security.recovery.fileUse")]
    : []
  return (
    <WorkflowDialog
      open={open}
      isStatic
      onDismiss={() => actor.send({ type: "codes.done" })}
      title={t("security.recovery.codesTitle")}
      footer={
        <>
          <Button variant="outline" onClick={() => actor.send({ type: "codes.download", head })}>
            {t("security.recovery.download")}
          </Button>
          <Button colorPalette="blue" onClick={() => actor.send({ type: "codes.done" })}>
            {t("security.recovery.done")}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>{t("security.recovery.codesText")}</Text>
        <Box borderWidth="1px" borderColor="border" borderRadius="l2" padding="3">
          <List.Root
            as="ol"
            aria-label={t("security.recovery.codesTitle")}
            display="grid"
            gridTemplateColumns="repeat(2, minmax(0, 1fr))"
            gap="2"
            listStylePosition="inside"
          >
            {(created?.codes ?? []).map((code) => (
              <List.Item key={code} fontFamily="mono" fontSize="md">
                {code}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      </Stack>
    </WorkflowDialog>
  )
}
