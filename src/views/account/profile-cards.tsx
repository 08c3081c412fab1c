import { Card, Heading, HStack, Stack, Text } from "@chakra-ui/react"
import { useId, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import type { ComplianceData, Profile } from "../../contract/profile"
import type { EnumLabel } from "../shared/enum-label"
import { formatNumber } from "../../domain/format"
import { TAG } from "../../machines/kit"
import { FactList, useIntlLocale, type Fact } from "../portfolio/shared"
import { useUserProfile } from "./profile-context"
import { SkeletonLine } from "../shared/skeleton-line"

/** A read-only card of the profile: its title (a heading naming the card and its list), an optional action, its facts ("not provided" for a section not filled yet) or other content. */
export function ProfileCard({
  title,
  facts,
  action,
  children,
}: {
  title: string
  facts?: ReadonlyArray<Fact> | null
  action?: (titleId: string) => ReactNode
  children?: ReactNode
}) {
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
      <Card.Body>
        {facts === undefined ? (
          children
        ) : facts === null ? (
          <Text color="fg.muted">{t("common.notProvided")}</Text>
        ) : (
          <FactList facts={facts} breakValues labelledBy={titleId} />
        )}
      </Card.Body>
    </Card.Root>
  )
}

/**
 * Skeleton cards while the profile loads (announced once as loading): a title and `lines[i]` fact
 * lines for card i (three unless said), about as tall as the cards that come, so the footer does
 * not jump when they do.
 */
export function ProfileSkeleton({ cards, lines = [] }: { cards: number; lines?: ReadonlyArray<number> }) {
  const { t } = useTranslation("account")
  return (
    <Stack gap="4" role="status" aria-label={t("area.loading")}>
      {Array.from({ length: cards }, (_, i) => (
        // A ProfileCard's frame (the same card, header and body), its title's line and text lines.
        <Card.Root key={i} minWidth="0">
          <Card.Header>
            <SkeletonLine textStyle="md" height="5" width="40%" />
          </Card.Header>
          <Card.Body>
            {Array.from({ length: lines[i] ?? 3 }, (_, line) => (
              <SkeletonLine key={line} textStyle="md" height="4" width={["100%", "85%", "70%"][line % 3]} />
            ))}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  )
}

/** The page's h1 and its profile, or null while it loads (the page then shows its skeleton). */
export function useShownProfile(): Profile | null {
  return useUserProfile((s) => (s.hasTag(TAG.loading) ? null : s.context.profile))
}

/** A value as shown: the text, or "not provided" for a missing one. */
export type ShownValue = (value: string | number | null | undefined) => string

/** The `ShownValue` of the user's language. */
export const useValue = (): ShownValue => {
  const { t } = useTranslation("account")
  return (value) => (value === null || value === undefined || value === "" ? t("common.notProvided") : String(value))
}

/** The compliance answers as facts (the overview's Compliance & AML card). */
export const complianceFacts = (c: ComplianceData, t: TFunction<"account">, v: ShownValue, money: (amount: string) => string, label: EnumLabel): Fact[] => [
  [t("compliance.fundingSources"), v(c.fundingSources.map((source) => label("fundingSource", source)).join(", "))],
  [t("compliance.transfersPerMonth"), v(c.transferFrequencyPerMonth)],
  [t("compliance.expectedTotal"), v(money(c.transferTotalExpected))],
  [t("compliance.history12m"), v(c.investmentHistory12M)],
]

/** The expected total of transfers as money: grouped in the user's locale with 2 decimals (the profile names no currency). */
export const useComplianceMoney = () => {
  const locale = useIntlLocale()
  return (amount: string): string => formatNumber(amount, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
}
