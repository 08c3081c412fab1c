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
  getComputedStyle(document.documentElement).getPropertyValue(`--chakra-colors-${token.replaceAll(".", "-")}`).trim()

/**
 * The colours a canvas chart draws with (react-financial-charts cannot read CSS variables): the
 * theme's semantic tokens resolved in the shown mode, so axes, grid, series, candles and the
 * crosshair stay readable in light and dark. Re-resolved when the mode changes.
 */
export const useChartColours = () => {
  const mode = useShownColorMode()
  return useMemo(() => {
    void mode
    return {
      axis: resolve("border.emphasized"),
      tickLabel: resolve("fg.muted"),
      grid: resolve("border"),
      series: resolve("blue.fg"),
      rise: resolve("green.fg"),
      fall: resolve("red.fg"),
      crosshair: resolve("fg.muted"),
      background: resolve("bg"),
    }
  }, [mode])
}

/** Chart colours (see `useChartColours`). */
export type ChartColours = ReturnType<typeof useChartColours>

/**
 * The colours of a workflow diagram (an SVG whose attributes are written out as a file too): the
 * theme's semantic tokens resolved in the shown mode, like the charts'. Re-resolved when the mode changes.
 */
export const useDiagramColours = () => {
  const mode = useShownColorMode()
  return useMemo(() => {
    void mode
    return {
      fill: resolve("bg.panel"),
      rootFill: resolve("bg.subtle"),
      selectedFill: resolve("blue.subtle"),
      activeFill: resolve("orange.subtle"),
      stroke: resolve("fg.muted"),
      selectedStroke: resolve("blue.fg"),
      activeStroke: resolve("orange.fg"),
      text: resolve("fg"),
      muted: resolve("fg.muted"),
      line: resolve("fg.muted"),
      covered: resolve("green.fg"),
      uncovered: resolve("red.fg"),
    }
  }, [mode])
}
