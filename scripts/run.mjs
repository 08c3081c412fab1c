// Small helpers for the project's scripts: run a command with inherited output, fail loudly.
import { spawn } from "node:child_process"

// Commands started by `run`, each in a process group of its own (no terminal input: a background
// group that reads the terminal would be stopped). When this script is told to stop
// (CI's `timeout` sends SIGTERM, a terminal Ctrl-C sends SIGINT), each group gets SIGINT, which is
// what Playwright and Vitest handle by tearing down what they started (Playwright's web server
// holds the e2e port otherwise), and SIGKILL if it is still there after a grace period.
const live = new Set()
const GRACE_MS = 15_000
const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}
let stopping = false
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    const children = [...live]
    if (children.length > 0) console.error(`\n${signal}: stopping ${children.length} running command(s)`)
    for (const child of children) signalGroup(child, "SIGINT")
    const exit = () => process.exit(signal === "SIGINT" ? 130 : 143)
    if (children.length === 0) {
      // Nothing of ours is running: exit, unless the script has its own handler (npm start's server).
      if (process.listenerCount(signal) === 1) exit()
      return
    }
    const killer = setTimeout(() => {
      for (const child of live) signalGroup(child, "SIGKILL")
      exit()
    }, GRACE_MS)
    const check = setInterval(() => {
      if (live.size === 0) {
        clearTimeout(killer)
        clearInterval(check)
        exit()
      }
    }, 100)
  })
}

/** Runs a command, streaming its output; resolves with the exit code. */
export const run = (cmd, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "inherit", "inherit"], detached: true, ...options })
    live.add(child)
    child.on("exit", (code, signal) => {
      live.delete(child)
      resolve(code ?? (signal ? 1 : 0))
    })
    child.on("error", (error) => {
      live.delete(child)
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

/**
 * Runs a command with its output held back, for a command that runs beside another whose output
 * streams: resolves with its exit code and everything it wrote (stdout and stderr, in order).
 */
export const runHeld = (cmd, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], detached: true, ...options })
    live.add(child)
    const chunks = []
    child.stdout.on("data", (chunk) => chunks.push(chunk))
    child.stderr.on("data", (chunk) => chunks.push(chunk))
    const done = (code) => {
      live.delete(child)
      resolve({ code, output: Buffer.concat(chunks).toString("utf8") })
    }
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)))
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${cmd}: ${error.message}\n`))
      done(1)
    })
  })
