import { Badge, Box, Button, HStack, IconButton, Link, Popover, Portal, Spinner, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { NOTIFICATION_PANEL_SIZE } from "../../domain/notifications"
import { notificationInboxMachine } from "../../machines/notification-inbox.machine"
import { useWorkflowActor } from "../workflows"
import { NoticeItem } from "./notice-item"
import { useNoticeText } from "./notice-text"

/**
 * The header's bell (issue 36): the unread count (kept in step with the other tabs by the
 * notification-inbox chart) and, on press, a panel with the latest notices, Mark all read and a
 * link to the Notifications page. Opening a notice from the panel marks it read. Loaded after the
 * page's first paint (./notification-bell-slot.tsx), so it never delays a page.
 */
export function NotificationBell() {
  const { t } = useTranslation("notifications")
  const actor = useWorkflowActor(notificationInboxMachine)
  const unread = useSelector(actor, (s) => s.context.unread ?? 0)
  const items = useSelector(actor, (s) => s.context.items)
  const open = useSelector(actor, (s) => !s.matches({ list: "closed" }))
  const loading = useSelector(actor, (s) => s.matches({ list: "loading" }) && s.context.items.length === 0)
  const failed = useSelector(actor, (s) => s.matches({ list: "failed" }))
  const marking = useSelector(actor, (s) => s.hasTag("marking"))
  const say = useNoticeText()
  const label = unread > 0 ? t("bell.labelUnread", { count: unread }) : t("bell.label")
  return (
    <Popover.Root
      positioning={{ placement: "bottom-end" }}
      open={open}
      onOpenChange={(d) => actor.send(d.open ? { type: "list.open", limit: NOTIFICATION_PANEL_SIZE } : { type: "list.close" })}
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={label} title={label} position="relative">
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
            <path d="M13.7 21a2 2 0 0 1-3.4 0" />
          </svg>
          {unread > 0 ? (
            <Badge
              position="absolute"
              top="-1"
              right="-1"
              size="xs"
              variant="solid"
              colorPalette="red"
              borderRadius="full"
              aria-hidden="true"
              data-testid="unread-badge"
            >
              {unread > 99 ? "99+" : unread}
            </Badge>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content aria-label={t("panel.title")} width={{ base: "calc(100vw - 1.5rem)", sm: "24rem" }}>
            <Popover.Body>
              <Stack gap="2" as="section" aria-label={t("panel.title")}>
                <HStack justify="space-between">
                  <Text fontWeight="semibold">{t("panel.title")}</Text>
                  <Button size="xs" variant="ghost" disabled={unread === 0 || marking} onClick={() => actor.send({ type: "all.read" })}>
                    {t("markAllRead")}
                  </Button>
                </HStack>
                {loading ? <Spinner size="sm" aria-label={t("loading")} /> : null}
                {failed ? (
                  <HStack role="alert">
                    <Text fontSize="sm">{t("failed")}</Text>
                    <Button size="xs" variant="outline" onClick={() => actor.send({ type: "list.retry" })}>
                      {t("retry")}
                    </Button>
                  </HStack>
                ) : null}
                {!loading && !failed && items.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t("empty")}
                  </Text>
                ) : null}
                <Box>
                  {items.slice(0, NOTIFICATION_PANEL_SIZE).map((n) => (
                    <NoticeItem
                      key={n.id}
                      notice={n}
                      shown={say(n)}
                      onOpen={() => {
                        actor.send({ type: "notice.read", id: n.id })
                        actor.send({ type: "list.close" })
                      }}
                    />
                  ))}
                </Box>
                <Link asChild fontSize="sm">
                  <RouterLink to="/notifications" onClick={() => actor.send({ type: "list.close" })}>
                    {t("panel.all")}
                  </RouterLink>
                </Link>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
