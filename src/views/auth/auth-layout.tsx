import { Box, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { ColorModeSwitch } from "../chrome/color-mode-switch"
import { LanguageSwitcher } from "../chrome/language-switcher"
import { LegalLinks } from "../chrome/legal-links"
import { SyntheticNotice } from "../chrome/synthetic-notice"
import { BrandMark } from "../chrome/brand-mark"

/**
 * The signed-out frame: the login side panel (welcome text, copyright with the current year,
 * Legal and Contact links) beside the page's content (spec part 1, signed-out area).
 */
export function AuthLayout({ children, year }: { children: ReactNode; year: number }) {
  const { t } = useTranslation("common")
  return (
    <Flex minHeight="100vh" direction={{ base: "column", lg: "row" }}>
      <Stack
        as="aside"
        aria-label={t("sidePanel.label")}
        width={{ base: "100%", lg: "36%" }}
        maxWidth={{ lg: "38rem" }}
        bg="blue.900"
        color="white"
        padding={{ base: "6", lg: "12" }}
        justify="space-between"
        gap="8"
      >
        <BrandMark inverted />
        <Stack gap="4">
          <Heading as="h2" size="2xl" color="white">
            {t("sidePanel.welcome")}
          </Heading>
          <Text color="blue.100" fontSize="lg">
            {t("sidePanel.tagline")}
          </Text>
        </Stack>
        <Stack direction={{ base: "column", md: "row" }} justify="space-between" gap="3" color="blue.100">
          <Text>{t("footer.copyright", { year })}</Text>
          <LegalLinks color="blue.100" />
        </Stack>
      </Stack>
      <Flex as="main" id="main" flex="1" direction="column" padding={{ base: "6", lg: "10" }} gap="6">
        <HStack justify="flex-end" align="flex-end">
          <LanguageSwitcher />
          <ColorModeSwitch />
        </HStack>
        <Flex flex="1" align="center" justify="center">
          <Box width="100%" maxWidth="28rem">
            {children}
          </Box>
        </Flex>
        <SyntheticNotice />
      </Flex>
    </Flex>
  )
}
