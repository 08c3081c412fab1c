/**
 * The exclusive lock on an embedded database's data directory: `${dataDir}/chartfolio.lock`,
 * created with O_EXCL and holding the owner's PID, host name and a random token. Two processes on
 * one PGlite directory corrupt it, so a second opener fails with `DataDirLockedError` and touches
 * nothing. A lock left by a process that is no longer alive (same host) is taken over.
 *
 * The lock is released by `release()` (called by Database.close) and, as a last resort, by a
 * process 'exit' hook. A process killed by a signal leaves the file behind; the next start sees the
 * dead PID and takes it over.
 */
import { randomBytes } from "node:crypto"
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs"
import { hostname } from "node:os"
import { join, resolve } from "node:path"

/** File name of the lock inside the data directory. */
export const LOCK_FILE_NAME = "chartfolio.lock"

/**
 * Thrown by `openDatabase` (and `acquireDataDirLock`) when another live process, or another open
 * Database in this process, holds the data directory. `dataDir` and `pid` name the holder; the
 * message says what to do.
 */
export class DataDirLockedError extends Error {
  readonly _tag = "DataDirLockedError" as const

  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
    readonly host: string | null = null,
  ) {
    const holder =
      pid === null
        ? "another process (the lock file is unreadable)"
        : pid === process.pid && (host === null || host === hostname())
          ? `this process (PID ${pid}) through another open database`
          : `process ${pid}${host && host !== hostname() ? ` on host ${host}` : ""}`
    super(
      `The data directory ${dataDir} is in use by ${holder}. Only one Chartfolio server may use a data ` +
        `directory at a time: stop the other server, or start this one with another DATA_DIR (or ` +
        `DATABASE_URL for a shared PostgreSQL). If you are sure no server is running, delete ` +
        `${join(dataDir, LOCK_FILE_NAME)}.`,
    )
    this.name = "DataDirLockedError"
  }
}

/** A held lock: `release()` removes the lock file if it is still ours (safe to call twice). */
export interface DataDirLock {
  readonly dataDir: string
  readonly path: string
  release(): void
}

interface LockContent {
  readonly pid: number | null
  readonly host: string | null
  readonly token: string | null
}

const heldInThisProcess = new Map<string, string>()

const readLock = (path: string): LockContent | "missing" => {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing"
    throw error
  }
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; host?: unknown; token?: unknown } | null
    if (typeof parsed !== "object" || parsed === null) throw new Error("not an object")
    return {
      pid: typeof parsed.pid === "number" ? parsed.pid : null,
      host: typeof parsed.host === "string" ? parsed.host : null,
      token: typeof parsed.token === "string" ? parsed.token : null,
    }
  } catch {
    // A bare PID is accepted too (a lock written by hand or by an older version).
    const pid = Number.parseInt(text.trim(), 10)
    return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : null, host: null, token: null }
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const tryCreate = (path: string, token: string): boolean => {
  let fd: number
  try {
    fd = openSync(path, "wx", 0o644)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false
    throw error
  }
  try {
    writeSync(fd, `${JSON.stringify({ pid: process.pid, host: hostname(), token, startedAt: new Date().toISOString() })}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

const unlinkIfExists = (path: string): void => {
  try {
    unlinkSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
  }
}

/** Whether the holder recorded in the lock file is gone, so the lock may be taken over. */
const isStale = (content: LockContent, path: string): boolean => {
  if (content.pid === null) {
    // Unreadable content: only a lock older than a minute (a crash mid-write) counts as stale.
    try {
      return Date.now() - statSync(path).mtimeMs > 60_000
    } catch {
      return true
    }
  }
  if (content.host !== null && content.host !== hostname()) return false
  if (content.pid === process.pid) {
    // Our PID: held by this process only if we created it; otherwise a previous process that had
    // the same PID (common for PID 1 in containers) left it behind.
    return content.token === null || ![...heldInThisProcess.values()].includes(content.token)
  }
  return !isAlive(content.pid)
}

const takeOverStale = (path: string, token: string): boolean => {
  // The takeover itself is guarded by a second O_EXCL file, so two processes that both saw the
  // same stale lock cannot both delete and recreate it.
  const guard = `${path}.takeover`
  if (!tryCreate(guard, token)) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > 10_000) unlinkIfExists(guard)
    } catch {
      // the guard vanished meanwhile: retry from the top
    }
    return false
  }
  try {
    const current = readLock(path)
    if (current !== "missing") {
      if (!isStale(current, path)) return false
      unlinkIfExists(path)
    }
    return tryCreate(path, token)
  } finally {
    unlinkIfExists(guard)
  }
}

/**
 * Takes the exclusive lock on `dataDir` (created if missing), or throws `DataDirLockedError`
 * naming the live holder. Synchronous, so nothing else can run between the check and the create.
 */
export const acquireDataDirLock = (dataDir: string): DataDirLock => {
  const dir = resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, LOCK_FILE_NAME)
  const token = randomBytes(16).toString("hex")

  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, token)) break
    const content = readLock(path)
    if (content === "missing") continue
    if (!isStale(content, path)) throw new DataDirLockedError(dir, content.pid, content.host)
    if (takeOverStale(path, token)) break
    if (attempt >= 20) throw new DataDirLockedError(dir, content.pid, content.host)
  }

  heldInThisProcess.set(path, token)
  const onExit = (): void => release()
  process.once("exit", onExit)

  let released = false
  const release = (): void => {
    if (released) return
    released = true
    process.removeListener("exit", onExit)
    heldInThisProcess.delete(path)
    const current = readLock(path)
    if (current !== "missing" && current.token === token) unlinkIfExists(path)
  }
  return { dataDir: dir, path, release }
}
