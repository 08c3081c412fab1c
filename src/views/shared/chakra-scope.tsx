import { createContext, lazy, Suspense, useCallback, useContext, useMemo, type ComponentType, type ReactNode } from "react"

type ScopeModule = { ChakraScope: ComponentType<{ children: ReactNode }> }

const ScopeLoader = createContext<(() => Promise<ScopeModule>) | null>(null)

/** Hands views the loader of Chakra's provider with the app's theme (src/app/chakra-scope.tsx). */
export function ChakraScopeLoader({ load, children }: { load: () => Promise<ScopeModule>; children: ReactNode }) {
  return <ScopeLoader.Provider value={load}>{children}</ScopeLoader.Provider>
}

/** Fetches Chakra's provider ahead (a dialog's link hovered or focused). */
export const usePreloadChakra = (): (() => void) => {
  const load = useContext(ScopeLoader)
  return useCallback(() => void load?.(), [load])
}

const scopes = new WeakMap<() => Promise<ScopeModule>, ComponentType<{ children: ReactNode }>>()

/**
 * Renders its children under Chakra's provider, loading it first (a dialog opened on a plain
 * page, where nothing above has Chakra). Suspends while it loads, under its own boundary.
 */
export function WithChakra({ children }: { children: ReactNode }) {
  const load = useContext(ScopeLoader)
  if (!load) throw new Error("WithChakra needs a ChakraScopeLoader above it")
  const Scope = useMemo(() => {
    const known = scopes.get(load)
    if (known) return known
    const made = lazy(() => load().then((m) => ({ default: m.ChakraScope })))
    scopes.set(load, made)
    return made
  }, [load])
  return (
    <Suspense fallback={null}>
      <Scope>{children}</Scope>
    </Suspense>
  )
}
