// `npm start`: builds the SPA and the server bundle, then runs the reference server (embedded
// PostgreSQL in DATA_DIR, demo world seeded on first start). Arguments pass through, e.g.
// `npm start -- --reset`.
import { spawn } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"
import { must, run } from "./run.mjs"

// The workflow explorer (/workflows) shows the model tests' coverage, bundled at build time from
// reports/model: on a fresh clone, run the model tests first (about a minute) so it has them.
const charts = readdirSync("src/machines").filter((f) => f.endsWith(".machine.ts")).map((f) => f.replace(/\.machine\.ts$/, ""))
const missing = charts.filter((c) => !existsSync(`reports/model/${c}.json`))
if (missing.length > 0) {
  console.log(`\n▶ Writing the model-test coverage reports the workflow explorer shows (${missing.length} missing)`)
  const code = await run("npx", ["vitest", "run", "--project", "model", "--silent"])
  // A failing model test still writes its report; the app starts either way and says what it has.
  if (code !== 0) console.warn("⚠ Some model tests failed; the explorer shows the coverage they reported.")
}
// The same build `npm test` and `npm run bench` use (vite build, brotli and gzip variants of every
// asset, the server bundle): what the README's command serves is what the bench measures.
await must("Building the app and the server (npm run build)", "npm", ["run", "build", "--silent"])

const server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js", ...process.argv.slice(2)], { stdio: "inherit" })
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal))
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
