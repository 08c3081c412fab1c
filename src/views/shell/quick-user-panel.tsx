import { lazy } from "react"
import { LoadedOnFirstUse, useFirstUse } from "../shared/first-use"
import { UserPanelButton } from "./user-panel-button"

const loadPopover = () => import("./quick-user-popover")
const QuickUserPopover = lazy(() => loadPopover().then((m) => ({ default: m.QuickUserPopover })))

/**
 * The quick user panel (spec part 1 "Layout"), opened from the header. Its popover's code (the
 * popover, its positioning, focus and dismiss handling, Chakra; ./quick-user-popover.tsx) is not
 * needed to show a page: the header shows the same plain button, and the first press loads the
 * popover, which replaces the button with its own trigger and opens; hovering or focusing the
 * button fetches the code ahead (src/views/shared/first-use.tsx).
 */
export function QuickUserPanel() {
  const popover = useFirstUse(loadPopover)
  const button = <UserPanelButton aria-haspopup="dialog" aria-expanded={false} onClick={popover.markUsed} onPointerEnter={popover.preload} onFocus={popover.preload} />
  return (
    <LoadedOnFirstUse used={popover.used} button={button}>
      <QuickUserPopover />
    </LoadedOnFirstUse>
  )
}
