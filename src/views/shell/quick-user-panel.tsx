import { lazy, Suspense, useState } from "react"
import { UserPanelButton } from "./user-panel-button"

const loadPopover = () => import("./quick-user-popover")
const QuickUserPopover = lazy(() => loadPopover().then((m) => ({ default: m.QuickUserPopover })))

/**
 * The quick user panel (spec part 1 "Layout"), opened from the header. Its popover's code (the
 * popover, its positioning, focus and dismiss handling; ./quick-user-popover.tsx) is not needed to
 * show a page: the header shows the same button, and the first press loads the popover, which
 * replaces the button with its own trigger and opens; hovering or focusing the button fetches the
 * code ahead. Whether it was used is purely visual state.
 */
export function QuickUserPanel() {
  const [used, setUsed] = useState(false)
  const preload = () => void loadPopover()
  const button = <UserPanelButton aria-haspopup="dialog" aria-expanded={false} onClick={() => setUsed(true)} onPointerEnter={preload} onFocus={preload} />
  if (!used) return button
  return (
    <Suspense fallback={button}>
      <QuickUserPopover />
    </Suspense>
  )
}
