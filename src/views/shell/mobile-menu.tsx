import { useRouterState } from "@tanstack/react-router"
import { lazy, useEffect, useState } from "react"
import { LoadedOnFirstUse, useFirstUse } from "../shared/first-use"
import { MenuButton } from "./menu-button"

const loadDrawer = () => import("./mobile-menu-drawer")
const MobileMenuDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileMenuDrawer })))

/**
 * Below the md breakpoint the side menu lives in a drawer opened from the header; it closes on
 * navigation and returns focus to its button. The drawer's code (dialog, focus trap, dismissable
 * layer, Chakra; ./mobile-menu-drawer.tsx) is not needed to show a page: the header shows the same
 * plain button, and the first press loads the drawer, which replaces the button with its own
 * trigger and opens; hovering or focusing the button fetches the code ahead
 * (src/views/shared/first-use.tsx). Open/closed is purely visual state.
 */
export function MobileMenu() {
  const drawer = useFirstUse(loadDrawer)
  const [open, setOpen] = useState(false)
  const path = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => setOpen(false), [path])
  const button = <MenuButton aria-haspopup="dialog" aria-expanded={false} onClick={drawer.markUsed} onPointerEnter={drawer.preload} onFocus={drawer.preload} />
  return (
    <LoadedOnFirstUse used={drawer.used} button={button}>
      <MobileMenuDrawer open={open} onOpenChange={setOpen} />
    </LoadedOnFirstUse>
  )
}
