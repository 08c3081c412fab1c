import { Alert, Badge, Box, Button, Container, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react"
import { getRouteApi } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { useDevMailbox } from "../hooks/dev-mailbox"

/**
 * /dev/mailbox (demo mode only): the reference server's outbox, newest first, filtered by `?to=`,
 * so a person trying the app can read their one-time code or reset link.
 */
export function MailboxPage({ to }: { to?: string }) {
  const { t, i18n } = useTranslation("dev")
  const { state, messages, error, refresh } = useDevMailbox(to)
  return (
    <Container as="main" id="main" maxWidth="4xl" paddingY="10">
      <Stack gap="6">
        <HStack justify="space-between" align="flex-end">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              {t("mailbox.title")}
            </Heading>
            <Text color="fg.muted">{to ? t("mailbox.filtered", { to }) : t("mailbox.all")}</Text>
          </Stack>
          <Button onClick={refresh} loading={state === "loading"} variant="outline">
            {t("mailbox.refresh")}
          </Button>
        </HStack>
        {state === "loading" && messages.length === 0 && (
          <Stack role="status" aria-label={t("mailbox.loading")}>
            <Skeleton height="20" />
            <Skeleton height="20" />
          </Stack>
        )}
        {state === "failed" && error && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {state === "loaded" && messages.length === 0 && <Text>{t("mailbox.empty")}</Text>}
        <Stack as="ul" gap="4" listStyleType="none">
          {messages.map((m) => (
            <Box as="li" key={m.id} borderWidth="1px" borderRadius="md" padding="4">
              <article aria-label={m.subject}>
                <HStack justify="space-between" wrap="wrap">
                  <Heading as="h2" size="md">
                    {m.subject}
                  </Heading>
                  <Badge>{new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(m.createdAt))}</Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t("mailbox.to", { to: m.to })}
                </Text>
                <Text whiteSpace="pre-wrap" marginTop="3" fontFamily="mono" fontSize="sm">
                  {m.text}
                </Text>
              </article>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Container>
  )
}

/** /dev/mailbox as a route component: the `to` search parameter chooses the address. */
const mailboxRoute = getRouteApi("/dev/mailbox")

export function MailboxRoute() {
  const { to } = mailboxRoute.useSearch()
  return <MailboxPage key={to ?? ""} to={to} />
}
