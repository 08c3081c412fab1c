import { BuilderToolbar } from "./builder-toolbar"
import { Box } from "@chakra-ui/react"
import { getRouteApi, Outlet, useMatches } from "@tanstack/react-router"
import { Suspense } from "react"
import { useTranslation } from "react-i18next"
import { LiveViewToggle } from "../explorer/live-view-toggle"
import { OrderTicketHost } from "../orders/order-ticket-host"
import { CreatePortfolioHost } from "../portfolios/create-portfolio-host"
import { PortfoliosProvider } from "../portfolios/portfolios-context"
import { AppLayout } from "./app-layout"
import { NotificationBellSlot } from "./notification-bell-slot"
import { PageHeadingFocus } from "./page-heading-focus"
import { QuickUserPanel } from "./quick-user-panel"

/**
 * The signed-in area's frame: the layout with breadcrumbs built from the matched routes'
 * `staticData.breadcrumb` (from the deepest `breadcrumbRoot`, so instrument pages start with
 * Instruments), the deepest match's `staticData.subheader`, and the signed-in user's shared
 * actors: the portfolios chart (started by the route's loader), the create-portfolio host and the
 * order ticket host.
 */
const signedInRoute = getRouteApi("/signed-in")

export function SignedInFrame() {
  const { t } = useTranslation("common")
  const { portfolios } = signedInRoute.useLoaderData()
  const matches = useMatches()
  const root = Math.max(
    0,
    matches.findLastIndex((m) => m.staticData?.breadcrumbRoot),
  )
  const trail = matches.slice(root).flatMap((m) => (m.staticData?.breadcrumb ? [t(m.staticData.breadcrumb)] : []))
  const Subheader = matches.findLast((m) => m.staticData?.subheader)?.staticData?.subheader
  return (
    <PortfoliosProvider actor={portfolios}>
      <PageHeadingFocus />
      <CreatePortfolioHost>
        <OrderTicketHost>
          <AppLayout
            year={new Date().getFullYear()}
            trail={trail}
            headerEnd={
              <>
                <LiveViewToggle />
                <NotificationBellSlot />
                <QuickUserPanel />
              </>
            }
            subheader={
              Subheader ? (
                // The row's height while the subheader's code loads (a control row: 36 px), so the page does not shift down.
                <Suspense fallback={<Box minHeight="9" />}>
                  <Subheader />
                </Suspense>
              ) : undefined
            }
          >
            <Outlet />
          </AppLayout>
          <BuilderToolbar />
        </OrderTicketHost>
      </CreatePortfolioHost>
    </PortfoliosProvider>
  )
}
