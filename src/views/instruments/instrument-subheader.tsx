import { Box, Button, Heading, HStack, SkeletonCircle, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { OrderSide } from "../../contract/orders"
import { useOrderTicket } from "../orders/order-ticket-context"
import { useInstrumentDetailActor } from "./instrument-detail-actor"
import { InstrumentImage } from "../shared/instrument-image"
import { TAG } from "../../machines/kit"
import { SkeletonLine } from "../shared/skeleton-line"
import { STRONG_FOCUS_RING } from "../shared/focus-ring"
import { WatchlistStar } from "../watchlist/watchlist-star"

/**
 * The instrument page's subheader (spec part 1 "Layout"): the symbol, name and image with BUY and
 * SELL, which open the order ticket; a placeholder while the instrument loads. BUY / SELL are
 * disabled while no ticket host is mounted or there is no instrument.
 */
export function InstrumentSubheader() {
  const { t } = useTranslation("instruments")
  const actor = useInstrumentDetailActor()
  const instrument = useSelector(actor, (s) => s.context.instrument)
  const loading = useSelector(actor, (s) => s.hasTag(TAG.loading))
  const { open } = useOrderTicket()
  const side = (value: OrderSide) =>
    open && instrument ? () => open({ instrumentId: instrument.id, symbol: instrument.symbol, name: instrument.name, side: value }) : undefined
  return (
    <HStack justify="space-between" gap="4" wrap="wrap">
      {loading ? (
        <HStack gap="3" aria-busy="true">
          <SkeletonCircle size="10" />
          {/* The symbol's and the name's lines (their text styles' heights), so the row keeps its height. */}
          <Stack gap="0">
            <SkeletonLine textStyle="md" height="5" width="24" />
            <SkeletonLine fontSize="sm" height="4" width="40" />
          </Stack>
          <Text srOnly>{t("page.loading")}</Text>
        </HStack>
      ) : !instrument ? (
        <Box />
      ) : (
        <HStack gap="3" minWidth="0">
          <InstrumentImage src={instrument.imageUrl} size="10" />
          <Stack gap="0" minWidth="0">
            <Heading as="h1" size="md">
              {instrument.symbol}
            </Heading>
            <Text fontSize="sm" color="fg.muted" truncate>
              {instrument.name}
            </Text>
          </Stack>
        </HStack>
      )}
      <HStack gap="2">
        {/* The star's place (an IconButton of size sm) while the instrument loads: Buy and Sell do not move. */}
        {instrument ? <WatchlistStar instrumentId={instrument.id} /> : <Box width="9" height="9" flexShrink={0} />}
        <Button size="sm" colorPalette="green" bg="green.700" _hover={{ bg: "green.800" }} {...STRONG_FOCUS_RING} disabled={!side("BUY")} onClick={side("BUY")}>
          {t("order.buy")}
        </Button>
        <Button size="sm" colorPalette="red" bg="red.700" _hover={{ bg: "red.800" }} {...STRONG_FOCUS_RING} disabled={!side("SELL")} onClick={side("SELL")}>
          {t("order.sell")}
        </Button>
      </HStack>
    </HStack>
  )
}
