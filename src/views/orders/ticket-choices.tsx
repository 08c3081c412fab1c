import { Button, Group, Stack, Text } from "@chakra-ui/react"
import { memo, useId } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { AccountList } from "../../contract/accounts"
import type { OrderSide, OrderType } from "../../contract/orders"
import { portfolioLabel } from "../../domain/labels"
import { orderTypesFor } from "../../domain/order-ticket"
import { canTradeIn, orderTicketMachine } from "../../machines/order-ticket.machine"
import { useEnumLabel } from "../shared/enum-label"
import { SelectField } from "../shared/form-field"

// The ticket's choices (side, type, portfolio): memoised, so typing a figure does not render them.

type TicketActor = ActorRefFrom<typeof orderTicketMachine>
type PortfolioAccounts = AccountList | null

const SIDES: ReadonlyArray<OrderSide> = ["BUY", "SELL"]

/** BUY / SELL, pressed buttons in a labelled group (memoised: typing a figure does not change it). */
export const SideGroup = memo(function SideGroup({ actor, side: chosen, frozen }: { actor: TicketActor; side: OrderSide; frozen: boolean }) {
  const { t } = useTranslation("orders")
  const label = useEnumLabel()
  const sideLabel = useId()
  return (
    <Stack gap="1.5">
      <Text id={sideLabel} fontSize="sm" fontWeight="medium">
        {t("ticket.side")}
      </Text>
      <Group attached role="group" aria-labelledby={sideLabel}>
        {SIDES.map((side) => (
          <Button
            key={side}
            size="sm"
            minWidth="24"
            aria-pressed={chosen === side}
            variant={chosen === side ? "solid" : "outline"}
            colorPalette={side === "BUY" ? "green" : "red"}
            // The palettes' 500 shades are too light under white text (WCAG AA).
            {...(chosen === side ? { bg: "colorPalette.700", _hover: { bg: "colorPalette.800" } } : {})}
            disabled={frozen}
            onClick={() => actor.send({ type: "side.change", value: side })}
          >
            {label("orderSide", side)}
          </Button>
        ))}
      </Group>
    </Stack>
  )
})

/** The order type (Stop Loss only for SELL); memoised like `SideGroup`. */
export const TypeField = memo(function TypeField({ actor, side, type, frozen }: { actor: TicketActor; side: OrderSide; type: OrderType; frozen: boolean }) {
  const { t } = useTranslation("orders")
  const label = useEnumLabel()
  const types = orderTypesFor(side)
  return (
    <SelectField
      label={t("ticket.type")}
      disabled={frozen}
      value={type}
      choices={types.map((value) => ({ value, label: label("orderType", value) }))}
      onChange={(value) => {
        const chosen = types.find((v) => v === value)
        if (chosen) actor.send({ type: "type.change", value: chosen })
      }}
    />
  )
})

/** The portfolio (those in another currency than the quote's disabled); memoised like `SideGroup`. */
export const PortfolioField = memo(function PortfolioField({
  actor,
  accounts,
  accountId,
  quote,
  frozen,
}: {
  actor: TicketActor
  accounts: PortfolioAccounts
  accountId: string | null
  quote: SnapshotFrom<typeof orderTicketMachine>["context"]["quote"]
  frozen: boolean
}) {
  const { t } = useTranslation("orders")
  // The chart says which portfolios can trade the instrument (its currency).
  const tradable = (a: NonNullable<PortfolioAccounts>[number]) => canTradeIn({ quote }, a)
  return (
    <SelectField
      label={t("ticket.portfolio")}
      required
      disabled={frozen}
      value={accountId}
      placeholder={t("ticket.selectPortfolio")}
      choices={(accounts ?? []).map((a) => ({
        value: a.accountId,
        label: tradable(a) ? portfolioLabel(a, "order-modal") : t("ticket.otherCurrency", { label: portfolioLabel(a, "order-modal") }),
        disabled: !tradable(a),
      }))}
      onChange={(value) => actor.send({ type: "account.select", accountId: value })}
    />
  )
})
