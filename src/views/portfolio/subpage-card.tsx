import { Card, EmptyState, Heading, Skeleton, Stack, Text } from "@chakra-ui/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"

/**
 * A portfolio subpage's card: its title and subtitle, then skeleton rows while `loading`, else the
 * content. `skeleton` sizes the rows to what usually comes (five table rows unless said), so the
 * cards below do not move much when it comes.
 */
export function SubpageCard({
  title,
  subtitle,
  loading,
  skeleton = { rows: 5, height: "10" },
  actions,
  children,
}: {
  title: string
  subtitle: string
  loading: boolean
  skeleton?: { rows: number; height: string }
  actions?: ReactNode
  children?: ReactNode
}) {
  const { t } = useTranslation("portfolio")
  return (
    <Card.Root as="section" variant="outline" minWidth="0">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="0">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {subtitle}
          </Text>
        </Stack>
        {actions}
      </Card.Header>
      <Card.Body minWidth="0">
        {loading ? (
          <Stack gap="3" role="status" aria-label={t("frame.loadingDetails")}>
            {Array.from({ length: skeleton.rows }, (_, i) => (
              <Skeleton key={i} height={skeleton.height} />
            ))}
          </Stack>
        ) : (
          children
        )}
      </Card.Body>
    </Card.Root>
  )
}

/** The empty state of a subpage's list ('No Position Found', 'No Order Found'). */
export function EmptyRows({ text }: { text: string }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Title>{text}</EmptyState.Title>
      </EmptyState.Content>
    </EmptyState.Root>
  )
}
