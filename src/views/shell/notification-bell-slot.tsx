import { Box } from "@chakra-ui/react"
import { lazy, Suspense } from "react"
import { WhenIdle } from "../shared/after-paint"

const NotificationBell = lazy(() => import("../notifications/bell").then((m) => ({ default: m.NotificationBell })))

/**
 * The header's place for the notification bell (issue 36): an empty box of the button's size (an
 * `IconButton` of size sm, 36 px: the header's other controls do not move when it comes) until
 * the browser is first idle (the page's own code and data come first), then the bell's own chunk
 * (its chart, texts and panel) loads and takes it. Nothing of the inbox is in a page's first
 * JavaScript (the bench prints the bell's bytes).
 */
export function NotificationBellSlot() {
  const placeholder = <Box width="9" height="9" flexShrink={0} />
  return (
    <WhenIdle placeholder={placeholder} timeoutMs={2000}>
      <Suspense fallback={placeholder}>
        <NotificationBell />
      </Suspense>
    </WhenIdle>
  )
}
