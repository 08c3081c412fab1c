import { Button, HStack } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { OrderSide } from "../../contract/orders"
import { useOrderTicket } from "../orders/order-ticket-context"
import { STRONG_FOCUS_RING } from "../shared/focus-ring"

/**
 * The /portfolio subheader (spec part 1 "Layout"): BUY and SELL, which open the order ticket for
 * the selected portfolio (the instrument is chosen in the ticket). Disabled while no ticket host
 * is mounted. BUY is a darker green than the palette's solid so its white text has enough contrast.
 */
export function PortfolioSubheader() {
  const { t } = useTranslation("portfolio")
  const { open } = useOrderTicket()
  const side = (value: OrderSide) => (open ? () => open({ side: value }) : undefined)
  return (
    <HStack justify="flex-end" gap="2">
      <Button size="sm" colorPalette="green" bg="green.700" _hover={{ bg: "green.800" }} {...STRONG_FOCUS_RING} disabled={!side("BUY")} onClick={side("BUY")}>
        {t("subheader.buy")}
      </Button>
      <Button size="sm" colorPalette="red" {...STRONG_FOCUS_RING} disabled={!side("SELL")} onClick={side("SELL")}>
        {t("subheader.sell")}
      </Button>
    </HStack>
  )
}
