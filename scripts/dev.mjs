// `npm run dev`: the reference server (tsx, API on API_PORT, default 8788) and Vite's dev server
// with hot reload, which proxies /api to it. Open the URL Vite prints.
import { spawn, spawnSync } from "node:child_process"

const apiPort = process.env.API_PORT ?? "8788"
// The charts the server lets reviewers approve: the source's, as a build would list them.
spawnSync("npx", ["tsx", "scripts/chart-manifest.ts"], { stdio: "inherit" })
const children = [
  spawn("npx", ["tsx", "watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, STATIC_DIR: process.env.STATIC_DIR ?? "dist/public" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
]
const stop = (signal) => children.forEach((c) => c.kill(signal))
process.on("SIGINT", () => stop("SIGINT"))
process.on("SIGTERM", () => stop("SIGTERM"))
children.forEach((c) =>
  c.on("exit", (code) => {
    stop("SIGTERM")
    process.exit(code ?? 0)
  }),
)
