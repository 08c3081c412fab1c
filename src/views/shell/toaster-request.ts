import { useSyncExternalStore } from "react"

/**
 * Whether a toast has been asked for yet. The root frame mounts the toasts' Toaster (and so loads
 * the toasts' library) only then: no page needs the library to show, and a toast raised while it
 * loads waits in the library's store and shows when the Toaster mounts.
 */
let requested = false
const listeners = new Set<() => void>()

/** Called with every notice (src/app/notify.ts), before the library is imported. */
export const requestToaster = (): void => {
  if (requested) return
  requested = true
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** True from the first notice on. */
export const useToasterRequested = (): boolean => useSyncExternalStore(subscribe, () => requested)
