import react from "@vitejs/plugin-react"
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { availableParallelism } from "node:os"
import { join, resolve } from "node:path"
import { defineConfig, minifySync, type Plugin, type Rolldown } from "vite"
import { configDefaults } from "vitest/config"
import { fillTokens } from "./src/app/theme-css"
import { LANGUAGES, NAMESPACES, SIGNED_IN_NAMESPACES, START_NAMESPACES, type Namespace } from "./src/i18n/languages"
import { CHART_MODULES, startPaths, WORKFLOW_MODULES, WORKFLOWS, workflowFiles, workflowsOfStart } from "./src/app/registry"

const SHELL_LANGUAGES = ["en", "zh", "es", "ja", "de", "fr"] as const

/**
 * Writes the static shell's texts (public/shell.js) into index.html: the login side panel's
 * welcome, tagline, copyright and links, and the start-up splash's name, in the six languages, from
 * the app's own translations.
 */
const shellTexts = (): Plugin => ({
  name: "chartfolio-shell-texts",
  transformIndexHtml: (html) => {
    const texts = Object.fromEntries(
      SHELL_LANGUAGES.map((lang) => {
        const common = JSON.parse(readFileSync(`src/i18n/locales/${lang}/common.json`, "utf8")) as {
          sidePanel: { welcome: string; tagline: string }
          footer: { copyright: string; legal: string; contact: string }
          splash: { loading: string }
        }
        return [lang, { ...common.sidePanel, ...common.footer, splash: common.splash.loading }]
      }),
    )
    // Inside a JSON block "<" is escaped so no text can close the element.
    const json = JSON.stringify(texts).replace(/</g, "\\u003c")
    return html.replace("<!--shell-texts-->", `<script type="application/json" id="shell-texts">${json}</script>`)
  },
})

/**
 * Names the signed-in start's chunks in index.html (a JSON block) for public/shell.js: on a visit
 * with a kept session the shell asks for them (`<link rel="modulepreload">`) while the entry still
 * downloads and runs, instead of the app asking once the entry has run (about 400 ms later at 4x
 * CPU): the API runtime with its rules and the signed-in area (`area`), each landing path's own
 * chunk (`paths`), and each language's start and signed-in texts (`texts`), each with the chunks
 * they import that the entry does not.
 */
const startPreloads = (): Plugin => ({
  name: "chartfolio-start-preloads",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (html, ctx) => {
      const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === "chunk")
      const entry = chunks.find((c) => c.isEntry)
      if (!entry) return html
      const inEntry = new Set([entry.fileName, ...entry.imports])
      const files = (names: ReadonlyArray<string>): Array<string> => {
        const seen = new Set<string>()
        const visit = (chunk: Rolldown.OutputChunk | undefined) => {
          if (!chunk || inEntry.has(chunk.fileName) || seen.has(chunk.fileName)) return
          seen.add(chunk.fileName)
          for (const file of chunk.imports) visit(chunks.find((c) => c.fileName === file))
        }
        for (const name of names) {
          const chunk = chunks.find((c) => c.name === name)
          if (!chunk) throw new Error(`start preloads: no chunk '${name}' in the build (vite.config.ts)`)
          visit(chunk)
        }
        return [...seen].map((file) => `/${file}`)
      }
      const area = files(["api", "start-rules", "signed-in"])
      const start = {
        area,
        paths: Object.fromEntries(startPaths().map((path) => [path, files([pageChunkName(path)]).filter((file) => !area.includes(file))])),
        texts: Object.fromEntries(LANGUAGES.map(({ code }) => [code, files([`i18n-${code}-start`, `i18n-${code}-signed-in`])])),
      }
      return html.replace("<!--start-preloads-->", `<script type="application/json" id="start-preloads">${JSON.stringify(start)}</script>`)
    },
  },
})

/**
 * Fills index.html's static shell styles (`token(colors.blue.900)`, `token(colors.bg, dark)`) from
 * the app's one theme (src/app/theme.ts): the CSS that paints before Chakra copies nothing by hand.
 */
