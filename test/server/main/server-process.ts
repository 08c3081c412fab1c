import { spawn, type ChildProcess } from "node:child_process"

/** A `tsx server/main.ts` child and what it printed. */
export interface ServerProcess {
  readonly child: ChildProcess
  /** Everything printed so far on stdout and stderr. */
  readonly stdout: () => string
  readonly stderr: () => string
  /** Resolves with the exit code once the process ended. */
  readonly exited: Promise<number | null>
}

/**
 * Starts the server from source with the given arguments and environment (added to the current
 * one), as `npx tsx server/main.ts` does but in one process: `node --import tsx server/main.ts`.
 * Through the tsx CLI a signal is relayed to the server, and if the server does not acknowledge it
 * within 30 ms (a busy event loop on a loaded machine) tsx SIGKILLs it and exits 143; through npx,
 * SIGTERM is not passed on at all. One process gets the signal itself, so the tests observe the
 * server's own shutdown and exit code.
 */
export const startServer = (args: ReadonlyArray<string>, env: Record<string, string>): ServerProcess => {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let out = ""
  let err = ""
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return { child, stdout: () => out, stderr: () => err, exited }
}

/**
 * Waits until the server printed its URL and returns it (with 127.0.0.1 for localhost, so the
 * test does not depend on how this machine resolves localhost). Fails with the output if the
 * process exits first or nothing comes within `timeoutMs`.
 */
export const waitForUrl = (server: ServerProcess, timeoutMs = 90_000): Promise<string> =>
  new Promise((resolve, reject) => {
    const check = () => {
      // The whole banner (URL, data location, demo warning) is one write; wait for its data line.
      const match = /Chartfolio is running at (http:\/\/\S+)\nData: [^\n]*\n/.exec(server.stdout())
      if (match) {
        cleanup()
        resolve(match[1]!.replace("//localhost:", "//127.0.0.1:"))
      }
    }
    const onExit = (code: number | null) => {
      cleanup()
      reject(new Error(`server exited with ${code} before printing its URL\nstdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`))
    }
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`no URL within ${timeoutMs} ms\nstdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`))
    }, timeoutMs)
    const cleanup = () => {
      clearTimeout(timer)
      server.child.stdout!.off("data", check)
      server.child.off("exit", onExit)
    }
    server.child.stdout!.on("data", check)
    server.child.once("exit", onExit)
    check()
  })

/** Sends a signal and waits for the exit code. */
export const stopServer = async (server: ServerProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  return server.exited
}
