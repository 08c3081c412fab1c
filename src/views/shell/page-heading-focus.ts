import { useRouter, useRouterState } from "@tanstack/react-router"
import { useEffect, useRef } from "react"

/** How long a navigation waits for its page's heading (pages may show a placeholder while they load). */
const HEADING_WAIT_MS = 10_000

/**
 * After a navigation inside the signed-in area (not the first page of a visit), moves the focus to
 * the new page's heading (its h1, made focusable with tabIndex -1), so keyboard and screen-reader
 * users start on the new page instead of in the side menu or the search they came from. A page
 * whose h1 appears only once it has loaded is waited for; focus inside a dialog, or focus the user
 * already moved elsewhere on the new page while it loaded, is left alone.
 *
 * The first page of a visit is its history entry, redirects included: /portfolio replaced by the
 * first account's overview is still the page the visit opened, and keeps the browser's focus,
 * whether or not the router showed /portfolio before the redirect (it does not when the accounts
 * arrive before the page's code). Any later navigation (a new entry, or back and forward) moves it.
 */
const usePageHeadingFocus = (): void => {
  const path = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? null })
  const history = useRouter().history
  const previous = useRef<string | null>(null)
  // Whether the visit has left its first history entry: any navigation but a replace (a redirect)
  // does, told by the router's history as it happens, before the new page resolves.
  const leftFirstEntry = useRef(false)
  useEffect(
    () =>
      history.subscribe(({ action }) => {
        if (action.type !== "REPLACE") leftFirstEntry.current = true
      }),
    [history],
  )
  useEffect(() => {
    const before = previous.current
    previous.current = path
    if (path === null) return
    if (before === null || before === path || !leftFirstEntry.current) return
    const heading = () => document.querySelector<HTMLElement>("main h1, [aria-label] h1, h1")
    // Where the focus was when the navigation happened (the link or button that led here).
    const focusedAtNavigation = document.activeElement
    const move = (): boolean => {
      const h1 = heading()
      if (h1 === null) return false
      if (document.activeElement?.closest("[role=dialog], [role=alertdialog]")) return true
      // The user already moved the focus on the new page (the heading came late): leave it there.
      const now = document.activeElement
      if (now !== null && now !== document.body && now !== focusedAtNavigation && !now.contains(h1)) return true
      if (!h1.hasAttribute("tabindex")) h1.tabIndex = -1
      h1.focus({ preventScroll: false })
      return true
    }
    // Wait one frame so the new page (not the one being left) is the one in the document.
    let observer: MutationObserver | null = null
    let timer: ReturnType<typeof setTimeout> | null = null
    const frame = requestAnimationFrame(() => {
      if (move()) return
      observer = new MutationObserver(() => {
        if (move()) stop()
      })
      observer.observe(document.body, { childList: true, subtree: true })
      timer = setTimeout(stop, HEADING_WAIT_MS)
    })
    const stop = () => {
      observer?.disconnect()
      observer = null
      if (timer !== null) clearTimeout(timer)
    }
    return () => {
      cancelAnimationFrame(frame)
      stop()
    }
  }, [path])
}

/**
 * The hook as a component that renders nothing, so that the router's state it follows (the resolved
 * location, set once a navigation has loaded) re-renders only it, not the frame around the page.
 */
export function PageHeadingFocus(): null {
  usePageHeadingFocus()
  return null
}
