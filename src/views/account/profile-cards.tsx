import { Card, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react"
import { useId, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { Profile } from "../../contract/profile"
import { formatNumber } from "../../domain/format"
import { TAG } from "../../machines/kit"
import { FactList, useIntlLocale, type Fact } from "../portfolio/shared"
import { useUserProfile } from "./profile-context"

/** A read-only card of the profile: its title (a heading naming the list), an optional action, its facts; a note when the section is empty. */
export function ProfileCard({ title, facts, action, empty }: { title: string; facts: ReadonlyArray<Fact> | null; action?: (titleId: string) => ReactNode; empty?: string }) {
  const { t } = useTranslation("account")
  const titleId = useId()
  return (
    <Card.Root as="section" aria-labelledby={titleId} minWidth="0">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={titleId}>
            {title}
          </Heading>
          {action?.(titleId)}
        </HStack>
      </Card.Header>
      <Card.Body>{facts === null ? <Text color="fg.muted">{empty ?? t("common.notProvided")}</Text> : <FactList facts={facts} breakValues labelledBy={titleId} />}</Card.Body>
    </Card.Root>
  )
}

/** Skeleton cards while the profile loads (announced once as loading). */
export function ProfileSkeleton({ cards }: { cards: number }) {
  const { t } = useTranslation("account")
  return (
    <Stack gap="4" role="status" aria-label={t("area.loading")}>
      {Array.from({ length: cards }, (_, i) => (
        <Stack key={i} gap="3" borderWidth="1px" borderRadius="md" padding="4">
          <Skeleton height="6" width="40%" />
          <Skeleton height="4" />
          <Skeleton height="4" width="85%" />
          <Skeleton height="4" width="70%" />
        </Stack>
      ))}
    </Stack>
  )
}

/** The page's h1 and its profile, or null while it loads (the page then shows its skeleton). */
export function useShownProfile(): Profile | null {
  return useUserProfile((s) => (s.hasTag(TAG.loading) ? null : s.context.profile))
}

/** A text value, or the "not provided" text for a missing one. */
export const useValue = () => {
  const { t } = useTranslation("account")
  return (value: string | number | null | undefined): string => (value === null || value === undefined || value === "" ? t("common.notProvided") : String(value))
}

/** The expected total of transfers as money: grouped in the user's locale with 2 decimals (the profile names no currency). */
export const useComplianceMoney = () => {
  const locale = useIntlLocale()
  return (amount: string): string => formatNumber(amount, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
