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

// Tarjan's strongly connected components: every component with more than one node is a cycle.
const cyclesOf = (graph) => {
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
  for (const node of graph.keys()) if (!indices.has(node)) visit(node)
  return cycles
}

// The feature folders of src/views (dashboard, orders, portfolio, ...) import each other in one
// direction only: a cycle between two features means neither can change or load without the
// other. Files directly in src/views (the app-wide providers) are not a feature.
const views = resolve(root, "src/views")
const featureOf = (file) => {
  const rel = relative(views, file)
  if (rel.startsWith("..") || !rel.includes("/")) return null
  return rel.split("/")[0]
}
const features = new Map()
for (const [file, deps] of graph) {
  const from = featureOf(file)
  if (from === null) continue
  if (!features.has(from)) features.set(from, new Set())
  for (const dep of deps) {
    const to = featureOf(dep)
    if (to !== null && to !== from) features.get(from).add(to)
  }
}

const cycles = cyclesOf(graph)
const featureCycles = cyclesOf(features)
if (cycles.length > 0 || featureCycles.length > 0) {
  if (cycles.length > 0) console.error(`Import cycles (${cycles.length}):`)
  for (const c of cycles)
    console.error(
      `  ${c
        .map((f) => relative(root, f))
        .sort()
        .join(" <-> ")}`,
    )
  if (featureCycles.length > 0) console.error(`Cycles between feature folders of src/views (${featureCycles.length}):`)
  for (const c of featureCycles) {
    const members = new Set(c)
    const edges = [...graph].flatMap(([file, deps]) =>
      members.has(featureOf(file))
        ? [...deps].filter((d) => members.has(featureOf(d)) && featureOf(d) !== featureOf(file)).map((d) => `${relative(root, file)} -> ${relative(root, d)}`)
        : [],
    )
    console.error(`  ${c.sort().join(" <-> ")}:\n    ${edges.join("\n    ")}`)
  }
  process.exit(1)
}
console.log(`No import cycles among ${files.length} modules, nor between the ${features.size} feature folders of src/views.`)
