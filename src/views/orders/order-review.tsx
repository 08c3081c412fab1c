import { Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { AccountList } from "../../contract/accounts"
import type { OrderSide, OrderType } from "../../contract/orders"
import { formatMoney } from "../../domain/format"
import { portfolioLabel } from "../../domain/labels"
import { writeNumberText } from "../../domain/number-text"
import type { OrderFigure } from "../../domain/order-ticket"
import { orderTicketMachine, ticketReview, type TicketReview as TicketReviewFigures } from "../../machines/order-ticket.machine"
import { useEnumLabel } from "../shared/enum-label"
import { FactList } from "../shared/fact-list"
import { FormAlert } from "../shared/form-alert"

type TicketActor = ActorRefFrom<typeof orderTicketMachine>

/** The review step, from the chart's review of the ticket (the figures of what is sent). */
export function TicketReview({
  actor,
  accounts,
  currency,
  locale,
  serverText,
}: {
  actor: TicketActor
  accounts: AccountList | null
  currency: string
  locale: string
  serverText: string | undefined
}) {
  const c = useSelector(actor, (s) => s.context)
  const account = (accounts ?? []).find((a) => a.accountId === c.accountId)
  const instrument = [c.instrument?.symbol, c.instrument?.name].filter(Boolean).join(" · ")
  return (
    <OrderReview
      instrument={instrument}
      portfolio={account ? portfolioLabel(account, "order-modal") : ""}
      side={c.side}
      type={c.type}
      review={ticketReview(c)}
      currency={currency}
      locale={locale}
      serverText={serverText}
    />
  )
}

/**
 * The review step: the instrument, portfolio, side and type, then exactly what is sent (quantity
 * and price with every digit they have, in the user's notation), the fees, total and the cash
 * (BUY) or holding (SELL) after; each estimate is marked as one.
 */
function OrderReview(props: {
  instrument: string
  portfolio: string
  side: OrderSide
  type: OrderType
  review: TicketReviewFigures
  currency: string
  locale: string
  serverText: string | undefined
}) {
  const { t } = useTranslation("orders")
  const label = useEnumLabel()
  const { figures, estimated, after } = props.review
  const unknown = t("ticket.review.unknown")
  const money = (value: string) => formatMoney(value, props.currency, props.locale, { fraction: "exact" })
  const units = (value: string) => writeNumberText(value, props.locale)
  const shown = (figure: OrderFigure, value: string | null, write: (value: string) => string) =>
    value === null ? unknown : estimated.has(figure) ? t("ticket.review.estimated", { value: write(value) }) : write(value)
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t("ticket.review.help")}</Text>
      <FactList
        facts={[
          [t("ticket.instrument"), props.instrument || unknown],
          [t("ticket.portfolio"), props.portfolio || unknown],
          [t("ticket.side"), label("orderSide", props.side)],
          [t("ticket.type"), label("orderType", props.type)],
          [t("ticket.quantity"), shown("quantity", figures.quantity, units)],
          [t("ticket.review.price"), shown("price", figures.price, money)],
          [t("ticket.amount"), shown("amount", figures.amount, money)],
          [t("ticket.review.fees"), money(figures.fees)],
          [t("ticket.review.total"), shown("total", figures.total, money)],
          [props.side === "BUY" ? t("ticket.review.cashAfter") : t("ticket.review.heldAfter"), shown("after", after, props.side === "BUY" ? money : units)],
        ]}
      />
      <FormAlert text={props.serverText} />
    </Stack>
  )
}
