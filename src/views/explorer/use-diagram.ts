import { useEffect, useState } from "react"
import type { AnyStateMachine } from "xstate"
import { layOut, type Diagram } from "./layout"

// One layout per chart for the page's life: the explorer, the book and the live view share it.
const layouts = new Map<AnyStateMachine, Promise<Diagram>>()
const diagramOf = (machine: AnyStateMachine): Promise<Diagram> => {
  let layout = layouts.get(machine)
  if (!layout) {
    layout = layOut(machine)
    layouts.set(machine, layout)
    // A failed layout is tried again next time.
    layout.catch(() => layouts.delete(machine))
  }
  return layout
}

/** The chart's diagram once laid out (null until then), or why the layout failed. */
export const useDiagram = (machine: AnyStateMachine): { diagram: Diagram | null; failed: string | null } => {
  const [found, setFound] = useState<{ machine: AnyStateMachine; diagram: Diagram | null; failed: string | null }>({ machine, diagram: null, failed: null })
  useEffect(() => {
    let live = true
    diagramOf(machine).then(
      (diagram) => live && setFound({ machine, diagram, failed: null }),
      (e: unknown) => live && setFound({ machine, diagram: null, failed: e instanceof Error ? e.message : String(e) }),
    )
    return () => {
      live = false
    }
  }, [machine])
  // Another chart's diagram is never shown while this one is laid out.
  return found.machine === machine ? { diagram: found.diagram, failed: found.failed } : { diagram: null, failed: null }
}
