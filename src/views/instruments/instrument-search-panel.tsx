import { Box, HStack, Input, Link, Spinner, Stack, Text } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { lazy, Suspense, useCallback, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { menuText } from "../../domain/truncate"
import { useAppActors } from "../app-actors"
import { instrumentSearchMachine } from "../../machines/instrument-search.machine"
import { useWorkflowActor } from "../workflows"
import { InstrumentImage } from "../shared/instrument-image"
import type { ResultStar } from "../watchlist/watchlist-star"

// The stars' watchlist workflow loads when results first show (not with every signed-in page).
const StarScope = lazy(() => import("../watchlist/watchlist-star").then((m) => ({ default: m.StarScope })))

/** The names of the signed-in user's group partners: the providers instrument search is limited to. */
const usePartnerNames = (): string => {
  const user = useSelector(useAppActors().session, (s) => s.context.user)
  return (user?.userGroup?.partner ?? []).map((p) => p.name).join(",")
}

/**
 * The side menu's Instruments tab (spec part 1 "Layout"): the search box (placeholder
 * 'Instruments...') with a spinner while a search runs, and the results, each its symbol and name
 * cut to 20 characters with the logo (a box icon when it is missing or broken), linking to the
 * instrument page. The search chart restarts when the user's partners change.
 */
export function InstrumentSearchPanel({ onNavigate }: { onNavigate?: () => void }) {
  const partners = usePartnerNames()
  return <SearchPanel key={partners} providers={partners === "" ? [] : partners.split(",")} onNavigate={onNavigate} />
}

function SearchPanel({ providers, onNavigate }: { providers: ReadonlyArray<string>; onNavigate?: () => void }) {
  const { t } = useTranslation("instruments")
  const actor = useWorkflowActor(instrumentSearchMachine, { input: { providers } })
  const text = useSelector(actor, (s) => s.context.text)
  const results = useSelector(actor, (s) => s.context.results)
  const shownQuery = useSelector(actor, (s) => s.context.shownQuery)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const listId = useId()
  // Each result's star once the watchlist workflow is there; until then its place is kept empty.
  const [star, setStar] = useState<ResultStar | null>(null)
  const onStars = useCallback((ready: ResultStar | null) => setStar(() => ready), [])
  const list = (
    <Stack as="ul" id={listId} aria-label={t("search.results")} aria-busy={busy} gap="1" listStyleType="none" margin="0" padding="0">
      {results.map((r) => (
        <HStack as="li" key={r.id} gap="1">
          <Link
            asChild
            display="flex"
            gap="2"
            alignItems="center"
            flex="1"
            minWidth="0"
            paddingX="2"
            paddingY="1.5"
            borderRadius="md"
            color="gray.100"
            _hover={{ bg: "whiteAlpha.200", textDecoration: "none" }}
          >
            <RouterLink to="/instruments/view/$instrumentId" params={{ instrumentId: r.id }} onClick={onNavigate}>
              <InstrumentImage src={r.imageUrl} size="6" />
              <Stack gap="0" minWidth="0">
                <Text as="span" fontWeight="semibold" fontSize="sm">
                  {menuText(r.symbol)}
                </Text>
                <Text as="span" fontSize="xs" color="gray.300">
                  {menuText(r.name)}
                </Text>
              </Stack>
            </RouterLink>
          </Link>
          {star ? star(r.id) : <Box boxSize="6" flexShrink={0} />}
        </HStack>
      ))}
    </Stack>
  )
  return (
    <Stack role="search" gap="3" padding="3" aria-label={t("search.label")}>
      <HStack gap="2">
        <Input
          type="search"
          size="sm"
          aria-label={t("search.label")}
          aria-controls={listId}
          placeholder={t("search.placeholder")}
          value={text}
          onChange={(e) => actor.send({ type: "query.change", value: e.target.value })}
          bg="whiteAlpha.100"
          color="white"
          borderColor="whiteAlpha.400"
          _placeholder={{ color: "gray.400" }}
          autoComplete="off"
        />
        <Box width="5" flexShrink={0} role="status" aria-live="polite">
          {busy && (
            <>
              <Spinner size="sm" color="gray.200" aria-hidden="true" />
              <Text srOnly>{t("search.searching")}</Text>
            </>
          )}
          {!busy && shownQuery !== null && <Text srOnly>{t("search.found", { number: results.length })}</Text>}
        </Box>
      </HStack>
      {shownQuery !== null && results.length === 0 && (
        <Text fontSize="sm" color="gray.300">
          {t("search.none")}
        </Text>
      )}
      {results.length > 0 && (
        <Suspense fallback={null}>
          <StarScope onReady={onStars} />
        </Suspense>
      )}
      {list}
    </Stack>
  )
}
