import { Box, Button, Card, Heading, HStack, IconButton, Link, Skeleton, SkeletonCircle, Stack, Text, useMediaQuery } from "@chakra-ui/react"
import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { InstrumentList } from "../../contract/instruments"
import { carouselName } from "../../domain/truncate"
import { InstrumentImage } from "../shared/instrument-image"
import { carouselMachine } from "../../machines/dashboard-carousel.machine"
import { useWorkflowActor } from "../workflows"

/** Skeleton cards while the suggestions load (spec part 1 section 9). */
const SKELETON_CARDS = 10

/**
 * How many cards fit side by side: 1, 2, 3 and 5 from widths 0, 500, 700 and 1024 (spec part 1
 * section 9). Read from the window in the first render (`ssr: false`; the app renders only in the
 * browser): by default the hook answers "no match" until its effect has run, so the first paint
 * showed one skeleton card across the whole row on any width.
 */
const usePerView = (): number => {
  const [w500, w700, w1024] = useMediaQuery(["(min-width: 500px)", "(min-width: 700px)", "(min-width: 1024px)"], { ssr: false })
  return w1024 ? 5 : w700 ? 3 : w500 ? 2 : 1
}

const prefersReducedMotion = (): boolean =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4" height="14" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" fill="currentColor" />
    </svg>
  )
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M7 5v14l12-7z" fill="currentColor" />
    </svg>
  )
}

function Arrow({ back }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path d={back ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  )
}

/**
 * The instrument suggestions carousel (spec part 1 "Dashboard", section 9): 1, 2, 3 or 5 cards by
 * width, advancing one card every 2000 ms and looping (the carousel chart); it holds while the
 * pointer is over it or focus is inside it, has Pause / Play and Previous / Next buttons, and starts
 * paused when the user prefers reduced motion. Each card links to the instrument page with its logo
 * (a box icon when missing or broken) and its name cut to 15 characters with an ellipsis. Ten
 * skeleton cards show while the suggestions load.
 */
export function SuggestionsCarousel({
  suggestions,
  loading,
  failed,
  onRetry,
}: {
  suggestions: InstrumentList
  loading: boolean
  failed: boolean
  onRetry: () => void
}) {
  const { t } = useTranslation("dashboard")
  const perView = usePerView()
  const actor = useWorkflowActor(carouselMachine, { input: { autoplay: !prefersReducedMotion() } })
  const first = useSelector(actor, (s) => s.context.first)
  const playing = useSelector(actor, (s) => s.hasTag("playing"))
  const count = suggestions.length
  useEffect(() => actor.send({ type: "items.change", count, perView }), [actor, count, perView])
  const shown = useMemo(
    () => (count <= perView ? suggestions : Array.from({ length: perView }, (_, i) => suggestions[(first + i) % count]).filter((s) => s !== undefined)),
    [suggestions, count, perView, first],
  )
  const scrolls = count > perView
  return (
    <Stack as="section" aria-labelledby="dashboard-suggestions" gap="3" borderWidth="1px" borderRadius="md" padding="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        {/* The controls' height (32 px), with or without them and wrapped or not: the title does not move when they come. */}
        <Heading as="h2" size="md" id="dashboard-suggestions" minHeight="8" display="flex" alignItems="center">
          {t("suggestions.title")}
        </Heading>
        {/* While the suggestions load, the row keeps the controls' place (hidden): on a phone they
            wrap under the title, and the cards must not move down when they come. */}
        {(scrolls || loading) && (
          <HStack gap="1" visibility={loading ? "hidden" : undefined}>
            <IconButton size="xs" variant="outline" aria-label={t("suggestions.previous")} onClick={() => actor.send({ type: "carousel.previous" })}>
              <Arrow back />
            </IconButton>
            <Button size="xs" variant="outline" onClick={() => actor.send({ type: playing ? "carousel.pause" : "carousel.play" })}>
              {playing ? <PauseIcon /> : <PlayIcon />}
              {playing ? t("suggestions.pause") : t("suggestions.play")}
            </Button>
            <IconButton size="xs" variant="outline" aria-label={t("suggestions.next")} onClick={() => actor.send({ type: "carousel.next" })}>
              <Arrow />
            </IconButton>
          </HStack>
        )}
      </HStack>
      {loading ? (
        <Box display="flex" role="status" aria-label={t("suggestions.loading")} overflow="hidden" marginRight="-3">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <Box key={i} flex={`0 0 ${100 / perView}%`} paddingRight="3" data-testid="suggestion-skeleton">
              {/* A card's parts at their sizes (logo, symbol, name), so the row keeps its height when the cards come. */}
              <Card.Root size="sm" variant="outline">
                <Card.Body gap="2">
                  <SkeletonCircle size="10" />
                  <Skeleton height="6" width="50%" />
                  <Skeleton height="5" width="80%" />
                </Card.Body>
              </Card.Root>
            </Box>
          ))}
        </Box>
      ) : failed ? (
        <HStack gap="3">
          <Text color="fg.muted">{t("suggestions.failed")}</Text>
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t("suggestions.retry")}
          </Button>
        </HStack>
      ) : count === 0 ? (
        <Text color="fg.muted">{t("suggestions.none")}</Text>
      ) : (
        <Box
          role="group"
          aria-roledescription="carousel"
          aria-label={t("suggestions.label")}
          onPointerEnter={() => actor.send({ type: "pointer.enter" })}
          onPointerLeave={() => actor.send({ type: "pointer.leave" })}
          onFocus={() => actor.send({ type: "focus.enter" })}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) actor.send({ type: "focus.leave" })
          }}
        >
          <Box
            as="ul"
            display="grid"
            gridTemplateColumns={`repeat(${perView}, minmax(0, 1fr))`}
            gap="3"
            listStyleType="none"
            margin="0"
            padding="0"
            aria-live={playing ? "off" : "polite"}
          >
            {shown.map((s, i) => (
              <Box as="li" key={`${s.id}-${i}`} aria-roledescription="slide" aria-label={t("suggestions.slide", { index: ((first + i) % count) + 1, count })}>
                <Card.Root size="sm" height="100%" variant="outline">
                  <Card.Body>
                    <Link asChild display="flex" flexDirection="column" alignItems="flex-start" gap="2" _hover={{ textDecoration: "none" }}>
                      <RouterLink to="/instruments/view/$instrumentId" params={{ instrumentId: s.id }}>
                        <InstrumentImage src={s.imageUrl} size="10" />
                        <Text as="span" fontWeight="semibold">
                          {s.symbol}
                        </Text>
                        <Text as="span" fontSize="sm" color="fg.muted" title={s.name}>
                          {carouselName(s.name)}
                        </Text>
                      </RouterLink>
                    </Link>
                  </Card.Body>
                </Card.Root>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  )
}
