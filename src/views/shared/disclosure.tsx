import { useState, type ReactNode } from "react"
import "./plain-parts.css"

/**
 * A native disclosure (details/summary) whose content is built only while it is open: the charts'
 * tables of points have hundreds of formatted rows that would otherwise be rebuilt on every range
 * or type switch while nobody reads them. Plain elements (./plain-parts.css).
 */
export function Disclosure({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <details className="cf-disclosure" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  )
}
