import { Tabs } from "@chakra-ui/react"
import { useRouterState } from "@tanstack/react-router"
import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { InstrumentSearchPanel } from "./instrument-search-panel"

type SideMenuTab = "menu" | "instruments"

/**
 * The side menu's two tabs: the menu itself and Instruments (the search). /instruments redirects
 * to /dashboard with `sideMenuTab: "instruments"` in the history state (spec part 1 section 2), and
 * each such navigation opens the Instruments tab; otherwise the chosen tab is purely visual state.
 * The search mounts the first time its tab is shown (not in the first render of every signed-in
 * page), then stays mounted, so it keeps its text and results while the menu is shown.
 * Both tabs are in the Tab order (issue 12: Tab alone reaches Instruments); arrows still move between them.
 */
export function SideMenuTabs({ menu, onNavigate }: { menu: ReactNode; onNavigate?: () => void }) {
  const { t } = useTranslation("common")
  // The navigation that asked for the tab (its request id), or null.
  const asked = useRouterState({ select: (s) => s.location.state.sideMenuTab?.request ?? null })
  const [tab, setTab] = useState<SideMenuTab>(asked ? "instruments" : "menu")
  const [seen, setSeen] = useState(asked)
  if (asked !== seen) {
    setSeen(asked)
    if (asked) setTab("instruments")
  }
  return (
    <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value === "instruments" ? "instruments" : "menu")} variant="line" fitted size="sm" lazyMount>
      <Tabs.List aria-label={t("menu.tabs")} borderColor="whiteAlpha.300" marginX="3">
        <Tabs.Trigger value="menu" color="gray.300" _selected={{ color: "white" }} tabIndex={0}>
          {t("menu.menuTab")}
        </Tabs.Trigger>
        <Tabs.Trigger value="instruments" color="gray.300" _selected={{ color: "white" }} tabIndex={0}>
          {t("menu.instruments")}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="menu" padding="0">
        {menu}
      </Tabs.Content>
      <Tabs.Content value="instruments" padding="0">
        <InstrumentSearchPanel onNavigate={onNavigate} />
      </Tabs.Content>
    </Tabs.Root>
  )
}
