import { Box, Flex, HStack, Stack, Text } from "@chakra-ui/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { BrandMark } from "../chrome/brand-mark"
import { Breadcrumbs } from "./breadcrumbs"
import { ColorModeSwitch } from "../chrome/color-mode-switch"
import { LanguageSwitcher } from "../chrome/language-switcher"
import { LegalLinks } from "../chrome/legal-links"
import { MobileMenu } from "./mobile-menu"
import { SideMenu } from "./side-menu"
import { AfterPaint } from "../shared/after-paint"
import { SyntheticNotice } from "../chrome/synthetic-notice"

/**
 * The signed-in frame (spec part 1 "Layout"): header with a route-dependent subheader slot and
 * breadcrumbs, the side menu, the page, and the footer with Legal and Contact.
 */
export function AppLayout({
  children,
  subheader,
  trail,
  headerEnd,
  year,
}: {
  children: ReactNode
  subheader?: ReactNode
  trail: ReadonlyArray<string>
  headerEnd?: ReactNode
  year: number
}) {
  const { t } = useTranslation("common")
  return (
    <Flex minHeight="100vh">
      <Box as="aside" width="15rem" flexShrink={0} bg="gray.900" display={{ base: "none", md: "block" }}>
        <Box padding="5">
          <BrandMark inverted />
        </Box>
        {/* The side menu (Chakra Tabs, eight links) renders in a task after the first paint: the page's
            figures do not wait for it (docs/decisions/0231-side-menu-after-first-paint.md). */}
        <AfterPaint placeholder={null}>
          <SideMenu />
        </AfterPaint>
      </Box>
      <Flex direction="column" flex="1" minWidth="0">
        {/* On a phone (360 px) everything fits in one row: the word mark gives way to its glyph, the language's label is read but not shown. */}
        <HStack as="header" justify="space-between" paddingX={{ base: "3", md: "6" }} paddingY="3" borderBottomWidth="1px" gap={{ base: "1.5", md: "4" }}>
          <MobileMenu />
          <Box display={{ base: "block", md: "none" }}>
            <BrandMark wordmark={{ base: "none", sm: "inline" }} />
          </Box>
          <Box flex="1" />
          <LanguageSwitcher size="xs" compact />
          <ColorModeSwitch />
          {headerEnd}
        </HStack>
        <Stack as="section" aria-label={t("subheader.label")} paddingX={{ base: "3", md: "6" }} paddingY="3" gap="2" bg="bg.subtle">
          <Breadcrumbs trail={trail} />
          {subheader}
        </Stack>
        {/* At least the window's height: the footer starts below the fold, so it does not jump down (or up)
            as a page's content comes and grows or shrinks (docs/decisions: layout shifts). */}
        <Box as="main" id="main" flex="1" padding={{ base: "3", md: "6" }} minWidth="0" minHeight="100vh">
          {children}
        </Box>
        <Stack
          as="footer"
          direction={{ base: "column", md: "row" }}
          justify="space-between"
          paddingX={{ base: "3", md: "6" }}
          paddingY="4"
          borderTopWidth="1px"
          gap="2"
        >
          <Text fontSize="sm" color="fg.muted">
            {t("footer.copyright", { year })}
          </Text>
          <SyntheticNotice />
          <LegalLinks />
        </Stack>
      </Flex>
    </Flex>
  )
}
