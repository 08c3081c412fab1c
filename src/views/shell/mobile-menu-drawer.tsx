import { CloseButton, Drawer, Portal } from "@chakra-ui/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { BrandMark } from "../chrome/brand-mark"
import { MenuButton } from "./menu-button"
import { SideMenu } from "./side-menu"
import { useDialogName } from "../shared/dialog-name"

/**
 * The phone's menu drawer (the side menu below the md breakpoint), with its own trigger in place
 * of the header's button. Loaded and mounted by `MobileMenu` on the first open (./mobile-menu.tsx),
 * which owns open/closed; it opens once mounted (so it moves the focus into itself as on any open)
 * and returns focus to its trigger when it closes.
 */
export function MobileMenuDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const name = useDialogName()
  const { t } = useTranslation("common")
  useEffect(() => onOpenChange(true), [onOpenChange])
  return (
    <Drawer.Root ids={name.ids} open={open} onOpenChange={(d) => onOpenChange(d.open)} placement="start">
      <Drawer.Trigger asChild>
        <MenuButton />
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-labelledby={name.labelledBy} bg="gray.900" maxWidth="17rem">
            <Drawer.Header>
              <Drawer.Title>
                <BrandMark inverted />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body padding="0">
              <SideMenu onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" color="white" aria-label={t("menu.close")} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
