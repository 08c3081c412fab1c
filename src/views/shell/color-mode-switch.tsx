import { IconButton } from "@chakra-ui/react"
import { MoonIcon, useColorModeSwitch } from "./color-mode-state"

/**
 * The header's dark-mode switch (issue 15): a toggle button, pressed while the page is dark. The
 * page follows the system until it is pressed; the colour-mode chart stores the choice and forgets
 * it when the switch comes back to the system's own mode. The system's changes are passed on.
 * (The signed-out pages show the same switch in plain CSS: src/views/auth/plain-controls.tsx.)
 */
export function ColorModeSwitch() {
  const { dark, label, toggle } = useColorModeSwitch()
  return (
    <IconButton variant="ghost" size="sm" aria-label={label} title={label} aria-pressed={dark} onClick={toggle}>
      <MoonIcon dark={dark} />
    </IconButton>
  )
}
