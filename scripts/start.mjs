// `npm start`: builds the SPA and the server bundle, then runs the reference server (embedded
// PostgreSQL in DATA_DIR, demo world seeded on first start). Arguments pass through, e.g.
// `npm start -- --reset`. It runs no tests: the build reads nothing the tests write, so the same
// commit builds the same bundle whatever ran before (`npm run check:reproducible`). The workflow
// explorer reads the tests' coverage reports from the server at run time (REPORTS_DIR).
import { spawn } from "node:child_process"
import { must } from "./run.mjs"

// The same build `npm test` and `npm run bench` use (vite build, brotli and gzip variants of every
// asset, the server bundle): what the README's command serves is what the bench measures.
await must("Building the app and the server (npm run build)", "npm", ["run", "build", "--silent"])

const server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js", ...process.argv.slice(2)], { stdio: "inherit" })
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal))
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
