/**
 * Runs `run` once the browser is idle, at the latest after `timeoutMs` (a short timer where there
 * is no requestIdleCallback). Answers a function that cancels it.
 */
export const whenIdle = (run: () => void, timeoutMs: number): (() => void) => {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(run, 200)
  return () => clearTimeout(id)
}
