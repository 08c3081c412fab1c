// Lists, per language and namespace, the English translation keys that are missing or empty, and
// the texts whose {{placeholders}} differ from English, so a translation pass knows what to do.
// Usage: node scripts/i18n-missing.mjs [lang...]   (exit 1 when anything is listed)
// Languages and namespaces are read from src/i18n/languages.ts; English is the source.
import { existsSync, readFileSync } from "node:fs"

const root = new URL("../src/i18n/", import.meta.url)
const languagesSource = readFileSync(new URL("languages.ts", root), "utf8")
const languages = [...languagesSource.matchAll(/code:\s*"([a-z-]+)"/gi)].map((m) => m[1]).filter((code) => code !== "en")
const namespaces = [...(languagesSource.match(/NAMESPACES\s*=\s*\[([^\]]*)\]/)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1])
if (languages.length === 0 || namespaces.length === 0) {
  console.error("Could not read LANGUAGES or NAMESPACES from src/i18n/languages.ts")
  process.exit(2)
}

const flatten = (tree, prefix = "", out = new Map()) => {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value)
    else if (value && typeof value === "object") flatten(value, `${prefix}${key}.`, out)
  }
  return out
}
const load = (lang, ns) => {
  const file = new URL(`locales/${lang}/${ns}.json`, root)
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, "utf8"))) : null
}
const placeholders = (text) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",")

const wanted = process.argv.slice(2)
let problems = 0
for (const lang of wanted.length > 0 ? wanted : languages) {
  for (const ns of namespaces) {
    const en = load("en", ns) ?? new Map()
    const other = load(lang, ns)
    const lines = []
    if (other === null) lines.push(`  (file missing: all ${en.size} keys)`)
    for (const [key, source] of en) {
      const text = other?.get(key)
      if (other === null) lines.push(`  ${key}: ${JSON.stringify(source)}`)
      else if (text === undefined) lines.push(`  missing  ${key}: ${JSON.stringify(source)}`)
      else if (text.trim() === "") lines.push(`  empty    ${key}: ${JSON.stringify(source)}`)
      else if (placeholders(text) !== placeholders(source)) lines.push(`  placeholders  ${key}: ${JSON.stringify(source)}`)
    }
    for (const key of other?.keys() ?? []) if (!en.has(key)) lines.push(`  extra    ${key} (not in English)`)
    if (lines.length > 0) {
      problems += lines.length
      console.log(`${lang}/${ns}.json`)
      for (const line of lines) console.log(line)
    }
  }
}
if (problems > 0) process.exit(1)
console.log("Every language has every English key.")
