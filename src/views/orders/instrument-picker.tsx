import { Box, Button, Field, HStack, Input, Spinner, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useId, type Ref } from "react"
import { useTranslation } from "react-i18next"
import { menuText } from "../../domain/truncate"
import type { TicketInstrument } from "../../machines/order-ticket.machine"
import { useAppActors } from "../app-actors"
import { InstrumentImage } from "../shared/instrument-image"
import { instrumentSearchMachine } from "../../machines/instrument-search.machine"
import { useWorkflowActor } from "../workflows"

/**
 * The instrument choice of a ticket opened without one (BUY / SELL in the /portfolio subheader):
 * the instrument search (the same chart as the side menu's, limited to the user's partners, 1 s
 * after typing stops) with its results as buttons; the chosen instrument is shown above.
 */
export function InstrumentPicker(props: {
  chosen: TicketInstrument | null
  disabled: boolean
  inputRef: Ref<HTMLInputElement>
  onPick: (instrument: TicketInstrument) => void
}) {
  const { t } = useTranslation("orders")
  const user = useSelector(useAppActors().session, (s) => s.context.user)
  const providers = (user?.userGroup?.partner ?? []).map((p) => p.name)
  const search = useWorkflowActor(instrumentSearchMachine, { input: { providers } })
  const text = useSelector(search, (s) => s.context.text)
  const results = useSelector(search, (s) => s.context.results)
  const shownQuery = useSelector(search, (s) => s.context.shownQuery)
  const busy = useSelector(search, (s) => s.hasTag("busy"))
  const listId = useId()
  const chosenId = useId()

  return (
    <Stack gap="2">
      <Field.Root required disabled={props.disabled}>
        <Field.Label>{t("ticket.instrument")}</Field.Label>
        <HStack width="full">
          <Input
            ref={props.inputRef}
            type="search"
            autoComplete="off"
            placeholder={t("ticket.searchPlaceholder")}
            aria-controls={listId}
            aria-describedby={props.chosen ? chosenId : undefined}
            value={text}
            onChange={(e) => search.send({ type: "query.change", value: e.currentTarget.value })}
          />
          <Box width="5" flexShrink={0} role="status" aria-live="polite">
            {busy && (
              <>
                <Spinner size="sm" aria-hidden="true" />
                <Text srOnly>{t("ticket.searching")}</Text>
              </>
            )}
          </Box>
        </HStack>
      </Field.Root>
      <Text id={chosenId} fontSize="sm" color={props.chosen ? undefined : "fg.muted"}>
        {props.chosen ? t("ticket.chosen", { symbol: props.chosen.symbol ?? props.chosen.instrumentId }) : t("ticket.pickInstrument")}
      </Text>
      {shownQuery !== null && results.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t("ticket.noInstrument")}
        </Text>
      )}
      <Stack as="ul" id={listId} aria-label={t("ticket.instrumentResults")} gap="1" listStyleType="none" margin="0" padding="0" maxHeight="40" overflowY="auto">
        {results.map((r) => (
          <Box as="li" key={r.id}>
            <Button
              variant={props.chosen?.instrumentId === r.id ? "subtle" : "ghost"}
              size="sm"
              width="full"
              justifyContent="flex-start"
              aria-pressed={props.chosen?.instrumentId === r.id}
              disabled={props.disabled}
              onClick={() => props.onPick({ instrumentId: r.id, symbol: r.symbol, name: r.name })}
            >
              <InstrumentImage src={r.imageUrl} size="5" />
              <Text as="span" fontWeight="semibold">
                {menuText(r.symbol)}
              </Text>
              <Text as="span" color="fg.muted" truncate>
                {menuText(r.name)}
              </Text>
            </Button>
          </Box>
        ))}
      </Stack>
    </Stack>
  )
}
