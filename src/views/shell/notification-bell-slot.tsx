import { Box } from "@chakra-ui/react"
import { lazy, Suspense } from "react"
import { AfterPaint } from "../shared/after-paint"

const NotificationBell = lazy(() => import("../notifications/bell").then((m) => ({ default: m.NotificationBell })))

/**
 * The header's place for the notification bell (issue 36): an empty box of the button's size until
 * the page has painted, then the bell's own chunk (its chart, texts and panel) loads and takes it.
 * Nothing of the inbox is in a page's first JavaScript (the bench prints the bell's bytes).
 */
export function NotificationBellSlot() {
  const placeholder = <Box width="8" height="8" flexShrink={0} />
  return (
    <AfterPaint placeholder={placeholder}>
      <Suspense fallback={placeholder}>
        <NotificationBell />
      </Suspense>
    </AfterPaint>
  )
}
