import { useEffect, useState, type ReactNode } from "react"
import { whenIdle } from "./when-idle"

/**
 * Shows `placeholder` in the render that mounts it and `children` once the browser has painted that
 * render: the parts of a page below the fold render in a task of their own, so the first paint (and
 * the page's largest paint, above the fold) does not wait for them (docs/decisions/0150-browser-start-work.md). In a hidden tab nothing is painted, so
 * the children render at once. Their own data loads as before: only their rendering waits.
 */
export function AfterPaint({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (document.visibilityState !== "visible") {
      setPainted(true)
      return
    }
    // An animation frame runs just before the paint; a task queued from it runs after the paint.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted ? children : placeholder
}

/**
 * Shows `placeholder` until the browser is first idle after it mounts (at the latest `timeoutMs`
 * later), then `children`: for parts of the frame no page waits for (the notification bell), whose
 * code then loads after the page's own instead of competing with it.
 */
export function WhenIdle({ children, placeholder, timeoutMs }: { children: ReactNode; placeholder: ReactNode; timeoutMs: number }) {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs])
  return idle ? children : placeholder
}
