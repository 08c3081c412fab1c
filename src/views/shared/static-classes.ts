import { useChakraContext, type SystemStyleObject } from "@chakra-ui/react"
import { __unsafe_useEmotionCache, css as serializeStyles } from "@emotion/react"
import { useInsertionEffect, useMemo } from "react"

type System = ReturnType<typeof useChakraContext>
type Serialized = ReturnType<typeof serializeStyles>

/** Chakra style objects by name, built from the system (its recipes, e.g. `system.getRecipeFn("button")`). */
export type StyleSheetSpec<K extends string> = (system: System) => Readonly<Record<K, SystemStyleObject | ReadonlyArray<SystemStyleObject>>>

/**
 * Class names for Chakra style objects, resolved once per system instead of on every render of
 * every element: for long lists (10,000-row tables) whose rows would otherwise be a dozen Chakra
 * components each, every one of them resolving its recipe and style props and hashing its CSS on
 * each render. The styles go through the same steps as a Chakra component's (the system's `css`,
 * then emotion's serialisation into the app's emotion cache), so an element with one of these
 * classes looks exactly like the Chakra component with those props, in light and dark mode (the
 * colours are the theme's CSS variables). `spec` must be a module-level constant.
 */
export function useStaticClasses<K extends string>(spec: StyleSheetSpec<K>): Readonly<Record<K, string>> {
  const system = useChakraContext()
  const cache = __unsafe_useEmotionCache()
  if (cache === null) throw new Error("useStaticClasses needs emotion's cache (the Chakra provider)")
  const made = useMemo(() => {
    const classes = {} as Record<K, string>
    const styles: Array<[className: string, serialized: Serialized]> = []
    for (const [name, style] of Object.entries(spec(system)) as Array<[K, SystemStyleObject | ReadonlyArray<SystemStyleObject>]>) {
      const list: SystemStyleObject[] = Array.isArray(style) ? [...(style as ReadonlyArray<SystemStyleObject>)] : [style as SystemStyleObject]
      const serialized = serializeStyles(system.css(...list) as Parameters<typeof serializeStyles>[0])
      const className = `${cache.key}-${serialized.name}`
      classes[name] = className
      styles.push([className, serialized])
    }
    return { classes, styles }
  }, [system, cache, spec])
  // Inserted before the first paint that uses them, as emotion inserts a component's styles.
  useInsertionEffect(() => {
    for (const [className, serialized] of made.styles) {
      cache.registered[className] ??= serialized.styles
      if (cache.inserted[serialized.name] === undefined) cache.insert(`.${className}`, serialized, cache.sheet, true)
    }
  }, [made, cache])
  return made.classes
}
