import { Link, useBreakpointValue } from "@chakra-ui/react"
import { Outlet, useMatches } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { lazy, Suspense } from "react"
import { useAppActors } from "../app-actors"
import { LegalDialogProvider } from "../chrome/legal-dialog"
import { RouteProgressBar } from "./route-progress-bar"
import { useToasterRequested } from "./toaster-request"

/** Where toasts start: below the header (about 57 px high on desktop), with a gap. */
const TOAST_TOP_PX = 72
/** On the signed-out pages the language and colour-mode controls sit at the top right of the page: toasts go to the top centre, clear of them. */
const SIGNED_OUT_TOAST = { position: "top-center" as const, containerStyle: { top: 16 } }

/** Wraps every page: skip link, progress bar, the page, the reauth dialog, toasts and the Legal dialog host. */
export function RootFrame() {
  // Toasts never cover the header's controls: below the header on the right on wide screens, at the bottom on phones (where the header spans the width).
  // Read from the media query on the first render (ssr: false), so a toast never starts in the phone's place and moves.
  const signedInPlacement = useBreakpointValue(
    { base: { position: "bottom-center" as const }, md: { position: "top-right" as const, containerStyle: { top: TOAST_TOP_PX } } },
    { ssr: false },
  ) ?? { position: "top-right" as const, containerStyle: { top: TOAST_TOP_PX } }
  const signedOutPage = useMatches({ select: (matches) => matches.some((m) => m.routeId === "/signed-out") })
  const toastPlacement = signedOutPage ? SIGNED_OUT_TOAST : signedInPlacement
  const { t } = useTranslation("common")
  const toasts = useToasterRequested()
  return (
    <LegalDialogProvider>
      <Link href="#main" position="absolute" left="-9999px" _focus={{ left: "4", top: "4", zIndex: "max", bg: "bg", padding: "2", borderRadius: "md" }}>
        {t("skipToContent")}
      </Link>
      <RouteProgressBar />
      <Outlet />
      <ReauthHost />
      {/* Below the header (issue 12): a toast does not cover the language and user controls at its right. */}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster {...toastPlacement} toastOptions={{ duration: 5000 }} />
        </Suspense>
      )}
    </LegalDialogProvider>
  )
}

// The toasts' library loads with the first notice (src/views/shell/toaster-request.ts).
const Toaster = lazy(() => import("react-hot-toast").then((m) => ({ default: m.Toaster })))

const ReauthDialog = lazy(() => import("../auth/reauth-dialog").then((m) => ({ default: m.ReauthDialog })))

/** Mounts the reauth dialog (loaded on demand) while the session asks for re-authentication. */
function ReauthHost() {
  const open = useSelector(useAppActors().session, (s) => s.hasTag("reauth"))
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <ReauthDialog />
    </Suspense>
  )
}
