// Fails (exit 1) when the project's own modules import each other in a cycle, naming each cycle.
// Part of `npm run lint`. Resolution is TypeScript's own (tsconfig.json), so it sees exactly what
// the compiler sees: static imports, re-exports, type imports and dynamic import() alike.
import { readFileSync } from "node:fs"
import { relative, resolve } from "node:path"
import ts from "typescript"

const root = process.cwd()
const configPath = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json")
const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root)
const files = parsed.fileNames.filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes("node_modules")).map((f) => resolve(f))
const known = new Set(files)

const graph = new Map()
for (const file of files) {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true)
  const deps = new Set()
  for (const { fileName } of info.importedFiles) {
    const hit = ts.resolveModuleName(fileName, file, parsed.options, ts.sys).resolvedModule
    const target = hit && resolve(hit.resolvedFileName)
    if (target && known.has(target) && target !== file) deps.add(target)
  }
  graph.set(file, deps)
}

// Tarjan's strongly connected components: every component with more than one module is a cycle.
let index = 0
const stack = []
const onStack = new Set()
const indices = new Map()
const low = new Map()
const cycles = []
const visit = (v) => {
  indices.set(v, index)
  low.set(v, index++)
  stack.push(v)
  onStack.add(v)
  for (const w of graph.get(v) ?? []) {
    if (!indices.has(w)) {
      visit(w)
      low.set(v, Math.min(low.get(v), low.get(w)))
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)))
  }
  if (low.get(v) === indices.get(v)) {
    const component = []
    let w
    do {
      w = stack.pop()
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1) cycles.push(component)
  }
}
for (const file of files) if (!indices.has(file)) visit(file)

if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}):`)
  for (const c of cycles) console.error(`  ${c.map((f) => relative(root, f)).sort().join(" <-> ")}`)
  process.exit(1)
}
console.log(`No import cycles among ${files.length} modules.`)
