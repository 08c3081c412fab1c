import { useChakraContext, type SystemStyleObject } from "@chakra-ui/react"
import { css as serializeStyles, Global } from "@emotion/react"
import { useMemo } from "react"

type System = ReturnType<typeof useChakraContext>

/** Chakra style objects by name, built from the system (its recipes, e.g. `system.getRecipeFn("button")`). */
export type StyleSheetSpec<K extends string> = (system: System) => Readonly<Record<K, SystemStyleObject | ReadonlyArray<SystemStyleObject>>>

interface Sheet<K extends string> {
  readonly classes: Readonly<Record<K, string>>
  /** Each class's rule, as emotion object styles (`.cf-1x2y3z { ... }`). */
  readonly rules: Readonly<Record<string, unknown>>
}

const made = new WeakMap<System, Map<StyleSheetSpec<string>, Sheet<string>>>()

/** A spec's classes and rules for a system, made once: the system's `css` of each style, named by its hash. */
const sheetOf = <K extends string>(system: System, spec: StyleSheetSpec<K>): Sheet<K> => {
  let bySpec = made.get(system)
  if (!bySpec) made.set(system, (bySpec = new Map()))
  const known = bySpec.get(spec as StyleSheetSpec<string>)
  if (known) return known as Sheet<K>
  const classes = {} as Record<K, string>
  const rules: Record<string, unknown> = {}
  for (const [name, style] of Object.entries(spec(system)) as Array<[K, SystemStyleObject | ReadonlyArray<SystemStyleObject>]>) {
    const list: SystemStyleObject[] = Array.isArray(style) ? [...(style as ReadonlyArray<SystemStyleObject>)] : [style as SystemStyleObject]
    const resolved = system.css(...list)
    const className = `cf-${serializeStyles(resolved as Parameters<typeof serializeStyles>[0]).name}`
    classes[name] = className
    rules[`.${className}`] = resolved
  }
  const sheet = { classes, rules }
  bySpec.set(spec as StyleSheetSpec<string>, sheet)
  return sheet
}

/**
 * Class names for Chakra style objects, resolved once per system instead of on every render of
 * every element: for long lists (10,000-row tables) whose rows would otherwise be a dozen Chakra
 * components each, every one of them resolving its recipe and style props and hashing its CSS on
 * each render. The styles are the system's own (`system.css`, the recipes of src/app/theme.ts), so
 * an element with one of these classes looks like the Chakra component with those props, in light
 * and dark mode. `spec` must be a module-level constant, and `StaticStyles` with the same spec
 * must be rendered where the classes are used (it inserts the rules).
 */
export function useStaticClasses<K extends string>(spec: StyleSheetSpec<K>): Readonly<Record<K, string>> {
  const system = useChakraContext()
  return useMemo(() => sheetOf(system, spec).classes, [system, spec])
}

/** Inserts the rules of the classes of `specs` (emotion's `Global`, into the page's style sheet before the first paint that uses them). */
export function StaticStyles({ specs }: { specs: ReadonlyArray<StyleSheetSpec<string>> }) {
  const system = useChakraContext()
  const styles = useMemo(() => Object.assign({}, ...specs.map((spec) => sheetOf(system, spec).rules)) as Record<string, unknown>, [system, specs])
  return <Global styles={styles as Parameters<typeof Global>[0]["styles"]} />
}
