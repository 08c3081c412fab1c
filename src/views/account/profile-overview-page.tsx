import { Button, Heading, HStack, Stack, Text } from "@chakra-ui/react"
import type { TFunction } from "i18next"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import type { Profile } from "../../contract/profile"
import { formatDate } from "../../domain/dates"
import { formatAmountRange } from "../../domain/user-account"
import { useEnumLabel, type EnumLabel } from "../shared/enum-label"
import { useIntlLocale, type Fact } from "../portfolio/shared"
import { complianceFacts, ProfileCard, ProfileSkeleton, useComplianceMoney, useShownProfile, useValue, type ShownValue } from "./profile-cards"

/**
 * An Edit button that cannot be used, and says why: it stays focusable (aria-disabled, not
 * disabled) so keyboard and screen-reader users reach it and hear the reason, which is also shown.
 */
function DisabledEdit({ titleId }: { titleId: string }) {
  const { t } = useTranslation("account")
  const reasonId = useId()
  const buttonId = useId()
  return (
    <HStack gap="2">
      <Text id={reasonId} fontSize="xs" color="fg.muted" maxWidth="18rem" textAlign="end">
        {t("overview.editDisabled")}
      </Text>
      <Button
        id={buttonId}
        size="xs"
        variant="outline"
        aria-disabled="true"
        aria-labelledby={`${buttonId} ${titleId}`}
        aria-describedby={reasonId}
        onClick={(e) => e.preventDefault()}
      >
        {t("overview.edit")}
      </Button>
    </HStack>
  )
}

/** The overview's cards: title and facts (null for a section not filled yet). */
const overviewCards = (
  profile: Profile,
  t: TFunction<"account">,
  v: ShownValue,
  locale: string,
  money: (amount: string) => string,
  label: EnumLabel,
): ReadonlyArray<readonly [string, ReadonlyArray<Fact> | null]> => {
  const d = profile.disclosuresData
  const i = profile.investmentData
  const accepted = (yes: boolean) => (yes ? t("overview.disclosure.accepted") : t("overview.disclosure.notAccepted"))
  const agreements = [
    "termsOfUse",
    "customerAgreement",
    "iraAgreement",
    "marketDataAgreement",
    "marginAgreement",
    "accountAgreement",
    "rule14b",
    "privacyPolicy",
    "dataSharing",
  ] as const
  return [
    [
      t("overview.disclosure.title"),
      d === null
        ? null
        : [
            ...agreements.map((key): Fact => [t(`overview.disclosure.${key}`), accepted(d[key])]),
            [t("overview.disclosure.ipAddress"), v(d.ipAddress)],
            [t("overview.disclosure.signedBy"), v(d.signedBy)],
            [t("overview.disclosure.date"), v(formatDate(d.date, locale))],
          ],
    ],
    [
      t("overview.investment.title"),
      i === null
        ? null
        : [
            [t("overview.investment.annualIncome"), v(formatAmountRange(i.annualIncome, locale))],
            [t("overview.investment.networthLiquid"), v(formatAmountRange(i.networthLiquid, locale))],
            [t("overview.investment.networthTotal"), v(formatAmountRange(i.networthTotal, locale))],
            [t("overview.investment.investmentObjectives"), v(label("investmentObjectives", i.investmentObjectives))],
            [t("overview.investment.investmentExperience"), v(label("investmentExperience", i.investmentExperience))],
            [t("overview.investment.riskTolerance"), v(label("riskTolerance", i.riskTolerance))],
            [t("overview.investment.taxRate"), v(i.taxRate)],
          ],
    ],
    [t("overview.compliance.title"), profile.complianceData === null ? null : complianceFacts(profile.complianceData, t, v, money, label)],
  ]
}

/**
 * /user-account/profile-overview (spec part 2 "User account area"): read-only cards Disclosure,
 * Investment Profile and Compliance & AML; their Edit buttons are disabled and say why.
 */
export function ProfileOverviewPage() {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const label = useEnumLabel()
  const profile = useShownProfile()
  const v = useValue()
  const money = useComplianceMoney()
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.profile-overview")}
      </Heading>
      {profile === null ? (
        <ProfileSkeleton cards={3} lines={[12, 7, 4]} />
      ) : (
        overviewCards(profile, t, v, locale, money, label).map(([title, facts]) => (
          <ProfileCard key={title} title={title} facts={facts} action={(titleId) => <DisabledEdit titleId={titleId} />} />
        ))
      )}
    </Stack>
  )
}
