import { Avatar, Box, Button, Popover, Portal, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { adminRole } from "../../domain/labels"
import { useAppActors } from "../app-actors"

/**
 * The quick user panel (spec part 1 "Layout"): company name, full name, role label (admin level 1
 * Admin, 2 Super Admin, 3 Admin), e-mail and Sign out, opened from the header.
 */
export function QuickUserPanel() {
  const { t } = useTranslation("common")
  const user = useSelector(useAppActors().session, (s) => s.context.user)
  const admin = user && "userId" in user ? user : null
  const name = admin?.fullname || [admin?.firstName, admin?.lastName].filter(Boolean).join(" ")
  return (
    <Popover.Root positioning={{ placement: "bottom-end" }}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("userPanel.open")}>
          <Avatar.Root size="xs">
            <Avatar.Fallback name={name || "?"} />
          </Avatar.Root>
          <Text display={{ base: "none", md: "inline" }}>{admin?.firstName ?? ""}</Text>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content aria-label={t("userPanel.title")}>
            <Popover.Body>
              <Stack gap="2" as="section" aria-label={t("userPanel.title")}>
                {admin ? (
                  <>
                    <Text fontSize="sm" color="fg.muted">
                      {admin.userGroup.companyName}
                    </Text>
                    <Text fontWeight="semibold">{name}</Text>
                    <Box>
                      <Text as="span" fontSize="xs" bg="blue.100" color="blue.900" paddingX="2" paddingY="0.5" borderRadius="sm">
                        {t(`roles.${adminRole(admin.adminLevel)}`)}
                      </Text>
                    </Box>
                    <Text fontSize="sm">{admin.email}</Text>
                  </>
                ) : (
                  <Text fontSize="sm">{t("userPanel.unknown")}</Text>
                )}
                <Button asChild size="sm" variant="outline" marginTop="2">
                  <RouterLink to="/logout">{t("menu.signOut")}</RouterLink>
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
