import { Box, Button, HStack, Link, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { Notification } from "../../contract/notifications"
import { notificationLink, type NotificationSubject } from "../../domain/notifications"
import type { ShownNotice } from "./notice-text"

/** One notice: unread mark, title linking to what it is about, its sentence and time; `onRead` offers Mark read (the page), `onOpen` runs when its link is followed (the panel). */
export function NoticeItem({
  notice,
  shown,
  onOpen,
  onRead,
  busy,
}: {
  notice: Notification
  shown: ShownNotice
  onOpen?: () => void
  onRead?: () => void
  busy?: boolean
}) {
  const { t } = useTranslation("notifications")
  const unread = notice.readAt === null
  const link = notificationLink(notice.subject as NotificationSubject)
  return (
    <Stack as="article" gap="1" paddingY="2" borderBottomWidth="1px" aria-label={shown.title}>
      <HStack justify="space-between" align="start" gap="2">
        <HStack gap="2" align="baseline" minWidth="0">
          {unread ? <Box flexShrink={0} width="2" height="2" borderRadius="full" bg="blue.solid" aria-hidden="true" /> : null}
          <Link asChild fontWeight={unread ? "semibold" : "normal"} overflowWrap="anywhere">
            <RouterLink {...link} onClick={onOpen}>
              {shown.title}
              {unread ? <Box as="span" srOnly>{` (${t("unread")})`}</Box> : null}
            </RouterLink>
          </Link>
        </HStack>
        {onRead && unread ? (
          <Button size="xs" variant="outline" onClick={onRead} loading={busy} flexShrink={0}>
            {t("markRead")}
          </Button>
        ) : null}
      </HStack>
      <Text fontSize="sm" overflowWrap="anywhere">
        {shown.text}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {shown.when}
      </Text>
    </Stack>
  )
}
