import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { fillTokens, tokenValue } from "../../../src/app/theme-css"

// One source of design tokens (issue 29): src/app/theme.ts. A colour written out anywhere else in
// the app (a view, a style sheet, the static shell of index.html, the scripts it loads, the pages it
// frames) is a copy that drifts from the theme and from dark mode; views use Chakra's tokens, and
// CSS that paints without Chakra is filled from the theme at build time (vite.config.ts, themeTokens
// and embeddedPages).

const THEME = "src/app/theme.ts"
const EMBEDDED = readdirSync("public/embedded")
  .filter((name) => name.endsWith(".html"))
  .map((name) => `public/embedded/${name}`)
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? (name === "locales" ? [] : files(path)) : [path]
  })

const COLOUR = /#[0-9a-fA-F]{3,8}\b(?![-\w])|\brgba?\(\s*\d|\bhsla?\(\s*\d/g
/** Colour literals in a text, with their line numbers. */
const colours = (text: string) => text.split("\n").flatMap((line, i) => [...line.matchAll(COLOUR)].map((m) => `${i + 1}: ${m[0]}`))

describe("one source of design tokens", () => {
  const sources = [...files("src").filter((f) => /\.(tsx?|css)$/.test(f) && f !== THEME), "index.html", "public/shell.js", "public/color-mode.js", ...EMBEDDED]

  it.each(sources)("%s writes no colour literal (it uses the theme's tokens)", (file) => {
    expect(colours(readFileSync(file, "utf8"))).toEqual([])
  })

  it("has no style sheet in src: views are styled with Chakra", () => {
    expect(files("src").filter((f) => f.endsWith(".css"))).toEqual([])
  })

  it("fills the static shell's tokens from the theme in light and dark mode", () => {
    expect(fillTokens("a { color: token(colors.blue.900); background: token(colors.bg, dark) }")).toBe(
      `a { color: ${tokenValue("colors.blue.900")}; background: ${tokenValue("colors.bg", "_dark")} }`,
    )
    expect(tokenValue("colors.bg")).not.toBe(tokenValue("colors.bg", "_dark"))
    expect(() => fillTokens("token(colors.nope)")).toThrow(/no token colors.nope/)
  })

  it("fills a token in both modes as light-dark(), which follows the page's color-scheme", () => {
    expect(fillTokens("body { background: token(colors.bg, light-dark) }")).toBe(
      `body { background: light-dark(${tokenValue("colors.bg")}, ${tokenValue("colors.bg", "_dark")}) }`,
    )
  })

  it.each(EMBEDDED)("%s takes its colours from the theme in both modes, and leaves no unfilled token", (file) => {
    const style = fillTokens(/<style>[\s\S]*?<\/style>/.exec(readFileSync(file, "utf8"))?.[0] ?? "")
    expect(style).toContain(`background: light-dark(${tokenValue("colors.bg")}, ${tokenValue("colors.bg", "_dark")})`)
    expect(style).toContain(`color: light-dark(${tokenValue("colors.fg")}, ${tokenValue("colors.fg", "_dark")})`)
    expect(style).not.toMatch(/token\(/)
  })

  it("leaves no unfilled token in index.html's style once filled", () => {
    const html = readFileSync("index.html", "utf8")
    const style = fillTokens(/<style>[\s\S]*?<\/style>/.exec(html)?.[0] ?? "")
    expect(style).toContain("--cf-shell-panel-bg: ")
    expect(style).not.toMatch(/token\(/)
  })
})
