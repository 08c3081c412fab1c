import type { ComponentProps } from "react"
import { useTranslation } from "react-i18next"

/** The header's menu button (phones only; plain, ./frame.css); the drawer's trigger. */
export function MenuButton(props: ComponentProps<"button">) {
  const { t } = useTranslation("common")
  return (
    <button type="button" className="cf-button cf-icon-button cf-menu-button" aria-label={t("menu.open")} {...props}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}
