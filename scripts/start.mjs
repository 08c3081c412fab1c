// `npm start`: builds the SPA and the server bundle, then runs the reference server (embedded
// PostgreSQL in DATA_DIR, demo world seeded on first start). Arguments pass through, e.g.
// `npm start -- --reset`.
import { spawn } from "node:child_process"
import { must } from "./run.mjs"

await must("Building the app (vite build)", "npx", ["vite", "build", "--logLevel", "warn"])
await must("Bundling the reference server", "node", ["scripts/build-server.mjs"])

const server = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js", ...process.argv.slice(2)], { stdio: "inherit" })
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal))
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
