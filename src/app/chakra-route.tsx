import { lazyRouteComponent } from "@tanstack/react-router"
import { lazy, type ComponentType } from "react"

/** Loads a module's component and Chakra's provider (./chakra-scope.tsx) side by side, and renders the one under the other. */
const scoped = async <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) => {
  const [page, { ChakraScope }] = await Promise.all([load(), import("./chakra-scope")])
  const Page = page[name] as ComponentType<Record<string, unknown>>
  const Scoped = (props: Record<string, unknown>) => (
    <ChakraScope>
      <Page {...props} />
    </ChakraScope>
  )
  Scoped.displayName = `WithChakra(${name})`
  return { default: Scoped }
}

/**
 * A lazy route component rendered under Chakra's provider, which loads beside the page's own
 * chunk. For the routes whose page uses Chakra and has no Chakra above it: the signed-in pages
 * (the signed-in frame is plain CSS; each branch below it is wrapped at its highest route, so
 * moving between the tabs of an area does not remount a provider), the signed-out pages other
 * than /login, the error and mailbox pages. /login and the signed-out frame are plain CSS.
 */
export const withChakra = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazyRouteComponent(() => scoped(load, name))

/** A route's lazy subheader (`staticData.subheader`) rendered under Chakra's provider, as `withChakra` does for a page. */
export const chakraSubheader = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) => lazy(() => scoped(load, name))
