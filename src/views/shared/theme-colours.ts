import { useMemo, useSyncExternalStore } from "react"

/** The colour mode the page is shown in, read from <html>'s class (where the colour-mode chart and index.html put it). */
const readMode = (): "light" | "dark" => (document.documentElement.classList.contains("dark") ? "dark" : "light")

const subscribe = (changed: () => void) => {
  const observer = new MutationObserver(changed)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] })
  return () => observer.disconnect()
}

/** The shown colour mode; re-renders when it changes. */
export const useShownColorMode = (): "light" | "dark" => useSyncExternalStore(subscribe, readMode, () => "light")

/** A Chakra semantic colour token ("fg.muted") as the colour it resolves to in the shown mode. */
const resolve = (token: string): string =>
  getComputedStyle(document.documentElement)
    .getPropertyValue(`--chakra-colors-${token.replaceAll(".", "-")}`)
    .trim()

/**
 * Semantic colour tokens by role, resolved in the shown mode and again when the mode changes.
 * `tokens` must be a module-level constant.
 */
const useResolvedColours = <K extends string>(tokens: Readonly<Record<K, string>>): Readonly<Record<K, string>> => {
  const mode = useShownColorMode()
  return useMemo(() => {
    void mode
    return Object.fromEntries(Object.entries(tokens).map(([role, token]) => [role, resolve(token as string)])) as Record<K, string>
  }, [mode, tokens])
}

const CHART_TOKENS = {
  axis: "border.emphasized",
  tickLabel: "fg.muted",
  grid: "border",
  series: "blue.fg",
  rise: "green.fg",
  fall: "red.fg",
  crosshair: "fg.muted",
  background: "bg",
} as const

/**
 * The colours a canvas chart draws with (react-financial-charts cannot read CSS variables): the
 * theme's semantic tokens resolved in the shown mode, so axes, grid, series, candles and the
 * crosshair stay readable in light and dark.
 */
export const useChartColours = () => useResolvedColours(CHART_TOKENS)

/** Chart colours (see `useChartColours`). */
export type ChartColours = ReturnType<typeof useChartColours>

const DIAGRAM_TOKENS = {
  fill: "bg.panel",
  rootFill: "bg.subtle",
  selectedFill: "blue.subtle",
  activeFill: "orange.subtle",
  stroke: "fg.muted",
  selectedStroke: "blue.fg",
  activeStroke: "orange.fg",
  text: "fg",
  muted: "fg.muted",
  line: "fg.muted",
  covered: "green.fg",
  uncovered: "red.fg",
  added: "teal.fg",
  changed: "purple.fg",
} as const

/** The colours of a workflow diagram (an SVG whose attributes are also written out as a file), as the charts'. */
export const useDiagramColours = () => useResolvedColours(DIAGRAM_TOKENS)
