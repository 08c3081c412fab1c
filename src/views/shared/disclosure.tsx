import { Collapsible } from "@chakra-ui/react"
import type { ReactNode } from "react"

/** Calls `render` when it renders: inside the content, that is only while the collapsible is open. */
function Built({ render }: { render: () => ReactNode }) {
  return render()
}

/**
 * Chakra's Collapsible whose content is built only while it is open (`lazyMount`, `unmountOnExit`):
 * the charts' tables of points have hundreds of formatted rows that would otherwise be rebuilt on
 * every range or type switch while nobody reads them.
 */
export function Disclosure({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  return (
    <Collapsible.Root lazyMount unmountOnExit fontSize="sm">
      <Collapsible.Trigger
        cursor="pointer"
        color="fg.muted"
        textAlign="start"
        _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" }}
      >
        {summary}
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Built render={children} />
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
