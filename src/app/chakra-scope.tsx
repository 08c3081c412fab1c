import { ChakraProvider } from "@chakra-ui/react"
import type { ReactNode } from "react"
import { system } from "./theme"

/**
 * Chakra's provider with the app's theme, for what renders with Chakra: the signed-in frame, the
 * signed-out pages other than /login, the error and mailbox pages, the dialogs. It loads with the
 * first of them, not with the entry: /login is plain CSS (docs/decisions.md, "The signed-out pages
 * in plain CSS"). Its global styles come and go with it; src/views/shell/plain.css keeps the page
 * the same without them.
 */
export function ChakraScope({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>
}
