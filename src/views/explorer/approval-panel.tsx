import { Badge, Box, Button, Code, Field, Heading, HStack, List, Stack, Text, Textarea } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { formatDateTime } from "../../domain/dates"
import { intlLocale, isLanguageCode } from "../../i18n/languages"
import { TAG } from "../../machines/kit"
import { useFailureText } from "../hooks/failure-text"
import { approvalStanding, type ApprovalStanding, type workflowApprovalMachine } from "../../machines/workflow-approval.machine"

export type ApprovalActor = ActorRefFrom<typeof workflowApprovalMachine>

/** A fingerprint as shown: its first 12 hexadecimal characters. */
export const shortFingerprint = (fingerprint: string) => fingerprint.slice(0, 12)

const palette: Record<ApprovalStanding, string> = { approved: "green", changed: "orange", never: "gray" }

export function StandingBadge({ standing }: { standing: ApprovalStanding }) {
  const { t } = useTranslation("explorer")
  return (
    <Badge colorPalette={palette[standing]} variant="subtle">
      {t(`approval.standing.${standing}`)}
    </Badge>
  )
}

/** A chart's standing once the approvals are loaded (undefined before, or while its fingerprint is computed). */
export const useStanding = (actor: ApprovalActor, chart: string, fingerprint: string | undefined): ApprovalStanding | undefined =>
  useSelector(actor, (s) => (s.context.approvals === null || fingerprint === undefined ? undefined : approvalStanding(s.context.approvals, chart, fingerprint)))

/**
 * A chart's approval: its fingerprint (short), whether it is approved, never approved or changed
 * since its last approval, the history of its approvals, and Approve with a note.
 */
export function ApprovalPanel({ actor, chart, fingerprint }: { actor: ApprovalActor; chart: string; fingerprint: string | undefined }) {
  const { t, i18n } = useTranslation("explorer")
  const locale = isLanguageCode(i18n.language) ? intlLocale(i18n.language) : "en-GB"
  const approvals = useSelector(actor, (s) => s.context.approvals)
  const loading = useSelector(actor, (s) => s.hasTag(TAG.loading))
  const failed = useSelector(actor, (s) => s.hasTag(TAG.failed))
  const busy = useSelector(actor, (s) => s.hasTag(TAG.busy))
  const note = useSelector(actor, (s) => s.context.note)
  const failure = useSelector(actor, (s) => s.context.failure)
  const failureText = useFailureText()
  const standing = useStanding(actor, chart, fingerprint)
  const history = (approvals ?? []).filter((a) => a.chart === chart)
  const noteId = `approval-note-${chart}`
  return (
    <Stack as="section" aria-labelledby={`approval-${chart}`} gap="3" borderWidth="1px" borderRadius="md" padding="4">
      <Heading as="h3" id={`approval-${chart}`} size="sm">
        {t("approval.title")}
      </Heading>
      <Text fontSize="sm">
        {t("approval.fingerprint")} {fingerprint === undefined ? t("approval.computing") : <Code title={fingerprint}>{shortFingerprint(fingerprint)}</Code>}
      </Text>
      {failed ? (
        <HStack>
          <Text role="alert">{t("approval.loadFailed")}</Text>
          <Button size="xs" onClick={() => actor.send({ type: "list.retry" })}>
            {t("approval.retry")}
          </Button>
        </HStack>
      ) : loading && approvals === null ? (
        <Text role="status">{t("approval.loading")}</Text>
      ) : (
        <>
          <HStack role="status" aria-label={t("approval.status")} gap="2">
            <Text fontSize="sm">{t("approval.status")}:</Text>
            {standing && <StandingBadge standing={standing} />}
          </HStack>
          {standing === "changed" && <Text fontSize="sm">{t("approval.changedHelp", { fingerprint: shortFingerprint(history[0]?.fingerprint ?? "") })}</Text>}
          <Box>
            <Heading as="h4" size="xs">
              {t("approval.history")}
            </Heading>
            {history.length === 0 ? (
              <Text fontSize="sm">{t("approval.noHistory")}</Text>
            ) : (
              <List.Root as="ul" gap="1" paddingStart="5" fontSize="sm" aria-label={t("approval.history")}>
                {history.map((a) => (
                  <List.Item key={a.id}>
                    {t("approval.entry", {
                      date: formatDateTime(a.approvedAt, locale),
                      name: a.reviewer.name || a.reviewer.email,
                      fingerprint: shortFingerprint(a.fingerprint),
                      note: a.note,
                    })}
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Box>
          <Field.Root invalid={failure !== null}>
            <Field.Label htmlFor={noteId}>{t("approval.note")}</Field.Label>
            <Textarea id={noteId} value={note} rows={2} disabled={busy} onChange={(e) => actor.send({ type: "note.change", note: e.target.value })} />
            <Field.HelperText>{t("approval.noteHelp")}</Field.HelperText>
            {failure !== null && <Field.ErrorText>{failureText(failure)}</Field.ErrorText>}
          </Field.Root>
          <Box>
            <Button
              colorPalette="blue"
              size="sm"
              loading={busy}
              disabled={fingerprint === undefined || note.trim() === ""}
              onClick={() => fingerprint && actor.send({ type: "approve.submit", chart, fingerprint })}
            >
              {t("approval.approve", { chart })}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  )
}
