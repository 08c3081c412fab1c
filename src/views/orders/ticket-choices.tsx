import { Button, Field, Group, NativeSelect, Stack, Text } from "@chakra-ui/react"
import { memo, useId } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { AccountList } from "../../contract/accounts"
import type { OrderSide, OrderType } from "../../contract/orders"
import { portfolioLabel } from "../../domain/labels"
import { orderTypesFor } from "../../domain/order-ticket"
import { canTradeIn, orderTicketMachine } from "../../machines/order-ticket.machine"
import { useEnumLabel } from "../shared/enum-label"

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
  return (
    <Field.Root disabled={frozen}>
      <Field.Label>{t("ticket.type")}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={type} onChange={(e) => actor.send({ type: "type.change", value: e.currentTarget.value as OrderType })}>
          {orderTypesFor(side).map((value) => (
            <option key={value} value={value}>
              {label("orderType", value)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
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
    <Field.Root required disabled={frozen}>
      <Field.Label>{t("ticket.portfolio")}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={accountId ?? ""}
          onChange={(e) => actor.send({ type: "account.select", accountId: e.currentTarget.value === "" ? null : e.currentTarget.value })}
        >
          <option value="">{t("ticket.selectPortfolio")}</option>
          {(accounts ?? []).map((a) => (
            <option key={a.accountId} value={a.accountId} disabled={!tradable(a)}>
              {tradable(a) ? portfolioLabel(a, "order-modal") : t("ticket.otherCurrency", { label: portfolioLabel(a, "order-modal") })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
})
