import { Badge, Stack, Text, Timeline } from "@chakra-ui/react"
import { useMatches, useParams } from "@tanstack/react-router"
import { useId } from "react"
import type { AccountDetails } from "../../contract/accounts"
import { DEFAULT_PORTFOLIO_SUBPAGE, type PortfolioSubpage } from "../../domain/portfolio-subpages"
import { statusColour, type StatusColour } from "../../domain/status-colour"
import { usePortfolios } from "../portfolios/portfolios-context"
import { useEnumLabel } from "../shared/enum-label"

/** The subpage the matched route declares (`staticData.subpage`), overview when none does. */
export const useSubpage = (): PortfolioSubpage =>
  useMatches({ select: (matches) => matches.findLast((m) => m.staticData.subpage !== undefined)?.staticData.subpage ?? DEFAULT_PORTFOLIO_SUBPAGE })

/** The Intl locale of the chosen interface language: one definition, in src/views/shared/locale.ts. */
export { useIntlLocale } from "../shared/locale"

/** The theme palette of each status colour role (spec part 2 section 4). */
export const PALETTE: Readonly<Record<StatusColour, string>> = {
  info: "cyan",
  warning: "orange",
  primary: "blue",
  danger: "red",
  muted: "gray",
}

/** The key of each status colour's badge class among a table's cell classes (`useCellClasses`). */
export type StatusBadgeKey = `status-${StatusColour}`

/** The classes of a status's badge among a table's cell classes (`useCellClasses`): a light `StatusBadge` for long lists. */
export const statusBadgeClass = (classes: Readonly<Record<StatusBadgeKey, string>>, status: string): string =>
  `chakra-badge ${classes[`status-${statusColour(status)}`]}`

/** A status label in its colour (spec part 2 section 4): info, warning, primary, danger or muted. */
export function StatusBadge({ status }: { status: string }) {
  const colour = statusColour(status)
  const label = useEnumLabel()
  return (
    <Badge colorPalette={PALETTE[colour]} variant="subtle">
      {label("status", status)}
    </Badge>
  )
}

/** The account id in the current /portfolio/{accountId}/... path, or null. */
export const useRouteAccountId = (): string | null => useParams({ strict: false, select: (p) => p.accountId ?? null })

/**
 * The details of the account the page shows (the route's, once the portfolios chart selected and
 * loaded it); null while they load, so nothing of another account is ever shown.
 */
export const useShownAccount = (): AccountDetails | null => {
  const routeId = useRouteAccountId()
  return usePortfolios((s) =>
    s.context.details !== null && s.context.details.accountId === routeId && s.context.selectedId === routeId ? s.context.details : null,
  )
}

/** Label / value pairs side by side: one definition, in src/views/shared/fact-list.tsx. */
export { FactList, type Fact } from "../shared/fact-list"

/** A progress timeline (an order's or a payment's steps, oldest first) under its visible title, which names the list. */
export function ProgressTimeline({ title, steps }: { title: string; steps: ReadonlyArray<{ readonly status: string; readonly description: string }> }) {
  const titleId = useId()
  return (
    <Stack gap="2">
      <Text fontWeight="semibold" id={titleId}>
        {title}
      </Text>
      <Timeline.Root size="sm" aria-labelledby={titleId}>
        {steps.map((step, i) => (
          <Timeline.Item key={`${step.status}-${i}`}>
            <Timeline.Connector>
              <Timeline.Separator />
              <Timeline.Indicator />
            </Timeline.Connector>
            <Timeline.Content>
              <Timeline.Title>
                <StatusBadge status={step.status} />
              </Timeline.Title>
              <Timeline.Description>{step.description}</Timeline.Description>
            </Timeline.Content>
          </Timeline.Item>
        ))}
      </Timeline.Root>
    </Stack>
  )
}
