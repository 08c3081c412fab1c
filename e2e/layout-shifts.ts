import type { Page } from "@playwright/test"

/**
 * Layout shifts a user sees while a page's content comes: the browser's Layout Instability entries
 * (an element in view that moved without the user's input: a skeleton replaced by taller content, a
 * control appearing beside a title, a placeholder of another size), each with the elements that
 * moved and from where to where. `watchLayoutShifts` records them on every page the tab opens from
 * then on; `layoutShifts` reads those of the page shown.
 */
export const watchLayoutShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: string[] = []
    ;(window as unknown as { layoutShifts_: string[] }).layoutShifts_ = shifts
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
    const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(",")
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }>) {
        if (entry.hadRecentInput) continue
        const moved = (entry.sources ?? []).map(
          (s) => `${(s.node as Element | null)?.outerHTML?.slice(0, 90) ?? "?"} [${rect(s.previousRect)} -> ${rect(s.currentRect)}]`,
        )
        shifts.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join(" | ")}`)
      }
    }).observe({ type: "layout-shift", buffered: true })
  })

/** The layout shifts of the page shown so far (see `watchLayoutShifts`). */
export const layoutShifts = (page: Page): Promise<ReadonlyArray<string>> =>
  page.evaluate(() => [...((window as unknown as { layoutShifts_?: string[] }).layoutShifts_ ?? [])])

/**
 * Pages whose content's size depends on the user's data, so that a skeleton cannot have it: they
 * are left out of the no-shift checks, with the reason.
 */
export const SHIFTS_DEPEND_ON_DATA: Readonly<Record<string, string>> = {
  "/notifications":
    "its unread count is live: when a notice arrives while the page is open (other browser tests add them to the demo user), the count's text widens and the row's items beside it move",
}
