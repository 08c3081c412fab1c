import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { LANGUAGES, NAMESPACES } from "../../src/i18n/languages"

type Tree = { [key: string]: string | Tree }
const load = (lang: string, ns: string): Tree => JSON.parse(readFileSync(`src/i18n/locales/${lang}/${ns}.json`, "utf8")) as Tree
const flatten = (tree: Tree, prefix = ""): Map<string, string> => {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === "string") out.set(prefix + k, v)
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv)
  }
  return out
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe("translations", () => {
  it("every namespace file exists for every language, and no other", () => {
    for (const { code } of LANGUAGES) {
      expect(readdirSync(`src/i18n/locales/${code}`).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort())
    }
  })

  for (const ns of NAMESPACES) {
    const en = flatten(load("en", ns))
    for (const { code } of LANGUAGES.filter((l) => l.code !== "en")) {
      it(`${code}/${ns} has every English key, no empty value, and the same placeholders`, () => {
        const other = flatten(load(code, ns))
        expect([...other.keys()].sort()).toEqual([...en.keys()].sort())
        for (const [key, text] of other) {
          expect(text.trim(), `${code}/${ns}:${key} is empty`).not.toBe("")
          expect(placeholders(text), `${code}/${ns}:${key} placeholders`).toEqual(placeholders(en.get(key) ?? ""))
        }
      })
    }
  }
})
