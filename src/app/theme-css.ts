import { system } from "./theme"

type Mode = "_light" | "_dark"

/**
 * A token's value in a colour mode, resolved from the app's one theme (./theme.ts): semantic tokens
 * follow their `_light` / `_dark` condition, references ("{colors.blue.800}") are followed to the
 * value. Build-time use only: CSS that paints without Chakra (index.html's static shell, the
 * embedded pages public/embedded/*.html) takes its colours and sizes from here instead of copying
 * them by hand.
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
 * Fills a style sheet's `token(NAME)`, `token(NAME, dark)` and `token(NAME, light-dark)` with the
 * token's value in light mode, in dark mode, or both as CSS's `light-dark(LIGHT, DARK)` (which
 * follows the `color-scheme` of the element: the embedded pages, public/embedded/*.html, switch
 * with it). "token(colors.bg, dark)" -> the dark page background. A name the theme does not have
 * fails the build.
 */
export const fillTokens = (css: string): string =>
  css.replace(/token\(\s*([\w.-]+)\s*(?:,\s*(light-dark|light|dark)\s*)?\)/g, (_, name: string, mode?: string) =>
    mode === "light-dark" ? `light-dark(${tokenValue(name, "_light")}, ${tokenValue(name, "_dark")})` : tokenValue(name, mode === "dark" ? "_dark" : "_light"),
  )
