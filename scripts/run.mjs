// Small helpers for the project's scripts: run a command with inherited output, fail loudly.
import { spawn } from "node:child_process"

/** Runs a command, streaming its output; resolves with the exit code. */
export const run = (cmd, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", ...options })
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on("error", (error) => {
      console.error(`${cmd}: ${error.message}`)
      resolve(1)
    })
  })

/** Runs a command and exits the process with its code when it fails. */
export const must = async (label, cmd, args, options) => {
  console.log(`\n▶ ${label}`)
  const code = await run(cmd, args, options)
  if (code !== 0) {
    console.error(`✖ ${label} failed (exit ${code})`)
    process.exit(code)
  }
}
