import { useEffect, useState, type ReactNode } from "react"

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
