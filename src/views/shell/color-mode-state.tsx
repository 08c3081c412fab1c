import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { colorModeMachine, shownMode } from "../../machines/color-mode.machine"
import { useWorkflowActor } from "../workflows"

/**
 * The dark-mode switch's state for both of its looks (the Chakra one in the signed-in header, the
 * plain one on the signed-out pages): pressed while the page is dark; the system's changes are
 * passed on to the colour-mode chart.
 */
export function useColorModeSwitch() {
  const { t } = useTranslation("common")
  const actor = useWorkflowActor(colorModeMachine)
  const dark = useSelector(actor, (s) => shownMode(s.context) === "dark")
  useEffect(() => {
    const query = window.matchMedia?.("(prefers-color-scheme: dark)")
    if (!query) return
    const changed = (event: MediaQueryListEvent) => actor.send({ type: "system.change", mode: event.matches ? "dark" : "light" })
    query.addEventListener("change", changed)
    return () => query.removeEventListener("change", changed)
  }, [actor])
  return { dark, label: t("colorMode.dark"), toggle: () => actor.send({ type: "mode.toggle" }) }
}

/** The switch's moon glyph, filled while the page is dark. */
export function MoonIcon({ dark }: { dark: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill={dark ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  )
}
