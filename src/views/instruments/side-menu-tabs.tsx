import { useRouterState } from "@tanstack/react-router"
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { InstrumentSearchPanel } from "./instrument-search-panel"

type SideMenuTab = "menu" | "instruments"

/** The tabs in their order (the arrow keys, Home and End move along it). */
const TABS: ReadonlyArray<SideMenuTab> = ["menu", "instruments"]

/** The key that moves between tabs: where it goes from the tab at `at` (arrows wrap around), or null. */
const moveTo = (key: string, at: number): number | null => {
  const to = key === "ArrowLeft" ? at - 1 : key === "ArrowRight" ? at + 1 : key === "Home" ? 0 : key === "End" ? TABS.length - 1 : null
  return to === null ? null : (to + TABS.length) % TABS.length
}

/**
 * The side menu's two tabs: the menu itself and Instruments (the search). /instruments redirects
 * to /dashboard with `sideMenuTab: "instruments"` in the history state (spec part 1 section 2), and
 * each such navigation opens the Instruments tab; otherwise the chosen tab is purely visual state.
 * The search mounts the first time its tab is shown (not in the first render of every signed-in
 * page), then stays mounted, so it keeps its text and results while the menu is shown.
 * Both tabs are in the Tab order (issue 12: Tab alone reaches Instruments); arrows still move between them.
 *
 * Plain elements (src/views/shell/frame.css) with the WAI-ARIA tabs pattern as Chakra's Tabs gave it:
 * tablist, tabs and panels with aria-selected, aria-controls (the selected tab's) and
 * aria-labelledby; Left and Right (wrapping), Home and End move the focus and select the tab; a
 * click selects; a hidden panel stays mounted once shown.
 */
export function SideMenuTabs({ menu, onNavigate }: { menu: ReactNode; onNavigate?: () => void }) {
  const { t } = useTranslation("common")
  // The navigation that asked for the tab (its history key), or null.
  const asked = useRouterState({
    select: (s) => (s.location.state.sideMenuTab === "instruments" ? (s.location.state.__TSR_key ?? s.location.href) : null),
  })
  const [tab, setTab] = useState<SideMenuTab>(asked ? "instruments" : "menu")
  const [seen, setSeen] = useState(asked)
  if (asked !== seen) {
    setSeen(asked)
    if (asked) setTab("instruments")
  }
  const id = useId()
  const tabId = (value: SideMenuTab) => `${id}-tab-${value}`
  const panelId = (value: SideMenuTab) => `${id}-panel-${value}`
  const triggers = useRef<Partial<Record<SideMenuTab, HTMLButtonElement | null>>>({})
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf((event.target as HTMLElement).dataset.value as SideMenuTab)
    const to = at < 0 ? null : moveTo(event.key, at)
    const next = to === null ? undefined : TABS[to]
    if (next === undefined) return
    event.preventDefault()
    setTab(next)
    triggers.current[next]?.focus()
  }
  const [searchShown, setSearchShown] = useState(tab === "instruments")
  if (tab === "instruments" && !searchShown) setSearchShown(true)
  const labels: Record<SideMenuTab, string> = { menu: t("menu.menuTab"), instruments: t("menu.instruments") }
  const panels: Record<SideMenuTab, ReactNode> = { menu, instruments: searchShown ? <InstrumentSearchPanel onNavigate={onNavigate} /> : null }
  return (
    <div className="cf-tabs">
      <div role="tablist" aria-label={t("menu.tabs")} aria-orientation="horizontal" className="cf-tablist" onKeyDown={onKeyDown}>
        {TABS.map((value) => (
          <button
            key={value}
            ref={(el) => {
              triggers.current[value] = el
            }}
            type="button"
            role="tab"
            id={tabId(value)}
            data-value={value}
            aria-selected={tab === value}
            aria-controls={tab === value ? panelId(value) : undefined}
            tabIndex={0}
            className="cf-tab"
            onClick={() => setTab(value)}
          >
            {labels[value]}
          </button>
        ))}
      </div>
      {TABS.map((value) => (
        <div key={value} role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} hidden={tab !== value} tabIndex={tab === value ? undefined : 0} className="cf-tabpanel">
          {panels[value]}
        </div>
      ))}
    </div>
  )
}
