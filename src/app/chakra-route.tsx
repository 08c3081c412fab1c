import { lazyRouteComponent } from "@tanstack/react-router"
import type { ComponentType } from "react"

/**
 * A lazy route component rendered under Chakra's provider (./chakra-scope.tsx), which loads beside
 * the page's own chunk. For the routes whose page uses Chakra and has no Chakra above it: the
 * signed-in frame (its pages render inside it), the signed-out pages other than /login, the error
 * and mailbox pages. /login and the signed-out frame are plain CSS.
 */
export const withChakra = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazyRouteComponent(async () => {
    const [page, { ChakraScope }] = await Promise.all([load(), import("./chakra-scope")])
    const Page = page[name] as ComponentType<Record<string, unknown>>
    const Scoped = (props: Record<string, unknown>) => (
      <ChakraScope>
        <Page {...props} />
      </ChakraScope>
    )
    Scoped.displayName = `WithChakra(${name})`
    return { default: Scoped }
  })
