import { colorModeMachine, toColorModeChoice } from "../../machines/color-mode.machine"
import { defineWorkflow } from "../workflow"

const SYSTEM_DARK = "(prefers-color-scheme: dark)"

/**
 * The colour mode: the stored choice (kept on logout) and the system's preference as input; a mode
 * is applied as Chakra expects it, the class "light" or "dark" on <html> (its semantic tokens follow),
 * with `color-scheme` for the browser's own controls. index.html's inline script does the same
 * before the first paint, from the same stored key.
 */
export default defineWorkflow({
  chart: colorModeMachine,
  texts: ["common"],
  effects: ({ storage }) => ({
    apply: (_, { mode }) => {
      const root = document.documentElement
      root.classList.remove(mode === "dark" ? "light" : "dark")
      root.classList.add(mode)
      root.style.colorScheme = mode
    },
    store: (_, { choice }) => (choice === "system" ? storage.remove("colorMode") : storage.set("colorMode", choice)),
  }),
  input: ({ storage }) => ({
    choice: toColorModeChoice(storage.get("colorMode")),
    system: typeof window !== "undefined" && window.matchMedia?.(SYSTEM_DARK).matches ? ("dark" as const) : ("light" as const),
  }),
})
