import { Button, Link, Stack } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { useAppActors } from "../app-actors"
import { isReviewer } from "../explorer/reviewer"
import { SideMenuTabs } from "../instruments/side-menu-tabs"

/**
 * The side menu entries, in the spec's order (spec part 1 "Layout"), with the Watchlist and the
 * Notifications (issue 36) after Portfolio.
 */
export const MENU_ENTRIES = [
  { to: "/dashboard", key: "menu.dashboard" },
  { to: "/portfolio", key: "menu.portfolio" },
  { to: "/watchlist", key: "menu.watchlist" },
  { to: "/notifications", key: "menu.notifications" },
  { to: "/market-insight", key: "menu.marketInsight" },
  { to: "/business-news", key: "menu.businessNews" },
  { to: "/instruments", key: "menu.instruments" },
  { to: "/user-account", key: "menu.userAccount" },
] as const

/**
 * The side menu: its areas and Sign Out (which goes to /logout), beside the Instruments search
 * tab. `onNavigate` runs on any choice.
 */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  return <SideMenuTabs menu={<MenuLinks onNavigate={onNavigate} />} onNavigate={onNavigate} />
}

function MenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation("common")
  // The workflow explorer is for reviewers only (issue 13); others never see the entry.
  const reviewer = useSelector(useAppActors().session, (s) => isReviewer(s.context.user))
  const entries = reviewer ? [...MENU_ENTRIES, { to: "/workflows", key: "menu.workflows" } as const] : MENU_ENTRIES
  return (
    <Stack as="nav" aria-label={t("menu.label")} gap="1" padding="3">
      {entries.map((entry) => (
        <Link
          key={entry.to}
          asChild
          paddingX="3"
          paddingY="2"
          borderRadius="md"
          color="gray.200"
          _hover={{ bg: "whiteAlpha.200", textDecoration: "none" }}
          css={{ "&[data-status=active]": { bg: "whiteAlpha.300", color: "white", fontWeight: "semibold" } }}
        >
          {/* Areas whose routes arrive with later issues are not in the route tree yet; until then the
              unknown-path rule of the spec sends them to /dashboard. */}
          <RouterLink to={entry.to as "/dashboard"} onClick={onNavigate}>
            {t(entry.key)}
          </RouterLink>
        </Link>
      ))}
      <Button asChild variant="outline" color="gray.100" marginTop="4" size="sm">
        <RouterLink to="/logout" onClick={onNavigate}>
          {t("menu.signOut")}
        </RouterLink>
      </Button>
    </Stack>
  )
}