const themeTokens = (): Plugin => ({
  name: "chartfolio-theme-tokens",
  // Before Vite reads the inline style (its CSS pipeline would refuse `token(...)` in a media query).
  transformIndexHtml: { order: "pre", handler: (html) => html.replace(/<style>[\s\S]*?<\/style>/, (style) => fillTokens(style)) },
})

/** The pages the app frames (the legal disclosure, the market insight), as they are in the source. */
const EMBEDDED_DIR = "public/embedded"

/**
 * Fills the embedded pages' `token(...)` references from the app's one theme (src/app/theme.ts), as
 * themeTokens does for index.html: in the build, over the copies Vite wrote to dist/public/embedded;
 * in `npm run dev`, as Vite serves them. Their colours follow the colour mode the app shows (see the
 * pages' styles).
 */
const embeddedPages = (): Plugin => ({
  name: "chartfolio-embedded-pages",
  configureServer: (server) => {
    server.middlewares.use((req, res, next) => {
      const name = /^\/embedded\/([\w-]+\.html)(?:[?#]|$)/.exec(req.url ?? "")?.[1]
      if (!name || !existsSync(join(EMBEDDED_DIR, name))) return next()
      res.setHeader("Content-Type", "text/html; charset=utf-8")
      res.end(fillTokens(readFileSync(join(EMBEDDED_DIR, name), "utf8")))
    })
  },
  writeBundle: (options) => {
    for (const name of readdirSync(EMBEDDED_DIR).filter((n) => n.endsWith(".html"))) {
      writeFileSync(join(options.dir ?? "dist/public", "embedded", name), fillTokens(readFileSync(join(EMBEDDED_DIR, name), "utf8")))
    }
  },
})

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+) on each JavaScript
 * chunk: the browser compiles the chunk's functions while it streams it in, on a background thread,
 * instead of one by one on the main thread the first time each runs. Nearly every function of the
 * entry and of a page's chunks runs on its first render; measured on /dashboard at 4x CPU it moved
 * the largest paint about 200 ms earlier (issue 14's sixth pass, in docs/performance.md's git history). The layout engine of the
 * workflow explorer (elk) is left lazy: most of its functions never run. The comment is a line of
 * its own in front of the code, so the source map gains one empty line.
 */
const compileHints = (): Plugin => ({
  name: "chartfolio-compile-hints",
  apply: "build",
  // On the written files: Vite puts its own preload map in front of the entry's code after every
  // plugin's generateBundle, and V8 reads the hint only at the very top.
  writeBundle(options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== "chunk" || /(^|\/)elk/.test(chunk.fileName)) continue
      const file = join(options.dir ?? "dist/public", chunk.fileName)
      writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, "utf8")}`)
      if (existsSync(`${file}.map`)) {
        const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { mappings: string }
        writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }))
      }
    }
  },
})

/**
 * The two classic scripts index.html runs before the app (public/color-mode.js in the head,
 * public/shell.js at the end of the body) are written minified: Vite copies public/ as it is, and
 * their comments and names were about half of their bytes, which every first visit downloads
 * (/login and /dashboard count them in their budgets). Their sources stay readable in public/.
 */
const PUBLIC_SCRIPTS = ["color-mode.js", "shell.js"] as const
const minifiedPublicScripts = (): Plugin => ({
  name: "chartfolio-minified-public-scripts",
  apply: "build",
  writeBundle(options) {
    for (const name of PUBLIC_SCRIPTS) {
      const file = join(options.dir ?? "dist/public", name)
      const { code, errors } = minifySync(name, readFileSync(file, "utf8"), { compress: true, mangle: true })
      if (errors.length > 0) throw new Error(`public/${name}: ${errors.map((e) => e.message).join("; ")}`)
      writeFileSync(file, code)
    }
  },
})

/**
 * Two modules generated from the registry (src/app/registry.ts), so a workflow's paths are written
 * nowhere but as its registry line's id:
 *   - `virtual:chartfolio-workflows`, the app's workflow loaders: `first` holds the modules of the
 *     workflows that start with the first page (imported statically, so they are part of the entry),
 *     `lazy` an import function for each other one (a chunk of its own, or its start chunk below);
 *   - `virtual:chartfolio-charts`, every chart module by id, for the workflow explorer (a view,
 *     which may not import src/app).
 */
const workflowModules = (): Plugin => ({
  name: "chartfolio-workflow-modules",
  resolveId: (id) => (id === WORKFLOW_MODULES || id === CHART_MODULES ? `\0${id}` : null),
  load: (id) => {
    const path = (file: string) => JSON.stringify(`/${file}`)
    if (id === `\0${CHART_MODULES}`) {
      return [
        ...WORKFLOWS.map((w, i) => `import * as c${i} from ${path(workflowFiles(w.id).chart)}`),
        `export const charts = { ${WORKFLOWS.map((w, i) => `${JSON.stringify(w.id)}: c${i}`).join(", ")} }`,
      ].join("\n")
    }
    if (id !== `\0${WORKFLOW_MODULES}`) return null
    const first = WORKFLOWS.filter((w) => w.start === "first")
    const lazy = WORKFLOWS.filter((w) => w.start !== "first")
    return [
      ...first.map((w, i) => `import w${i} from ${path(workflowFiles(w.id).module)}`),
      `export const first = { ${first.map((w, i) => `${JSON.stringify(w.id)}: w${i}`).join(", ")} }`,
      `export const lazy = { ${lazy.map((w) => `${JSON.stringify(w.id)}: () => import(${path(workflowFiles(w.id).module)})`).join(", ")} }`,
    ].join("\n")
  },
})

const LOCALES = "virtual:chartfolio-locales"
const START_TEXTS = "virtual:chartfolio-start-texts/"
const SIGNED_IN_TEXTS = "virtual:chartfolio-signed-in-texts/"
const ROUTE_TEXTS = "virtual:chartfolio-route-texts"

/**
 * The translation loaders (src/i18n/i18n.ts), generated from src/i18n/languages.ts:
 *   - `virtual:chartfolio-locales`, in the entry: per language, an import of its start texts and
 *     one of its signed-in texts, and one import of the loaders of every other namespace. Short
 *     entries instead of one per language and namespace (90 imports with their preload lists were
 *     1.5 kB gzip on every page);
 *   - `virtual:chartfolio-start-texts/<lang>`: that language's START_NAMESPACES in one module, and
 *     `virtual:chartfolio-signed-in-texts/<lang>` its SIGNED_IN_NAMESPACES;
 *   - `virtual:chartfolio-route-texts`: an import of each other namespace of each language.
 */
const localeLoaders = (): Plugin => ({
  name: "chartfolio-locale-loaders",
  resolveId: (id) => (id === LOCALES || id === ROUTE_TEXTS || id.startsWith(START_TEXTS) || id.startsWith(SIGNED_IN_TEXTS) ? `\0${id}` : null),
  load: (id) => {
    const file = (language: string, namespace: string) => JSON.stringify(`/src/i18n/locales/${language}/${namespace}.json`)
    const byLanguage = (prefix: string) => `{ ${LANGUAGES.map((l) => `${l.code}: () => import(${JSON.stringify(prefix + l.code)})`).join(", ")} }`
    const combined = (language: string, namespaces: ReadonlyArray<Namespace>) =>
      [
        ...namespaces.map((ns, i) => `import n${i} from ${file(language, ns)}`),
        `export default { ${namespaces.map((ns, i) => `${JSON.stringify(ns)}: n${i}`).join(", ")} }`,
      ].join("\n")
    if (id === `\0${LOCALES}`) {
      return [
        `export const start = ${byLanguage(START_TEXTS)}`,
        `export const signedIn = ${byLanguage(SIGNED_IN_TEXTS)}`,
        `export const routeTexts = () => import(${JSON.stringify(ROUTE_TEXTS)})`,
      ].join("\n")
    }
    if (id.startsWith(`\0${START_TEXTS}`)) return combined(id.slice(START_TEXTS.length + 1), START_NAMESPACES)
    if (id.startsWith(`\0${SIGNED_IN_TEXTS}`)) return combined(id.slice(SIGNED_IN_TEXTS.length + 1), SIGNED_IN_NAMESPACES)
    if (id !== `\0${ROUTE_TEXTS}`) return null
    const routes = NAMESPACES.filter((ns) => !START_NAMESPACES.includes(ns) && !SIGNED_IN_NAMESPACES.includes(ns))
    const entries = LANGUAGES.flatMap((l) => routes.map((ns) => `${JSON.stringify(`${l.code}/${ns}`)}: () => import(${file(l.code, ns)})`))
    return `export const loaders = { ${entries.join(", ")} }`
  },
})

/** The page modules (no workflows: those come from the registry's `start`) of each landing path with a start chunk. */
const START_PAGES: Readonly<Record<string, ReadonlyArray<string>>> = {
  "/dashboard": ["src/views/dashboard/dashboard-page.tsx", "src/views/dashboard/portfolio-selector.tsx"],
}

/**
 * The modules a signed-in page runs before its first paint: the API runtime; the signed-in frame
 * and the workflows the registry (src/app/registry.ts) starts as "signed-in"; per landing path, the
 * page's own (START_PAGES: its component and subheader; and the workflows the registry starts with
 * that path; /dashboard's subheader, the
 * portfolio combobox, in the page's chunk took 24 kB and three files off /dashboard, and the
 * Chakra chunk, which holds the other pages' and the dialogs' components, is no longer loaded there).
 * `startChunk` puts them in four chunks instead of the ~40 small ones rolldown would make of them:
 * each chunk costs the page's main thread its modulepreload link, fetch, compile and link, and at 4x
 * CPU one chunk instead of ~40 moved /dashboard's largest paint 80-270 ms earlier
 * (issue 14's eighth pass, in docs/performance.md's git history). A module named here that is not in the build fails it.
 */
const SIGNED_IN_START = {
  runtime: "src/app/api.ts",
  // The first load's early requests (src/app/first-answers.ts): in the rules' chunk, so that they
  // leave before the API runtime has been evaluated.
  early: "src/app/first-answers.ts",
  area: ["src/views/shell/signed-in-frame.tsx", ...workflowsOfStart("signed-in").map((id) => workflowFiles(id).module)],
  paths: Object.fromEntries(
    startPaths().map((path) => [path, [...(START_PAGES[path] ?? []), ...workflowsOfStart(path).map((id) => workflowFiles(id).module)]]),
  ),
}

/** The name of a path's chunk ("/dashboard" -> "page-dashboard"). */
const pageChunkName = (path: string) => `page-${path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-")}`

/**
 * The chunk a module goes to under SIGNED_IN_START, worked out once per build from rolldown's module
 * graph (static imports; what the entry imports stays in the entry's chunk):
 *   - "start-rules": the rules (src/domain) the API runtime imports, shared with the pages, and the
 *     first load's early requests (SIGNED_IN_START.early) with the signing they share with it;
 *   - "api": the rest of the API runtime (src/app/api.ts: Effect, the contract, the services);
 *   - "signed-in": the area's modules and what they import, and what the landing pages share with
 *     other pages (every signed-in page loads this chunk);
 *   - "page-<path>": what only that landing page imports;
 *   - none (rolldown's own chunks) for anything else.
 */
const startChunk = () => {
  let chunkOf: Map<string, string> | null = null
  const chunk = (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    if (!chunkOf) {
      chunkOf = new Map()
      const statically = (roots: ReadonlyArray<string>, skip: (id: string) => boolean) => {
        const seen = new Set<string>()
        const todo = roots.map((r) => resolve(r))
        for (let m = todo.pop(); m !== undefined; m = todo.pop()) {
          if (seen.has(m) || skip(m)) continue
          const info = ctx.getModuleInfo(m)
          if (!info) throw new Error(`signed-in start: ${m} is not a module of this build (vite.config.ts, SIGNED_IN_START)`)
          seen.add(m)
          todo.push(...info.importedIds)
        }
        return seen
      }
      const entry = statically(["src/main.tsx"], () => false)
      const runtime = statically([SIGNED_IN_START.runtime], (m) => entry.has(m))
      // The rules the API runtime uses are a chunk of their own: in the area's or a page's chunk, the
      // first call on any page (the sign-in too) would fetch the frame or that page, and their styles.
      // So is any other module of the runtime's that the area or a page imports (below).
      // The rest of the runtime (Effect, the contract's shared schemas, the services) is one chunk too:
      // the services' live modules (`lazyLayer`) import Effect from it instead of splitting it off.
      for (const m of runtime) chunkOf.set(m, /[\\/]src[\\/]domain[\\/]/.test(m) ? "start-rules" : "api")
      for (const m of statically(SIGNED_IN_START.area, (m) => entry.has(m))) chunkOf.set(m, runtime.has(m) ? "start-rules" : "signed-in")
      // A page's chunk holds what only that page imports; what other pages import too goes to the
      // area's chunk, which every signed-in page loads.
      for (const [path, modules] of Object.entries(SIGNED_IN_START.paths)) {
        const closure = statically(modules, (m) => entry.has(m) || chunkOf!.has(m))
        const own = new Set(closure)
        const roots = new Set(modules.map((r) => resolve(r)))
        for (let changed = true; changed;) {
          changed = false
          for (const m of own) {
            const info = ctx.getModuleInfo(m)!
            if (!roots.has(m) && [...info.importers, ...info.dynamicImporters].some((i) => !own.has(i))) {
              own.delete(m)
              changed = true
            }
          }
        }
        for (const m of closure) chunkOf.set(m, runtime.has(m) ? "start-rules" : own.has(m) ? pageChunkName(path) : "signed-in")
      }
      // The early requests, also where the area imports them (the portfolios workflow's hint).
      for (const m of statically([SIGNED_IN_START.early], (m) => entry.has(m))) chunkOf.set(m, "start-rules")
    }
    return chunkOf.get(id) ?? null
  }
  // Worked out again for each build (a process may build more than once: `vite build --watch`).
  const plugin: Plugin = { name: "chartfolio-start-chunks", buildStart: () => void (chunkOf = null) }
  return { chunk, plugin }
}

/**
 * The chunk of a translation file: each language's namespaces in two chunks, those every page needs
 * at start and the signed-in area's, instead of one per namespace (a chunk costs the page's main
 * thread its own fetch, compile and link, a few ms each at 4x CPU, and ~0.9 kB of response headers).
 * The routes' own namespaces keep their chunks.
 */
const localeChunk = (id: string): string | null => {
  const start = new RegExp(`${START_TEXTS}(\\w+)$`).exec(id)
  if (start) return `i18n-${start[1]}-start`
  const signedIn = new RegExp(`${SIGNED_IN_TEXTS}(\\w+)$`).exec(id)
  if (signedIn) return `i18n-${signedIn[1]}-signed-in`
  const match = /locales[\\/](\w+)[\\/](\w+)\.json$/.exec(id)
  if (!match) return null
  const [, language, namespace] = match as unknown as [string, string, Namespace]
  if (START_NAMESPACES.includes(namespace)) return `i18n-${language}-start`
  if (SIGNED_IN_NAMESPACES.includes(namespace)) return `i18n-${language}-signed-in`
  return null
}

const apiPort = Number(process.env.API_PORT ?? 8788)

// The two-process tests need a PostgreSQL server (the embedded database is one process's): they run
// in the PostgreSQL pass of `npm test` (DATABASE_URL set, scripts/postgres-cluster.mjs), not without it.
const serverExclude = process.env.DATABASE_URL ? [...configDefaults.exclude] : [...configDefaults.exclude, "test/server/scale/**"]

const { chunk: startChunkOf, plugin: startChunks } = startChunk()

/**
 * The SPA build (dist/public, served by the reference server) and the test projects:
 * unit (contract, domain), services (the request pipeline against a local HTTP server),
 * machines (actor behaviour with stub actors), model (chart paths), server (the reference API).
 */
export default defineConfig({
  // React's JSX transform, with Fast Refresh in `npm run dev`.
  plugins: [
    react(),
    workflowModules(),
    localeLoaders(),
    themeTokens(),
    embeddedPages(),
    shellTexts(),
    startChunks,
    startPreloads(),
    compileHints(),
    minifiedPublicScripts(),
  ],
  build: {
    outDir: "dist/public",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // Chakra's theme module builds its default config from every recipe with `defineConfig({...})`
        // and each recipe with `defineRecipe`/`defineSlotRecipe`: identity functions the bundler cannot
        // see through. Declared pure, the recipes the app's theme (src/app/theme.ts) does not use are dropped.
        manualPureFunctions: ["defineConfig", "defineRecipe", "defineSlotRecipe", "defineStyle"],
      },
      output: {
        codeSplitting: {
          groups: [
            // Every module the entry imports statically runs on every page before anything shows:
            // one chunk instead of dozens of small shared ones (each response costs ~0.9 kB of headers).
            // The entry is part of it, so src/main.tsx must not use a top-level await: a lazy route's
            // chunk imports this one, and would wait forever for an entry that awaits that route.
            { name: "app", tags: ["$initial"] },
            // The signed-in start (SIGNED_IN_START): the rules it shares with the API runtime, the area's
            // modules, then each landing page's, one chunk each. In this order: a group also takes what
            // its modules import that no earlier group took.
            { name: (id, ctx) => (startChunkOf(id, ctx) === "start-rules" ? "start-rules" : null) },
            { name: (id, ctx) => (startChunkOf(id, ctx) === "api" ? "api" : null) },
            { name: (id, ctx) => (startChunkOf(id, ctx) === "signed-in" ? "signed-in" : null) },
            { name: (id, ctx) => (startChunkOf(id, ctx)?.startsWith("page-") ? startChunkOf(id, ctx) : null) },
            // Translations: two chunks per language (localeChunk above), and the table of the imports of
            // the namespaces that are not start texts (localeLoaders).
            { name: "i18n-loaders", test: /chartfolio-route-texts/ },
            { name: localeChunk, test: /[\\/]i18n[\\/]locales[\\/]|chartfolio-(start|signed-in)-texts/ },
            // What the entry does not already take of Chakra with Ark, Zag and Emotion (the parts the
            // signed-in pages and the dialogs use): one chunk, loaded with the first route or dialog
            // that uses it, instead of the dozens of small shared chunks rolldown would make of it.
            {
              name: "chakra",
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@swc[\\/]helpers|stylis|proxy-compare|proxy-memoize|uqr)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the SPA, the reference server answers /api.
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
  test: {
    // One worker per core. Vitest's default (cores - 1) is a single worker on a 2-core machine, which
    // leaves a core idle while a server test waits on its database or a child process.
    maxWorkers: availableParallelism(),
    projects: [
      // These four projects share no global state between files (no module mocks, fake timers or
      // stubbed globals; each file starts its own actors and servers), so a worker reuses the modules
      // it imported for the next file instead of importing xstate, effect and the charts anew for each.
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], environment: "node", isolate: false } },
      { extends: true, test: { name: "services", include: ["test/services/**/*.test.ts"], environment: "node", isolate: false } },
      { extends: true, test: { name: "machines", include: ["test/machines/**/*.test.ts"], environment: "node", isolate: false } },
      // The model run ends with its coverage table (test/model/coverage-summary.ts).
      {
        extends: true,
        test: { name: "model", include: ["test/model/**/*.test.ts"], environment: "node", isolate: false, globalSetup: ["test/model/coverage-summary.ts"] },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["test/server/**/*.test.ts"],
          exclude: serverExclude,
          environment: "node",
          // Builds the migrated, seeded database once; each test file loads a copy (about 1 s).
          globalSetup: ["test/server/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
    ],
  },
})
