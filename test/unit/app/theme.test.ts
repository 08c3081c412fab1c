import { createSystem, defaultConfig } from "@chakra-ui/react"
import { readdirSync, readFileSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { chartfolioConfig, system } from "../../../src/app/theme"

// The app's Chakra system carries only the recipes its components use (src/app/theme.ts). A Chakra
// component whose recipe is missing renders unstyled without any error, so this test finds every
// Chakra component imported under src, follows its module inside Chakra's build (a Dialog brings
// its close button, a Button its spinner), reads the recipe keys those modules style themselves
// with, and checks the system has each one Chakra's default config has.

// The package's ES build (require() resolves to its CommonJS build, next to it).
const chakraEsm = join(dirname(createRequire(import.meta.url).resolve("@chakra-ui/react")), "..", "esm", "index.js")
const chakraIndex = readFileSync(chakraEsm, "utf8")

/** Chakra's exported names and the module that defines each (namespaces like `Dialog` included). */
const modulesByExport = (): Map<string, string> => {
  const found = new Map<string, string>()
  for (const m of chakraIndex.matchAll(/export \{([^}]+)\} from '(\.[^']+)'/g))
    for (const name of (m[1] ?? "").split(","))
      found.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? "",
        m[2] ?? "",
      )
  const namespaces = new Map([...chakraIndex.matchAll(/import \* as ([\w$]+) from '(\.[^']+)'/g)].map((m) => [m[1] ?? "", m[2] ?? ""]))
  for (const m of chakraIndex.matchAll(/export \{ ([\w$]+) as (\w+) \}/g)) {
    const path = namespaces.get(m[1] ?? "")
    if (path) found.set(m[2] ?? "", path)
  }
  return found
}

/** The recipe keys used by a Chakra component module and the component modules it imports. */
const recipeKeysFrom = (file: string, seen = new Set<string>(), keys = new Set<string>()): Set<string> => {
  if (seen.has(file)) return keys
  seen.add(file)
  const text = readFileSync(file, "utf8")
  for (const m of text.matchAll(/key: "(\w+)"/g)) keys.add(m[1] ?? "")
  for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
    const next = resolve(dirname(file), m[1] ?? "")
    if (next.includes(`${join("esm", "components")}`)) recipeKeysFrom(next, seen, keys)
  }
  return keys
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? sourceFiles(join(dir, f)) : /\.tsx?$/.test(f) ? [join(dir, f)] : []))

/** Every value (not type) imported from "@chakra-ui/react" under src. */
const chakraImports = (): Set<string> => {
  const names = new Set<string>()
  for (const file of sourceFiles("src"))
    for (const m of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g))
      for (const part of (m[1] ?? "").split(",")) {
        const name = part.trim()
        if (name !== "" && !name.startsWith("type ")) names.add(name.split(/\s+as\s+/)[0] ?? name)
      }
  return names
}

describe("the app's Chakra system", () => {
  const exports = modulesByExport()
  const imported = chakraImports()
  const defaultKeys = new Set([...Object.keys(defaultConfig.theme?.recipes ?? {}), ...Object.keys(defaultConfig.theme?.slotRecipes ?? {})])

  it("finds the components the app uses (the scan works)", () => {
    for (const name of ["Button", "Dialog", "Field", "Table"]) expect(imported).toContain(name)
    expect(exports.get("Dialog")).toMatch(/components\/dialog\//)
  })

  it("has the recipe of every Chakra component the app imports", () => {
    const missing: string[] = []
    for (const name of imported) {
      const path = exports.get(name)
      if (!path) continue // re-exported from Ark (Portal, createListCollection): no recipe of its own
      for (const key of recipeKeysFrom(resolve(dirname(chakraEsm), path)))
        if (defaultKeys.has(key) && !system.isRecipe(key) && !system.isSlotRecipe(key)) missing.push(`${name} needs '${key}'`)
    }
    expect(missing).toEqual([])
  })

  it("is Chakra's default system in everything else: reset, global styles, tokens, and the recipes it keeps", () => {
    const full = createSystem(defaultConfig, chartfolioConfig)
    expect(system.getPreflightCss()).toEqual(full.getPreflightCss())
    expect(system.getGlobalCss()).toEqual(full.getGlobalCss())
    expect(system.getTokenCss()).toEqual(full.getTokenCss())
    expect(system._config.theme?.textStyles).toEqual(full._config.theme?.textStyles)
    expect(system._config.theme?.layerStyles).toEqual(full._config.theme?.layerStyles)
    expect(system._config.theme?.animationStyles).toEqual(full._config.theme?.animationStyles)
    expect(system._config.conditions).toEqual(full._config.conditions)
    expect(system.breakpoints.keys()).toEqual(full.breakpoints.keys())
    for (const key of Object.keys(system._config.theme?.recipes ?? {})) expect(system.getRecipe(key)).toEqual(full.getRecipe(key))
    for (const key of Object.keys(system._config.theme?.slotRecipes ?? {})) expect(system.getSlotRecipe(key)).toEqual(full.getSlotRecipe(key))
  })
})
