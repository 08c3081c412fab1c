import { Link as RouterLink } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { useEffect, useMemo, useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import type { InstrumentList } from "../../contract/instruments"
import { carouselName } from "../../domain/truncate"
import { InstrumentImage } from "../instruments/instrument-image"
import { carouselMachine } from "../../machines/dashboard-carousel.machine"
import { useWorkflowActor } from "../workflows"
import "../shared/plain-parts.css"
import "./dashboard.css"

/** Skeleton cards while the suggestions load (spec part 1 section 9). */
const SKELETON_CARDS = 10

/** Cards side by side from each width (spec part 1 section 9), widest first. */
const PER_VIEW: ReadonlyArray<readonly [string, number]> = [
  ["(min-width: 1024px)", 5],
  ["(min-width: 700px)", 3],
  ["(min-width: 500px)", 2],
]

const perViewNow = (): number =>
  typeof window === "undefined" || typeof window.matchMedia !== "function" ? 1 : (PER_VIEW.find(([query]) => window.matchMedia(query).matches)?.[1] ?? 1)

const onPerViewChange = (change: () => void): (() => void) => {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {}
  const lists = PER_VIEW.map(([query]) => window.matchMedia(query))
  for (const list of lists) list.addEventListener("change", change)
  return () => {
    for (const list of lists) list.removeEventListener("change", change)
  }
}

/** How many cards fit side by side: 1, 2, 3 and 5 from widths 0, 500, 700 and 1024 (spec part 1 section 9). */
const usePerView = (): number => useSyncExternalStore(onPerViewChange, perViewNow, () => 1)

const prefersReducedMotion = (): boolean => typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches

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
    <section aria-labelledby="dashboard-suggestions" className="cf-section">
      <div className="cf-section-head cf-carousel-head">
        <h2 className="cf-heading-md" id="dashboard-suggestions">
          {t("suggestions.title")}
        </h2>
        {scrolls && (
          <div className="cf-hstack-1">
            <button type="button" className="cf-button cf-button-xs cf-button-outline cf-button-icon" aria-label={t("suggestions.previous")} onClick={() => actor.send({ type: "carousel.previous" })}>
              <Arrow back />
            </button>
            <button type="button" className="cf-button cf-button-xs cf-button-outline" onClick={() => actor.send({ type: playing ? "carousel.pause" : "carousel.play" })}>
              {playing ? <PauseIcon /> : <PlayIcon />}
              {playing ? t("suggestions.pause") : t("suggestions.play")}
            </button>
            <button type="button" className="cf-button cf-button-xs cf-button-outline cf-button-icon" aria-label={t("suggestions.next")} onClick={() => actor.send({ type: "carousel.next" })}>
              <Arrow />
            </button>
          </div>
        )}
      </div>
      {loading ? (
        <div className="cf-carousel-skeletons" role="status" aria-label={t("suggestions.loading")}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <div key={i} className="cf-carousel-skeleton" style={{ flex: `0 0 ${100 / perView}%` }} data-testid="suggestion-skeleton">
              <div>
                <div className="cf-skeleton cf-skeleton-round" style={{ height: "2.5rem", width: "2.5rem" }} />
                <div className="cf-dash-rows" style={{ width: "100%" }}>
                  <div className="cf-skeleton" style={{ height: "1rem", maxWidth: "100%" }} />
                  <div className="cf-skeleton" style={{ height: "1rem", maxWidth: "80%" }} />
                </div>
              </div>
            </div>
          ))}
        </div>
      ) : failed ? (
        <div className="cf-hstack-3">
          <p className="cf-muted">{t("suggestions.failed")}</p>
          <button type="button" className="cf-button cf-button-xs cf-button-outline" onClick={onRetry}>
            {t("suggestions.retry")}
          </button>
        </div>
      ) : count === 0 ? (
        <p className="cf-muted">{t("suggestions.none")}</p>
      ) : (
        <div
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
          <ul className="cf-carousel-list" style={{ gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))` }} aria-live={playing ? "off" : "polite"}>
            {shown.map((s, i) => (
              <li key={`${s.id}-${i}`} aria-roledescription="slide" aria-label={t("suggestions.slide", { index: ((first + i) % count) + 1, count })}>
                <div className="cf-carousel-card">
                  <div className="cf-carousel-card-body">
                    <RouterLink to="/instruments/view/$instrumentId" params={{ instrumentId: s.id }} className="cf-link cf-link-gray cf-carousel-link">
                      <InstrumentImage src={s.imageUrl} size="10" />
                      <span className="cf-strong">{s.symbol}</span>
                      <span className="cf-text-sm cf-muted" title={s.name}>
                        {carouselName(s.name)}
                      </span>
                    </RouterLink>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
