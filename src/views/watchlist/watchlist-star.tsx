import { IconButton } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { useEffect, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { TAG } from "../../machines/kit"
import { isStarred, watchlistMachine } from "../../machines/watchlist.machine"
import { useWorkflowActor } from "../workflows"

export type WatchlistActor = ActorRefFrom<typeof watchlistMachine>

/** The star of one instrument on a watchlist actor: pressed when it is on the selected list. */
export function StarButton({
  actor,
  instrumentId,
  size = "sm",
  onDark = false,
}: {
  actor: WatchlistActor
  instrumentId: string
  size?: "xs" | "sm"
  /** On the dark side menu (the search results). */
  onDark?: boolean
}) {
  const { t } = useTranslation("watchlist")
  const starred = useSelector(actor, (s) => isStarred(s.context, instrumentId))
  const ready = useSelector(actor, (s) => s.matches("ready"))
  const busy = useSelector(actor, (s) => s.hasTag(TAG.busy) && s.context.star?.instrumentId === instrumentId)
  return (
    <IconButton
      size={size}
      variant="ghost"
      color={onDark ? (starred ? "yellow.300" : "gray.300") : starred ? "yellow.fg" : "fg.muted"}
      _hover={onDark ? { bg: "whiteAlpha.200" } : undefined}
      aria-label={starred ? t("star.remove") : t("star.add")}
      aria-pressed={starred}
      disabled={!ready}
      loading={busy}
      onClick={() => actor.send({ type: "star.toggle", instrumentId })}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
          fill={starred ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </IconButton>
  )
}

/** A star for one instrument with its own watchlist actor (the instrument page): reads the lists, not the prices. */
export function WatchlistStar({ instrumentId }: { instrumentId: string }) {
  const actor = useWorkflowActor(watchlistMachine, { input: { showsRows: false } })
  return <StarButton actor={actor} instrumentId={instrumentId} />
}

/** The star beside one search result. */
export type ResultStar = (instrumentId: string) => ReactNode

/**
 * One watchlist actor for a list of results (the side menu's search), rendered beside the list
 * rather than around it: it hands `onReady` each result's star once its workflow has loaded (and
 * null when it goes), so the results stay mounted when the stars arrive (a click or the focus on a
 * result is not lost). Lazy: its workflow loads when results first show.
 */
export function StarScope({ onReady }: { onReady: (star: ResultStar | null) => void }) {
  const actor = useWorkflowActor(watchlistMachine, { input: { showsRows: false } })
  useEffect(() => {
    onReady((instrumentId) => <StarButton actor={actor} instrumentId={instrumentId} size="xs" onDark />)
    return () => onReady(null)
  }, [actor, onReady])
  return null
}
