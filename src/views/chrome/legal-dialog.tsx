import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react"

const loadDialog = () => import("./legal-dialog-content")
const LegalDialog = lazy(() => loadDialog().then((m) => ({ default: m.LegalDialog })))

const LegalDialogContext = createContext<{ open: () => void; preload: () => void } | null>(null)

/**
 * Opens the Legal Agreement dialog from anywhere below `LegalDialogProvider` (footer, side panel);
 * `preload` fetches its code ahead (on hover or focus of a Legal link).
 */
export const useLegalDialog = () => {
  const ctx = useContext(LegalDialogContext)
  if (!ctx) throw new Error("useLegalDialog needs a LegalDialogProvider above it")
  return ctx
}

/**
 * Hosts the Legal Agreement dialog (./legal-dialog-content.tsx). Its code (the dialog, focus trap,
 * dismissable layer) is not needed to show a page: it loads on the first open and stays mounted
 * after. Open and loaded are purely visual state.
 */
export function LegalDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const open = useCallback(() => {
    setLoaded(false)
    setUsed(true)
    setOpen(true)
  }, [])
  const preload = useCallback(() => void loadDialog(), [])
  const onLoaded = useCallback(() => setLoaded(true), [])
  const value = useMemo(() => ({ open, preload }), [open, preload])
  return (
    <LegalDialogContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <LegalDialog open={isOpen} onOpenChange={setOpen} loaded={loaded} onLoaded={onLoaded} />
        </Suspense>
      )}
    </LegalDialogContext.Provider>
  )
}
