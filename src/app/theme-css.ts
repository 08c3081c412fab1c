import { system } from "./theme"

type Mode = "_light" | "_dark"

/**
 * A token's value in a colour mode, resolved from the app's one theme (./theme.ts): semantic tokens
 * follow their `_light` / `_dark` condition, references ("{colors.blue.800}") are followed to the
 * value. Build-time use only: CSS that paints before Chakra (index.html's static shell) takes its
 * colours and sizes from here instead of copying them by hand.
 */
export const tokenValue = (name: string, mode: Mode = "_light"): string => {
  const token = system.tokens.getByName(name) as { value?: unknown; extensions?: { conditions?: Record<string, string> } } | undefined
  if (!token) throw new Error(`theme-css: no token ${name} in src/app/theme.ts`)
  const conditions = token.extensions?.conditions
  const raw = conditions ? (conditions[mode] ?? conditions.base ?? "") : String(token.value ?? "")
  const ref = /^\{(.+)\}$/.exec(raw)
  return ref ? tokenValue(ref[1] ?? "", mode) : raw
}

/**
 * Fills a style sheet's `token(NAME)` and `token(NAME, dark)` with the token's value in light or dark
 * mode ("token(colors.bg, dark)" -> the dark page background). A name the theme does not have fails the build.
 */
export const fillTokens = (css: string): string =>
  css.replace(/token\(\s*([\w.-]+)\s*(?:,\s*(light|dark)\s*)?\)/g, (_, name: string, mode?: string) => tokenValue(name, mode === "dark" ? "_dark" : "_light"))
