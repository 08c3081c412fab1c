import { Avatar, Button, Text, type ButtonProps } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { AdminUser } from "../../contract/auth"
import type { SessionUser } from "../../machines/session.machine"
import { useAppActors } from "../app-actors"

/** The signed-in admin of the session, or null (still loading, or a user without the admin fields). */
export const adminOf = (user: SessionUser | null): AdminUser | null => (user && "userId" in user ? user : null)

/** The admin's full name as the panel shows it. */
export const nameOf = (admin: AdminUser | null): string => admin?.fullname || [admin?.firstName, admin?.lastName].filter(Boolean).join(" ")

/** The header's button of the quick user panel (avatar and first name); the popover's trigger. */
export function UserPanelButton(props: ButtonProps) {
  const { t } = useTranslation("common")
  const admin = adminOf(useSelector(useAppActors().session, (s) => s.context.user))
  return (
    <Button variant="ghost" size="sm" aria-label={t("userPanel.open")} {...props}>
      <Avatar.Root size="xs">
        <Avatar.Fallback name={nameOf(admin) || "?"} />
      </Avatar.Root>
      <Text display={{ base: "none", md: "inline" }}>{admin?.firstName ?? ""}</Text>
    </Button>
  )
}
