import { Outlet } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react"
import { useAppActors } from "../app-actors"
import { WithChakra } from "../shared/chakra-scope"
import { whenIdle } from "../shared/when-idle"
import { LegalDialogProvider } from "./legal-dialog"
import { RouteProgressBar } from "./route-progress-bar"
import "./plain.css"

/** Where toasts start: below the header (about 57 px high on desktop), with a gap. */
const TOAST_TOP_PX = 72

/** Wraps every page: skip link, progress bar, the page, the reauth dialog, toasts and the Legal dialog host. */
export function RootFrame() {
  // Toasts never cover the header's controls: below the header on the right on wide screens, at the bottom on phones (where the header spans the width).
  // Read from the media query on the first render (ssr: false), so a toast never starts in the phone's place and moves.
  const toastPlacement = useMediaQuery(MD_UP) ? { position: "top-right" as const, containerStyle: { top: TOAST_TOP_PX } } : { position: "bottom-center" as const }
  const { t } = useTranslation("common")
  const afterFirstPage = useIdleAfterMount()
  return (
    <LegalDialogProvider>
      <a href="#main" className="cf-skip">
        {t("skipToContent")}
      </a>
      <RouteProgressBar />
      <Outlet />
      <ReauthHost />
      {/* Below the header (issue 12): a toast does not cover the language and user controls at its right. */}
      {afterFirstPage && (
        <Suspense fallback={null}>
          <Toaster {...toastPlacement} toastOptions={{ duration: 5000 }} />
        </Suspense>
      )}
    </LegalDialogProvider>
  )
}

/** Chakra's md breakpoint (src/app/theme.ts). */
const MD_UP = "(min-width: 48rem)"

/** Whether the media query matches, read on the first render and followed after. */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query)
      list.addEventListener("change", changed)
      return () => list.removeEventListener("change", changed)
    },
    () => window.matchMedia(query).matches,
  )
}

// The toasts' library is not needed to show a page: it loads once the browser is idle after the
// first render (a toast raised before then waits in the library's store and shows when it mounts).
const Toaster = lazy(() => import("react-hot-toast").then((m) => ({ default: m.Toaster })))

/** False until the browser has been idle (at most a second) after the first render. */
function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true), 1000), [])
  return idle
}

const ReauthDialog = lazy(() => import("../auth/reauth-dialog").then((m) => ({ default: m.ReauthDialog })))

/** Mounts the reauth dialog (loaded on demand, with Chakra) while the session asks for re-authentication. */
function ReauthHost() {
  const open = useSelector(useAppActors().session, (s) => s.hasTag("reauth"))
  if (!open) return null
  return (
    <WithChakra>
      <ReauthDialog />
    </WithChakra>
  )
}
