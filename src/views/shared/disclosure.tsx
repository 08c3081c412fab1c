import { Box } from "@chakra-ui/react"
import { useState, type ReactNode } from "react"

/**
 * A native disclosure (details/summary) whose content is built only while it is open: the charts'
 * tables of points have hundreds of formatted rows that would otherwise be rebuilt on every range
 * or type switch while nobody reads them.
 */
export function Disclosure({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <Box as="details" fontSize="sm" onToggle={(e: React.SyntheticEvent<HTMLElement>) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <Box as="summary" cursor="pointer" color="fg.muted">
        {summary}
      </Box>
      {open && children()}
    </Box>
  )
}
