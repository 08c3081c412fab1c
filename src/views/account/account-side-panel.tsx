import { Avatar, Card, DataList, Skeleton, SkeletonCircle, Stack, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { Profile } from "../../contract/profile"
import { accountPanel, type Avatar as AvatarKind } from "../../domain/user-account"
import { StatusBadge } from "../portfolio/shared"

/** A person silhouette per avatar kind (decorative paths; the avatar's label says which). */
const AVATAR_PATHS: Readonly<Record<AvatarKind, string>> = {
  female:
    "M12 3a5 5 0 0 0-5 5v2c0 1.8-.7 3.3-1.5 4.2h3.2A5 5 0 0 0 12 15a5 5 0 0 0 3.3-.8h3.2C17.7 13.3 17 11.8 17 10V8a5 5 0 0 0-5-5Zm-7 18c0-3 3-5 7-5s7 2 7 5H5Z",
  male: "M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 10c4.4 0 8 2.2 8 5v1H4v-1c0-2.8 3.6-5 8-5Z",
  neutral: "M12 5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 9c3.9 0 7 1.8 7 4.5V20H5v-1.5C5 15.8 8.1 14 12 14Z",
}
const AVATAR_PALETTE: Readonly<Record<AvatarKind, string>> = { female: "pink", male: "blue", neutral: "gray" }

/**
 * The user-account area's side panel (spec part 2 "User account area"): the avatar by gender, the
 * username (first 15 characters), the e-mail (first 20), the status badge, the name, the phone,
 * the ID type and the ID value masked except its last 5 (rules in src/domain/user-account).
 * While the profile loads, the same layout with a skeleton in place of each value (the labels are
 * known), so nothing below the panel moves when the profile comes (on a phone the subpage is under it).
 */
export function AccountSidePanel({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation("account")
  // The panel's values and the full username and e-mail (their titles), or null while loading.
  const shown = profile === null ? null : { panel: accountPanel(profile), basic: profile.basic }
  const facts: Array<[string, string | null]> = [
    [t("panel.name"), shown ? shown.panel.name : null],
    [t("panel.phone"), shown ? shown.panel.phone || t("common.notProvided") : null],
    [t("panel.idType"), shown ? shown.panel.idType || t("common.notProvided") : null],
    [t("panel.idValue"), shown ? shown.panel.idValue || t("common.notProvided") : null],
  ]
  return (
    <Card.Root as="aside" aria-label={t("panel.label")} aria-busy={shown === null ? "true" : undefined} variant="subtle" minWidth="0">
      <Card.Body>
        <Stack gap="4">
          {shown === null ? (
            <Stack gap="1" alignItems="center">
              <SkeletonCircle size="16" />
              <Skeleton height="6" width="50%" />
              <Skeleton height="5" width="70%" />
              <Skeleton height="5" width="20" />
            </Stack>
          ) : (
            <Stack gap="1" alignItems="center" textAlign="center">
              <Avatar.Root size="2xl" colorPalette={AVATAR_PALETTE[shown.panel.avatar]} role="img" aria-label={t(`panel.avatar.${shown.panel.avatar}`)}>
                <Avatar.Fallback>
                  <svg viewBox="0 0 24 24" width="70%" height="70%" aria-hidden="true" focusable="false">
                    <path d={AVATAR_PATHS[shown.panel.avatar]} fill="currentColor" />
                  </svg>
                </Avatar.Fallback>
              </Avatar.Root>
              <Text fontWeight="semibold" title={shown.basic.username}>
                {shown.panel.username}
              </Text>
              <Text fontSize="sm" color="fg.muted" title={shown.basic.email}>
                {shown.panel.email}
              </Text>
              <StatusBadge status={shown.panel.status} />
            </Stack>
          )}
          <DataList.Root orientation="vertical" size="sm" gap="3">
            {facts.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word" fontVariantNumeric="tabular-nums">
                  {value ?? <Skeleton height="4" width="60%" />}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
