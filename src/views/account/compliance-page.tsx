import { Card, DataList, Heading, List, Stack, Text } from "@chakra-ui/react"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { formatNumber } from "../../domain/format"
import { underscoresToSpaces } from "../../domain/labels"
import { useIntlLocale } from "../portfolio/shared"
import { ProfileSkeleton, useComplianceMoney, useShownProfile } from "./profile-cards"

/**
 * /user-account/compliance (spec part 2 "User account area"; the layout is not given): the
 * profile's complianceData as a reviewer reads it, in the order of the questionnaire: where the
 * money comes from, how often and how much is expected to move, then the 12-month history.
 */
export function CompliancePage() {
  const { t } = useTranslation("account")
  const profile = useShownProfile()
  const money = useComplianceMoney()
  const locale = useIntlLocale()
  const sourcesId = useId()
  const transfersId = useId()
  const historyId = useId()
  const compliance = profile?.complianceData ?? null
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.compliance")}
      </Heading>
      {profile === null ? (
        <ProfileSkeleton cards={3} />
      ) : compliance === null ? (
        <Card.Root>
          <Card.Body>
            <Text color="fg.muted">{t("compliance.none")}</Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <Card.Root as="section" aria-labelledby={sourcesId}>
            <Card.Header>
              <Heading as="h2" size="md" id={sourcesId}>
                {t("compliance.fundingSources")}
              </Heading>
            </Card.Header>
            <Card.Body>
              {compliance.fundingSources.length === 0 ? (
                <Text color="fg.muted">{t("common.notProvided")}</Text>
              ) : (
                <List.Root aria-labelledby={sourcesId} paddingStart="5">
                  {compliance.fundingSources.map((source) => (
                    <List.Item key={source} textTransform="capitalize">
                      {underscoresToSpaces(source).toLowerCase()}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root as="section" aria-labelledby={transfersId}>
            <Card.Header>
              <Heading as="h2" size="md" id={transfersId}>
                {t("compliance.transfers")}
              </Heading>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal" size="md" aria-labelledby={transfersId}>
                <DataList.Item>
                  <DataList.ItemLabel>{t("compliance.transfersPerMonth")}</DataList.ItemLabel>
                  <DataList.ItemValue fontVariantNumeric="tabular-nums">{formatNumber(compliance.transferFrequencyPerMonth, locale)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t("compliance.expectedTotal")}</DataList.ItemLabel>
                  <DataList.ItemValue fontVariantNumeric="tabular-nums" fontWeight="semibold">
                    {money(compliance.transferTotalExpected)}
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Card.Body>
          </Card.Root>
          <Card.Root as="section" aria-labelledby={historyId}>
            <Card.Header>
              <Heading as="h2" size="md" id={historyId}>
                {t("compliance.history12m")}
              </Heading>
            </Card.Header>
            <Card.Body>
              <Text>{compliance.investmentHistory12M || t("common.notProvided")}</Text>
            </Card.Body>
          </Card.Root>
        </>
      )}
    </Stack>
  )
}
