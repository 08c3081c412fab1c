import { useSelector } from "@xstate/react"
import type { ComponentProps } from "react"
import { useTranslation } from "react-i18next"
import type { AdminUser } from "../../contract/auth"
import type { SessionUser } from "../../machines/session.machine"
import { useAppActors } from "../app-actors"

/** The signed-in admin of the session, or null (still loading, or a user without the admin fields). */
export const adminOf = (user: SessionUser | null): AdminUser | null => (user && "userId" in user ? user : null)

/** The admin's full name as the panel shows it. */
export const nameOf = (admin: AdminUser | null): string => admin?.fullname || [admin?.firstName, admin?.lastName].filter(Boolean).join(" ")

/** A name's initials as an avatar shows them: the first letters of its first and last words. */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(" ")
  const first = words[0] ?? ""
  const last = words.length > 1 ? (words[words.length - 1] ?? "") : ""
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0)
}

/** The header's button of the quick user panel (avatar and first name; plain, ./frame.css); the popover's trigger. */
export function UserPanelButton(props: ComponentProps<"button">) {
  const { t } = useTranslation("common")
  const admin = adminOf(useSelector(useAppActors().session, (s) => s.context.user))
  return (
    <button type="button" className="cf-button cf-button-ghost" aria-label={t("userPanel.open")} {...props}>
      <span className="cf-avatar">
        <span className="cf-avatar-fallback">{initialsOf(nameOf(admin) || "?")}</span>
      </span>
      <span className="cf-user-name">{admin?.firstName ?? ""}</span>
    </button>
  )
}
