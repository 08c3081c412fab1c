import { watchlistMachine } from "../../machines/watchlist.machine"
import { usePageVisibility, WatchlistRows, WhenLoaded } from "../watchlist/watchlist-page"
import { useWorkflowActor } from "../workflows"

/**
 * The body of the dashboard's watchlist card (issue 36): the user's first watchlist as the Watchlist
 * page shows it (symbol, name, last price, day change and percent, the month's sparkline, sortable
 * columns, a link to each instrument, BUY / SELL), refreshed while the tab is visible. Its code and
 * the watchlist workflow load after the dashboard's first paint (a lazy chunk under the dashboard's
 * `AfterPaint`; the card's frame and link are the dashboard's own), so /dashboard's first bytes do
 * not carry them.
 */
export default function WatchlistCardBody() {
  const actor = useWorkflowActor(watchlistMachine)
  usePageVisibility(actor)
  return (
    <WhenLoaded actor={actor}>
      <WatchlistRows actor={actor} />
    </WhenLoaded>
  )
}
