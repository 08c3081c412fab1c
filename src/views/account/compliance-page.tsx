import { List, Heading, Stack, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { formatNumber } from "../../domain/format"
import { useEnumLabel } from "../shared/enum-label"
import { useIntlLocale } from "../portfolio/shared"
import { ProfileCard, ProfileSkeleton, useComplianceMoney, useShownProfile } from "./profile-cards"

/**
 * /user-account/compliance (spec part 2 "User account area"; the layout is not given): the
 * profile's complianceData as a reviewer reads it, in the order of the questionnaire: where the
 * money comes from, how often and how much is expected to move, then the 12-month history.
 */
export function CompliancePage() {
  const { t } = useTranslation("account")
  const label = useEnumLabel()
  const profile = useShownProfile()
  const money = useComplianceMoney()
  const locale = useIntlLocale()
  const compliance = profile?.complianceData ?? null
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.compliance")}
      </Heading>
      {profile === null ? (
        <ProfileSkeleton cards={3} lines={[2, 2, 1]} />
      ) : compliance === null ? (
        <Text color="fg.muted">{t("compliance.none")}</Text>
      ) : (
        <>
          <ProfileCard title={t("compliance.fundingSources")}>
            {compliance.fundingSources.length === 0 ? (
              <Text color="fg.muted">{t("common.notProvided")}</Text>
            ) : (
              <List.Root aria-label={t("compliance.fundingSources")} paddingStart="5">
                {compliance.fundingSources.map((source) => (
                  <List.Item key={source}>{label("fundingSource", source)}</List.Item>
                ))}
              </List.Root>
            )}
          </ProfileCard>
          <ProfileCard
            title={t("compliance.transfers")}
            facts={[
              [t("compliance.transfersPerMonth"), formatNumber(compliance.transferFrequencyPerMonth, locale)],
              [
                t("compliance.expectedTotal"),
                <Text as="span" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {money(compliance.transferTotalExpected)}
                </Text>,
              ],
            ]}
          />
          <ProfileCard title={t("compliance.history12m")}>
            <Text>{compliance.investmentHistory12M || t("common.notProvided")}</Text>
          </ProfileCard>
        </>
      )}
    </Stack>
  )
}
