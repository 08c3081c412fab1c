import { Link } from "@chakra-ui/react"
import { Outlet } from "@tanstack/react-router"
import { Toaster } from "react-hot-toast"
import { useTranslation } from "react-i18next"
import { ReauthDialog } from "../auth/reauth-dialog"
import { LegalDialogProvider } from "./legal-dialog"
import { RouteProgressBar } from "./route-progress-bar"
import { Splash } from "./splash"

/** Wraps every page: skip link, progress bar, the page, the reauth dialog, the splash, toasts and the Legal dialog host. */
export function RootFrame() {
  const { t } = useTranslation("common")
  return (
    <LegalDialogProvider>
      <Link
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{ left: "4", top: "4", zIndex: "max", bg: "bg", padding: "2", borderRadius: "md" }}
      >
        {t("skipToContent")}
      </Link>
      <RouteProgressBar />
      <Outlet />
      <ReauthDialog />
      <Splash />
      <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
    </LegalDialogProvider>
  )
}
