import { Box, Button, Popover, Portal, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { adminRole } from "../../domain/labels"
import { useAppActors } from "../app-actors"
import { adminOf, nameOf, UserPanelButton } from "./user-panel-button"

/**
 * The quick user panel's popover (spec part 1 "Layout"): company name, full name, role label (admin
 * level 1 Admin, 2 Super Admin, 3 Admin), e-mail and Sign out. Loaded and mounted by
 * `QuickUserPanel` on the first open (./quick-user-panel.tsx), open at once, and kept after.
 */
export function QuickUserPopover() {
  const { t } = useTranslation("common")
  const user = useSelector(useAppActors().session, (s) => s.context.user)
  const admin = adminOf(user)
  const name = nameOf(admin)
  // Opened once mounted (not mounted open), so the popover moves the focus into itself as on any open.
  const [open, setOpen] = useState(false)
  useEffect(() => setOpen(true), [])
  return (
    <Popover.Root positioning={{ placement: "bottom-end" }} open={open} onOpenChange={(d) => setOpen(d.open)}>
      <Popover.Trigger asChild>
        <UserPanelButton />
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
