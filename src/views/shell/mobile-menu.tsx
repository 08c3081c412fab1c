import { useRouterState } from "@tanstack/react-router"
import { lazy, Suspense, useEffect, useState } from "react"
import { MenuButton } from "./menu-button"

const loadDrawer = () => import("./mobile-menu-drawer")
const MobileMenuDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileMenuDrawer })))

/**
 * Below the md breakpoint the side menu lives in a drawer opened from the header; it closes on
 * navigation and returns focus to its button. The drawer's code (dialog, focus trap, dismissable
 * layer; ./mobile-menu-drawer.tsx) is not needed to show a page: the header shows the same button,
 * and the first press loads the drawer, which replaces the button with its own trigger and opens;
 * hovering or focusing the button fetches the code ahead. Open/closed and used are purely visual state.
 */
export function MobileMenu() {
  const [used, setUsed] = useState(false)
  const [open, setOpen] = useState(false)
  const path = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => setOpen(false), [path])
  const preload = () => void loadDrawer()
  const button = <MenuButton aria-haspopup="dialog" aria-expanded={false} onClick={() => setUsed(true)} onPointerEnter={preload} onFocus={preload} />
  if (!used) return button
  return (
    <Suspense fallback={button}>
      <MobileMenuDrawer open={open} onOpenChange={setOpen} />
    </Suspense>
  )
}
