import { Heading, Stack } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { underscoresToSpaces } from "../../domain/labels"
import { basicIdentification, birthDate, politicallyExposedNames, showsEmployerFields } from "../../domain/user-account"
import type { Fact } from "../portfolio/shared"
import { ProfileCard, ProfileSkeleton, useShownProfile, useValue } from "./profile-cards"

/**
 * /user-account/profile-detail (spec part 2 "User account area"): read-only cards Basic Details,
 * Employment Details, Trusted Contact, Personal Data, Address Details and Next of Kin, from the
 * profile fetched on entry of the area; skeletons while it loads. The rules (ID mask, employer
 * fields, date of birth, 'None') are the domain's.
 */
export function ProfileDetailPage() {
  const { t } = useTranslation("account")
  const profile = useShownProfile()
  const v = useValue()
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.profile-detail")}
      </Heading>
      {profile === null ? (
        <ProfileSkeleton cards={6} />
      ) : (
        <>
          <ProfileCard
            title={t("detail.basic.title")}
            facts={((): Fact[] => {
              const id = basicIdentification(profile.identificationData)
              const b = profile.basic
              return [
                [t("detail.basic.username"), v(b.username)],
                [t("detail.basic.firstName"), v(b.firstName)],
                [t("detail.basic.middleName"), v(b.middleName)],
                [t("detail.basic.lastName"), v(b.lastName)],
                [t("detail.basic.email"), v(b.email)],
                [t("detail.basic.idType"), v(id.type)],
                [t("detail.basic.idValue"), v(id.value)],
              ]
            })()}
          />
          <ProfileCard
            title={t("detail.employment.title")}
            facts={((): Fact[] | null => {
              const e = profile.employmentData
              if (e === null) return null
              const facts: Fact[] = [[t("detail.employment.status"), v(underscoresToSpaces(e.status))]]
              if (showsEmployerFields(e.status))
                facts.push(
                  [t("detail.employment.company"), v(e.company)],
                  [t("detail.employment.type"), v(underscoresToSpaces(e.type))],
                  [t("detail.employment.position"), v(e.position)],
                  [t("detail.employment.address"), v(e.address)],
                  [t("detail.employment.zip"), v(e.zip)],
                  [t("detail.employment.city"), v(e.city)],
                  [t("detail.employment.state"), v(e.state)],
                  [t("detail.employment.country"), v(e.country)],
                )
              return facts
            })()}
          />
          <ProfileCard
            title={t("detail.trusted.title")}
            facts={((): Fact[] | null => {
              const c = profile.trustData?.trustInfo ?? null
              return c === null
                ? null
                : [
                    [t("detail.contact.firstName"), v(c.firstName)],
                    [t("detail.contact.lastName"), v(c.lastName)],
                    [t("detail.contact.email"), v(c.email)],
                    [t("detail.contact.phone"), v(c.phone)],
                  ]
            })()}
          />
          <ProfileCard
            title={t("detail.personal.title")}
            facts={((): Fact[] | null => {
              const p = profile.personalData
              return p === null
                ? null
                : [
                    [t("detail.personal.gender"), v(p.gender)],
                    [t("detail.personal.marital"), v(p.marital)],
                    [t("detail.personal.birthDate"), v(birthDate(p))],
                    [t("detail.personal.politicallyExposed"), politicallyExposedNames(p.politicallyExposedNames) ?? t("detail.personal.none")],
                  ]
            })()}
          />
          <ProfileCard
            title={t("detail.address.title")}
            facts={((): Fact[] | null => {
              const a = profile.addressData
              return a === null
                ? null
                : [
                    [t("detail.address.street1"), v(a.street1)],
                    [t("detail.address.street2"), v(a.street2)],
                    [t("detail.address.postalCode"), v(a.postalCode)],
                    [t("detail.address.city"), v(a.city)],
                    [t("detail.address.province"), v(a.province)],
                    [t("detail.address.country"), v(a.country)],
                  ]
            })()}
          />
          <ProfileCard
            title={t("detail.nextOfKin.title")}
            facts={((): Fact[] | null => {
              const k = profile.trustData?.nextOfKin ?? null
              return k === null
                ? null
                : [
                    [t("detail.contact.firstName"), v(k.firstName)],
                    [t("detail.contact.lastName"), v(k.lastName)],
                    [t("detail.contact.email"), v(k.email)],
                    [t("detail.contact.phone"), v(k.phone)],
                    [t("detail.nextOfKin.relationship"), v(k.relationship)],
                  ]
            })()}
          />
        </>
      )}
    </Stack>
  )
}
