import { spawn } from "node:child_process"
import { expect } from "./fixtures"

/** Starts the built server with `env` on a port of its own; its URL and a stop function. */
export const startServer = async (env: Record<string, string>) => {
  const server = spawn(process.execPath, ["dist/server/main.js"], {
    env: { ...process.env, PORT: "0", DEMO_MODE: "1", RATE_LIMIT_PER_ACCOUNT: "1000", RATE_LIMIT_PER_ADDRESS: "10000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let printed = ""
  server.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()))
  server.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()))
  await expect.poll(() => /Chartfolio is running at (http:\/\/\S+)/.exec(printed)?.[1] ?? printed, { timeout: 120_000 }).toMatch(/^http:\/\/\S+$/)
  const url = /Chartfolio is running at (http:\/\/\S+)/.exec(printed)![1]!.replace("//localhost:", "//127.0.0.1:")
  const stop = async () => {
    server.kill("SIGTERM")
    await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(null)))
  }
  return { url, stop }
}
