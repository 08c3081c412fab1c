import { Suspense, useCallback, useState, type ReactNode } from "react"
import { usePreloadChakra, WithChakra } from "./chakra-scope"

/**
 * "Load on first use" for a part of a page whose code (and Chakra, on a plain page) is not needed
 * to show the page: a dialog, a drawer, a popover. `used` turns true on the first `markUsed()` and
 * stays; `preload` fetches the part's code and Chakra's provider ahead (on hover or focus of what
 * opens it). Whether it was used is purely visual state.
 */
export function useFirstUse(load: () => Promise<unknown>): { used: boolean; markUsed: () => void; preload: () => void } {
  const [used, setUsed] = useState(false)
  const preloadChakra = usePreloadChakra()
  const preload = useCallback(() => {
    void load()
    preloadChakra()
  }, [load, preloadChakra])
  const markUsed = useCallback(() => setUsed(true), [])
  return { used, markUsed, preload }
}

/**
 * Shows `button` (a plain element) until the part is used, then the part under Chakra's
 * provider, with the same button in its place while their code loads: the part replaces the
 * button with its own trigger (a drawer's, a popover's) once loaded.
 */
export function LoadedOnFirstUse({ used, button, children }: { used: boolean; button: ReactNode; children: ReactNode }) {
  if (!used) return button
  return (
    <WithChakra fallback={button}>
      <Suspense fallback={button}>{children}</Suspense>
    </WithChakra>
  )
}
