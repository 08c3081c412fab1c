import { Button, Heading, HStack, Stack, Text } from "@chakra-ui/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { formatDate } from "../../domain/dates"
import { underscoresToSpaces } from "../../domain/labels"
import type { Fact } from "../portfolio/shared"
import { useIntlLocale } from "../portfolio/shared"
import { ProfileCard, ProfileSkeleton, useComplianceMoney, useShownProfile, useValue } from "./profile-cards"

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
      <Button id={buttonId} size="xs" variant="outline" aria-disabled="true" aria-labelledby={`${buttonId} ${titleId}`} aria-describedby={reasonId} onClick={(e) => e.preventDefault()}>
        {t("overview.edit")}
      </Button>
    </HStack>
  )
}

/**
 * /user-account/profile-overview (spec part 2 "User account area"): read-only cards Disclosure,
 * Investment Profile and Compliance & AML; their Edit buttons are disabled and say why.
 */
export function ProfileOverviewPage() {
  const { t } = useTranslation("account")
  const locale = useIntlLocale()
  const profile = useShownProfile()
  const v = useValue()
  const money = useComplianceMoney()
  const yes = (accepted: boolean) => (accepted ? t("overview.disclosure.accepted") : t("overview.disclosure.notAccepted"))
  const edit = (titleId: string) => <DisabledEdit titleId={titleId} />
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.profile-overview")}
      </Heading>
      {profile === null ? (
        <ProfileSkeleton cards={3} />
      ) : (
        <>
          <ProfileCard
            title={t("overview.disclosure.title")}
            action={edit}
            facts={((): Fact[] | null => {
              const d = profile.disclosuresData
              return d === null
                ? null
                : [
                    [t("overview.disclosure.termsOfUse"), yes(d.termsOfUse)],
                    [t("overview.disclosure.customerAgreement"), yes(d.customerAgreement)],
                    [t("overview.disclosure.iraAgreement"), yes(d.iraAgreement)],
                    [t("overview.disclosure.marketDataAgreement"), yes(d.marketDataAgreement)],
                    [t("overview.disclosure.marginAgreement"), yes(d.marginAgreement)],
                    [t("overview.disclosure.accountAgreement"), yes(d.accountAgreement)],
                    [t("overview.disclosure.rule14b"), yes(d.rule14b)],
                    [t("overview.disclosure.privacyPolicy"), yes(d.privacyPolicy)],
                    [t("overview.disclosure.dataSharing"), yes(d.dataSharing)],
                    [t("overview.disclosure.ipAddress"), v(d.ipAddress)],
                    [t("overview.disclosure.signedBy"), v(d.signedBy)],
                    [t("overview.disclosure.date"), v(formatDate(d.date, locale))],
                  ]
            })()}
          />
          <ProfileCard
            title={t("overview.investment.title")}
            action={edit}
            facts={((): Fact[] | null => {
              const i = profile.investmentData
              return i === null
                ? null
                : [
                    [t("overview.investment.annualIncome"), v(i.annualIncome)],
                    [t("overview.investment.networthLiquid"), v(i.networthLiquid)],
                    [t("overview.investment.networthTotal"), v(i.networthTotal)],
                    [t("overview.investment.investmentObjectives"), v(underscoresToSpaces(i.investmentObjectives))],
                    [t("overview.investment.investmentExperience"), v(underscoresToSpaces(i.investmentExperience))],
                    [t("overview.investment.riskTolerance"), v(underscoresToSpaces(i.riskTolerance))],
                    [t("overview.investment.taxRate"), v(i.taxRate)],
                  ]
            })()}
          />
          <ProfileCard
            title={t("overview.compliance.title")}
            action={edit}
            facts={((): Fact[] | null => {
              const c = profile.complianceData
              return c === null
                ? null
                : [
                    [t("compliance.fundingSources"), v(c.fundingSources.map(underscoresToSpaces).join(", "))],
                    [t("compliance.transfersPerMonth"), v(c.transferFrequencyPerMonth)],
                    [t("compliance.expectedTotal"), v(money(c.transferTotalExpected))],
                    [t("compliance.history12m"), v(c.investmentHistory12M)],
                  ]
            })()}
          />
        </>
      )}
    </Stack>
  )
}
