import { HStack, Link } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import { useLegalDialog } from "./legal-dialog"
import { LinkButton } from "./link-button"

/** The support address behind every Contact link. */
export const CONTACT_ADDRESS = "support@chartfolio.test"

/** Legal (opens the Legal Agreement dialog) and Contact (a mail link), used by the footer and the login side panel. */
export function LegalLinks({ color }: { color?: string }) {
  const { t } = useTranslation("common")
  const legal = useLegalDialog()
  return (
    <HStack gap="5" as="nav" aria-label={t("footer.navLabel")}>
      <LinkButton color={color} onClick={legal.open} onPointerEnter={legal.preload} onFocus={legal.preload}>
        {t("footer.legal")}
      </LinkButton>
      <Link href={`mailto:${CONTACT_ADDRESS}`} color={color}>
        {t("footer.contact")}
      </Link>
    </HStack>
  )
}
