import { Box, Grid, Stack } from "@chakra-ui/react"
import { Outlet, Link as RouterLink } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { ACCOUNT_SUBPAGES, type AccountSubpage } from "../../domain/user-account"
import { TAG } from "../../machines/kit"
import { RetryState } from "../shared/retry-state"
import { SubpageTab, SubpageTabs } from "../shared/subpage-tabs"
import { AccountSidePanel } from "./account-side-panel"
import { UserProfileProvider, useUserProfile, useUserProfileActor } from "./profile-context"

/** Where a subpage of the user-account area lives. */
export const accountSubpagePath = (subpage: AccountSubpage) => `/user-account/${subpage}` as const

/**
 * /user-account and its subpages (spec part 2 "User account area"): the profile is fetched on
 * entry of the area (its own chart, so the pages never show the profile as it was at sign-in),
 * the side panel beside the subpage, the subpages as tabs. A failed load replaces the area with a
 * retry (the toast comes from the chart).
 */
export function UserAccountArea() {
  return (
    <UserProfileProvider>
      <UserAccountFrame />
    </UserProfileProvider>
  )
}

function UserAccountFrame() {
  const { t } = useTranslation("account")
  const actor = useUserProfileActor()
  const failed = useUserProfile((s) => s.hasTag(TAG.failed))
  const profile = useUserProfile((s) => s.context.profile)
  return (
    <Stack gap="5">
      <SubpageTabs label={t("tabs.label")}>
        {ACCOUNT_SUBPAGES.map((page) => (
          <SubpageTab key={page}>
            <RouterLink to={accountSubpagePath(page)}>{t(`tabs.${page}`)}</RouterLink>
          </SubpageTab>
        ))}
      </SubpageTabs>
      {failed ? (
        <RetryState title={t("area.failed")} retry={t("area.retry")} onRetry={() => actor.send({ type: "profile.retry" })} />
      ) : (
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "16rem minmax(0, 1fr)" }} gap="5" alignItems="start">
          <AccountSidePanel profile={profile} />
          <Box minWidth="0">
            <Outlet />
          </Box>
        </Grid>
      )}
    </Stack>
  )
}
