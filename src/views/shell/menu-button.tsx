import { IconButton, type IconButtonProps } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"

/** The header's menu button (phones only); the drawer's trigger. */
export function MenuButton(props: IconButtonProps) {
  const { t } = useTranslation("common")
  return (
    <IconButton aria-label={t("menu.open")} variant="ghost" size="sm" display={{ base: "inline-flex", md: "none" }} {...props}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </IconButton>
  )
}
