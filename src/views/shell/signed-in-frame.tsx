import { Outlet, useMatches } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { AppLayout } from "./app-layout"
import { QuickUserPanel } from "./quick-user-panel"

/** The signed-in area's frame: the layout with breadcrumbs built from the matched routes' `staticData.breadcrumb`. */
export function SignedInFrame() {
  const { t } = useTranslation("common")
  const matches = useMatches()
  const trail = matches.flatMap((m) => (m.staticData?.breadcrumb ? [t(m.staticData.breadcrumb)] : []))
  return (
    <AppLayout year={new Date().getFullYear()} trail={trail} headerEnd={<QuickUserPanel />}>
      <Outlet />
    </AppLayout>
  )
}
