import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react"

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
 * open; the host only mounts it on the first request (so its workflow module loads then, in no
 * page's bundle) and passes each request on as `modal.open`.
 */
export function CreatePortfolioHost({ children }: { children: ReactNode }) {
  const [requests, setRequests] = useState(0)
  const open = useCallback(() => setRequests((n) => n + 1), [])
  return (
    <CreatePortfolioContext.Provider value={open}>
      {children}
      {requests > 0 && (
        <Suspense fallback={null}>
          <CreatePortfolioModal requests={requests} />
        </Suspense>
      )}
    </CreatePortfolioContext.Provider>
  )
}

