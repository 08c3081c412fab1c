import { CloseButton, Drawer, IconButton, Portal } from "@chakra-ui/react"
import { useRouterState } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { BrandMark } from "./brand-mark"
import { SideMenu } from "./side-menu"

/**
 * Below the md breakpoint the side menu lives in a drawer opened from the header; it closes on
 * navigation and returns focus to its button. Open/closed is purely visual state.
 */
export function MobileMenu() {
  const { t } = useTranslation("common")
  const [open, setOpen] = useState(false)
  const path = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => setOpen(false), [path])
  return (
    <Drawer.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="start">
      <Drawer.Trigger asChild>
        <IconButton aria-label={t("menu.open")} variant="ghost" size="sm" display={{ base: "inline-flex", md: "none" }}>
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="gray.900" maxWidth="17rem">
            <Drawer.Header>
              <Drawer.Title>
                <BrandMark inverted />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body padding="0">
              <SideMenu onNavigate={() => setOpen(false)} />
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
