import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { system } from "../../../src/app/theme"

// The signed-out pages' static CSS (src/views/shell/plain.css) copies Chakra token values as its
// own variables, so it works before Chakra has loaded (docs/decisions.md, "The signed-out pages in
// plain CSS"). This test keeps the copy honest: each variable must equal the token the Chakra
// component it replaces used, in light and in dark mode, resolved from the app's own system
// (src/app/theme.ts). A theme change that is not made in plain.css too fails here.

const css = readFileSync("src/views/shell/plain.css", "utf8")

/** The custom properties declared in the first rule with exactly this selector. */
const declared = (selector: string): Map<string, string> => {
  const start = css.indexOf(`\n${selector} {`)
  if (start < 0) throw new Error(`no "${selector}" rule in plain.css`)
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start))
  return new Map([...body.matchAll(/(--cf-[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1] ?? "", (m[2] ?? "").trim()]))
}

type Mode = "_light" | "_dark"
/** A colour token's value in a colour mode, following references ({colors.gray.600}) to the hex value. */
const colour = (name: string, mode: Mode): string => {
  const token = system.tokens.getByName(`colors.${name}`) as { value?: unknown; extensions?: { conditions?: Record<string, string> } } | undefined
  if (!token) throw new Error(`no colour token ${name}`)
  const conditions = token.extensions?.conditions
  const raw = conditions ? (conditions[mode] ?? conditions.base ?? "") : String(token.value ?? "")
  const ref = /^\{colors\.(.+)\}$/.exec(raw)
  return ref ? colour(ref[1] ?? "", mode) : raw.toLowerCase()
}

// Each variable and the token of the Chakra style it stands for.
const TOKENS: Record<string, string> = {
  "--cf-bg": "bg",
  "--cf-fg": "fg",
  "--cf-fg-muted": "fg.muted",
  "--cf-fg-error": "fg.error",
  "--cf-border": "border",
  "--cf-border-error": "border.error",
  "--cf-focus-ring": "gray.focusRing",
  "--cf-blue-focus-ring": "blue.focusRing",
  "--cf-link": "blue.fg",
  "--cf-ghost-fg": "gray.fg",
  "--cf-ghost-hover": "gray.subtle",
  "--cf-alert-bg": "red.subtle",
  "--cf-alert-fg": "red.fg",
  "--cf-blue-solid": "blue.solid",
  "--cf-blue-100": "blue.100",
  "--cf-blue-900": "blue.900",
  "--cf-selection": "gray.emphasized",
}

describe("plain.css, the signed-out pages' copy of the theme", () => {
  const light = declared(":root")
  const dark = declared("html.dark")

  it("declares a token for every colour variable it has, and only known variables in dark mode", () => {
    const colours = [...light.keys()].filter((v) => v !== "--cf-font")
    expect(colours.sort()).toEqual(Object.keys(TOKENS).sort())
    for (const v of dark.keys()) expect(TOKENS, `${v} in html.dark`).toHaveProperty(v)
  })

  it.each(Object.entries(TOKENS))("%s is the theme's %s in light and dark mode", (variable, token) => {
    expect(light.get(variable)?.toLowerCase(), `${variable} (light)`).toBe(colour(token, "_light"))
    // A variable not redeclared for dark mode keeps its light value: the token must agree.
    expect((dark.get(variable) ?? light.get(variable))?.toLowerCase(), `${variable} (dark)`).toBe(colour(token, "_dark"))
  })

  it("uses the theme's body font", () => {
    expect(light.get("--cf-font")).toBe(String((system.tokens.getByName("fonts.body") as { value?: unknown } | undefined)?.value))
  })

  it("changes layout only at the theme's breakpoints, as does the static shell in index.html", () => {
    const breakpoints = new Set(
      system.tokens.allTokens.filter((t) => t.name.startsWith("breakpoints.")).map((t) => String((t as { value?: unknown }).value)),
    )
    for (const text of [css, readFileSync("index.html", "utf8")]) {
      const widths = [...text.matchAll(/@media[^{]*\(min-width: ([\d.]+rem)\)/g)].map((m) => m[1])
      expect(widths.length).toBeGreaterThan(0)
      for (const w of widths) expect(breakpoints, `min-width ${w}`).toContain(w)
    }
  })
})
