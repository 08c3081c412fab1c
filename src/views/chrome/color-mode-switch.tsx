import { IconButton } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { colorModeMachine, shownMode } from "../../machines/color-mode.machine"
import { useWorkflowActor } from "../workflows"

/**
 * The header's dark-mode switch (issue 15): a toggle button, pressed while the page is dark. The
 * page follows the system until it is pressed; the colour-mode chart stores the choice and forgets
 * it when the switch comes back to the system's own mode. The system's changes are passed on.
 */
export function ColorModeSwitch() {
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
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={t("colorMode.dark")}
      title={t("colorMode.dark")}
      aria-pressed={dark}
      onClick={() => actor.send({ type: "mode.toggle" })}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill={dark ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </IconButton>
  )
}
