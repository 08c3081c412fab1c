import { Box, Button, Checkbox, Field, Flex, Heading, HStack, NativeSelect, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useEffect, useId } from "react"
import { useTranslation } from "react-i18next"
import { isNotificationKind, NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE } from "../../domain/notifications"
import { STATEMENT_LANGUAGES, type StatementLanguage } from "../../domain/statements"
import { notificationInboxMachine } from "../../machines/notification-inbox.machine"
import { LoadRetry } from "../shared/load-retry"
import { WorkflowDialog } from "../shared/workflow-dialog"
import { useWorkflowActor } from "../workflows"
import { NoticeItem } from "./notice-item"
import { useNoticeText } from "./notice-text"

type Actor = ReturnType<typeof useWorkflowActor<typeof notificationInboxMachine>>

/**
 * The Notifications page (issue 36): every notice, newest first, filtered by kind, marked read one
 * by one or all at once, older ones on demand, and the mail preferences (a box per kind). Each
 * notice links to what it is about.
 */
export function NotificationsPage() {
  const { t } = useTranslation("notifications")
  const actor = useWorkflowActor(notificationInboxMachine)
  useEffect(() => actor.send({ type: "list.open", limit: NOTIFICATION_PAGE_SIZE }), [actor])
  const unread = useSelector(actor, (s) => s.context.unread ?? 0)
  const items = useSelector(actor, (s) => s.context.items)
  const kind = useSelector(actor, (s) => s.context.kind)
  const loading = useSelector(actor, (s) => s.matches({ list: "loading" }) || s.matches({ list: "closed" }))
  const failed = useSelector(actor, (s) => s.matches({ list: "failed" }))
  const more = useSelector(actor, (s) => s.context.more)
  const loadingMore = useSelector(actor, (s) => s.matches({ list: { shown: "loadingMore" } }))
  const markingId = useSelector(actor, (s) => s.context.markingId)
  const marking = useSelector(actor, (s) => s.hasTag("marking"))
  const say = useNoticeText()
  const filterId = useId()
  return (
    <Stack gap="4" maxWidth="48rem">
      <Flex justify="space-between" align="center" wrap="wrap" gap="2">
        <Heading as="h1" size="lg">
          {t("page.title")}
        </Heading>
        <Text color="fg.muted" role="status">
          {t("page.unread", { count: unread })}
        </Text>
      </Flex>
      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root width={{ base: "full", sm: "16rem" }}>
          <Field.Label htmlFor={filterId}>{t("page.filter")}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              id={filterId}
              value={kind ?? ""}
              onChange={(e) => actor.send({ type: "list.filter", kind: isNotificationKind(e.currentTarget.value) ? e.currentTarget.value : null })}
            >
              <option value="">{t("page.allKinds")}</option>
              {NOTIFICATION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}.title`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="sm" variant="outline" disabled={unread === 0 || marking} onClick={() => actor.send({ type: "all.read" })}>
          {t("markAllRead")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: "preferences.open" })} disabled={loading || failed}>
          {t("preferences.open")}
        </Button>
      </Flex>
      {items.length === 0 ? (
        <LoadRetry
          loading={loading}
          failed={failed}
          loadingLabel={t("loading")}
          failedText={t("failed")}
          retry={t("retry")}
          onRetry={() => actor.send({ type: "list.retry" })}
        />
      ) : null}
      {!loading && !failed && items.length === 0 ? <Text color="fg.muted">{kind ? t("page.emptyKind") : t("empty")}</Text> : null}
      <Box as="section" aria-label={t("page.list")}>
        {items.map((n) => (
          <NoticeItem key={n.id} notice={n} shown={say(n)} busy={markingId === n.id} onRead={() => actor.send({ type: "notice.read", id: n.id })} />
        ))}
      </Box>
      {more ? (
        <HStack>
          <Button size="sm" variant="outline" loading={loadingMore} onClick={() => actor.send({ type: "list.more" })}>
            {t("page.older")}
          </Button>
        </HStack>
      ) : null}
      <PreferencesDialog actor={actor} />
    </Stack>
  )
}

/** The mail preferences: a box per kind, ticked when that kind is also mailed (in the app's language). */
function PreferencesDialog({ actor }: { actor: Actor }) {
  const { t, i18n } = useTranslation("notifications")
  const open = useSelector(actor, (s) => s.hasTag("preferences"))
  const loadingPrefs = useSelector(actor, (s) => s.matches({ list: { shown: "loadingPreferences" } }))
  const saving = useSelector(actor, (s) => s.matches({ list: { shown: "savingPreferences" } }))
  const draft = useSelector(actor, (s) => s.context.draft)
  const changed = useSelector(actor, (s) => s.can({ type: "preferences.save", language: "en" }))
  const language: StatementLanguage = STATEMENT_LANGUAGES.find((l) => l === i18n.language) ?? "en"
  return (
    <WorkflowDialog
      open={open}
      busy={saving}
      onDismiss={() => actor.send({ type: "preferences.cancel" })}
      title={t("preferences.title")}
      closeLabel={t("preferences.close")}
      footer={
        <HStack gap="2">
          <Button variant="outline" disabled={saving} onClick={() => actor.send({ type: "preferences.cancel" })}>
            {t("preferences.cancel")}
          </Button>
          <Button loading={saving} disabled={!changed} onClick={() => actor.send({ type: "preferences.save", language })}>
            {t("preferences.save")}
          </Button>
        </HStack>
      }
    >
      <Stack gap="2">
        <Text fontSize="sm">{t("preferences.intro")}</Text>
        {loadingPrefs ? (
          <LoadRetry loading failed={false} loadingLabel={t("loading")} failedText="" retry="" onRetry={() => undefined} />
        ) : (
          <Stack as="fieldset" gap="2">
            <Box as="legend" srOnly>
              {t("preferences.legend")}
            </Box>
            {NOTIFICATION_KINDS.map((k) => (
              <Checkbox.Root key={k} checked={draft.includes(k)} disabled={saving} onCheckedChange={() => actor.send({ type: "preferences.toggle", kind: k })}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`kind.${k}.title`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Stack>
    </WorkflowDialog>
  )
}
