import { Heading, Stack } from "@chakra-ui/react"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import type { Profile } from "../../contract/profile"
import { countryName } from "../../domain/country-names"
import { basicIdentification, birthDate, politicallyExposedNames, showsEmployerFields } from "../../domain/user-account"
import { useEnumLabel, type EnumLabel } from "../shared/enum-label"
import { useIntlLocale, type Fact } from "../portfolio/shared"
import { ProfileCard, ProfileSkeleton, useShownProfile, useValue, type ShownValue } from "./profile-cards"

/** The profile detail's cards in the spec's order: title and facts (null for a section not filled yet). */
const detailCards = (
  profile: Profile,
  t: TFunction<"account">,
  v: ShownValue,
  label: EnumLabel,
  locale: string,
): ReadonlyArray<readonly [string, ReadonlyArray<Fact> | null]> => {
  const b = profile.basic
  const id = basicIdentification(profile.identificationData)
  const e = profile.employmentData
  const trusted = profile.trustData?.trustInfo ?? null
  const p = profile.personalData
  const a = profile.addressData
  const kin = profile.trustData?.nextOfKin ?? null
  // A country comes as its ISO code ("NGA"): shown by its name in the user's language.
  const country = (code: string | null | undefined) => (code ? countryName(code, locale) : code)
  const contact = (c: { firstName: string; lastName: string; email: string | null; phone: string | null }): Fact[] => [
    [t("detail.contact.firstName"), v(c.firstName)],
    [t("detail.contact.lastName"), v(c.lastName)],
    [t("detail.contact.email"), v(c.email)],
    [t("detail.contact.phone"), v(c.phone)],
  ]
  return [
    [
      t("detail.basic.title"),
      [
        [t("detail.basic.username"), v(b.username)],
        [t("detail.basic.firstName"), v(b.firstName)],
        [t("detail.basic.middleName"), v(b.middleName)],
        [t("detail.basic.lastName"), v(b.lastName)],
        [t("detail.basic.email"), v(b.email)],
        [t("detail.basic.idType"), v(id.type)],
        [t("detail.basic.idValue"), v(id.value)],
      ],
    ],
    [
      t("detail.employment.title"),
      e === null
        ? null
        : [
            [t("detail.employment.status"), v(label("employmentStatus", e.status))],
            ...(showsEmployerFields(e.status)
              ? ([
                  [t("detail.employment.company"), v(e.company)],
                  [t("detail.employment.type"), v(label("employmentType", e.type))],
                  [t("detail.employment.position"), v(e.position)],
                  [t("detail.employment.address"), v(e.address)],
                  [t("detail.employment.zip"), v(e.zip)],
                  [t("detail.employment.city"), v(e.city)],
                  [t("detail.employment.state"), v(e.state)],
                  [t("detail.employment.country"), v(country(e.country))],
                ] satisfies Fact[])
              : []),
          ],
    ],
    [t("detail.trusted.title"), trusted === null ? null : contact(trusted)],
    [
      t("detail.personal.title"),
      p === null
        ? null
        : [
            [t("detail.personal.gender"), v(label("gender", p.gender))],
            [t("detail.personal.marital"), v(label("marital", p.marital))],
            [t("detail.personal.birthDate"), v(birthDate(p, locale))],
            [t("detail.personal.politicallyExposed"), politicallyExposedNames(p.politicallyExposedNames) ?? t("detail.personal.none")],
          ],
    ],
    [
      t("detail.address.title"),
      a === null
        ? null
        : [
            [t("detail.address.street1"), v(a.street1)],
            [t("detail.address.street2"), v(a.street2)],
            [t("detail.address.postalCode"), v(a.postalCode)],
            [t("detail.address.city"), v(a.city)],
            [t("detail.address.province"), v(a.province)],
            [t("detail.address.country"), v(country(a.country))],
          ],
    ],
    [t("detail.nextOfKin.title"), kin === null ? null : [...contact(kin), [t("detail.nextOfKin.relationship"), v(label("relationship", kin.relationship))]]],
  ]
}

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
  const label = useEnumLabel()
  const locale = useIntlLocale()
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("tabs.profile-detail")}
      </Heading>
      {profile === null ? (
        <ProfileSkeleton cards={6} />
      ) : (
        detailCards(profile, t, v, label, locale).map(([title, facts]) => <ProfileCard key={title} title={title} facts={facts} />)
      )}
    </Stack>
  )
}
