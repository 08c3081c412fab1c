import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from "react"
import type { CreatePortfolioActor } from "./create-portfolio-modal"

// The modal, its chart and its workflow load on the first request: no page's bundle carries them.
const CreatePortfolioModal = lazy(() => import("./create-portfolio-modal").then((m) => ({ default: m.CreatePortfolioModal })))

/** Opens the create-portfolio modal; null where no host is mounted. */
const CreatePortfolioContext = createContext<(() => void) | null>(null)

/** What opens the create-portfolio modal (the dashboard's empty state and selector, the portfolio area). */
export const useCreatePortfolio = (): (() => void) => {
  const open = useContext(CreatePortfolioContext)
  if (!open) throw new Error("useCreatePortfolio needs a CreatePortfolioHost above it")
  return open
}

/**
 * Hosts the one create-portfolio modal of the signed-in area. Its chart owns whether the modal is
 * open. The host mounts it on the first request (so its workflow module loads then, in no page's
 * bundle), started open; later requests are `modal.open` sent to the running chart.
 */
export function CreatePortfolioHost({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false)
  const chart = useRef<CreatePortfolioActor | null>(null)
  const open = useCallback(() => {
    if (chart.current) chart.current.send({ type: "modal.open" })
    else setMounted(true)
  }, [])
  const started = useCallback((actor: CreatePortfolioActor) => {
    chart.current = actor
  }, [])
  return (
    <CreatePortfolioContext.Provider value={open}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <CreatePortfolioModal onStart={started} />
        </Suspense>
      )}
    </CreatePortfolioContext.Provider>
  )
}
