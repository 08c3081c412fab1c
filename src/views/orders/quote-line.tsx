import { Alert, Button, HStack, Text } from "@chakra-ui/react"
import { memo } from "react"
import { useTranslation } from "react-i18next"
import { formatMoney } from "../../domain/format"

/** The quote's ask and bid (the MARKET estimates use the ask for BUY and the bid for SELL); memoised like `SideGroup`. */
export const QuoteLine = memo(function QuoteLine(props: {
  id: string
  picking: boolean
  loading: boolean
  quote: { ask: string; bid: string; currency: string } | null
  failure: string | null
  locale: string
  onRetry: () => void
}) {
  const { t } = useTranslation("orders")
  if (props.failure !== null) {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{t("ticket.quoteFailed", { reason: props.failure })}</Alert.Description>
        </Alert.Content>
        <Button size="xs" variant="outline" onClick={props.onRetry}>
          {t("ticket.quoteRetry")}
        </Button>
      </Alert.Root>
    )
  }
  return (
    <HStack id={props.id} role="status" gap="4" fontSize="sm" aria-busy={props.loading} aria-label={t("ticket.quote")}>
      {props.picking ? (
        <Text color="fg.muted">{t("ticket.quoteAfterPick")}</Text>
      ) : props.loading || !props.quote ? (
        <Text color="fg.muted">{t("ticket.quoteLoading")}</Text>
      ) : (
        <>
          <Text>
            {t("ticket.ask")}: <strong>{formatMoney(props.quote.ask, props.quote.currency, props.locale)}</strong>
          </Text>
          <Text>
            {t("ticket.bid")}: <strong>{formatMoney(props.quote.bid, props.quote.currency, props.locale)}</strong>
          </Text>
        </>
      )}
    </HStack>
  )
})
