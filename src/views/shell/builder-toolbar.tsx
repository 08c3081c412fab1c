import { Box, Link } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"

/**
 * The spec's hidden sticky toolbar (part 1 "Layout"): a toolbar at the page's right edge, out of
 * sight until a keyboard user tabs to it (like the skip link), with the link to the layout builder.
 */
export function BuilderToolbar() {
  const { t } = useTranslation("common")
  return (
    <Box
      as="nav"
      aria-label={t("toolbar.label")}
      position="fixed"
      insetInlineEnd="0"
      top="40%"
      zIndex="sticky"
      transform="translateX(100%)"
      _focusWithin={{ transform: "none" }}
    >
      <Link asChild bg="bg" color="fg" borderWidth="1px" borderEndWidth="0" borderStartRadius="md" padding="2" fontSize="sm" boxShadow="md">
        <RouterLink to="/builder">{t("toolbar.builder")}</RouterLink>
      </Link>
    </Box>
  )
}
