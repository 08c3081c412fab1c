import { spawn, spawnSync } from "node:child_process"
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { sql } from "kysely"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { DataDirLockedError, openDatabase } from "../../../server/db/database"
import { acquireDataDirLock, LOCK_FILE_NAME } from "../../../server/db/data-dir-lock"
import { DEMO_USERS } from "../../../server/db/seed/demo-users"
import { createTestDatabase, makeTempDataDir, type TestDatabase } from "../support/test-database"

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..")
const CHILD = join(REPO, "test/server/support/open-database-child.ts")

/** Runs the child that opens `dataDir`; resolves with its exit code and output. */
const openInChild = (dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, dataDir], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("error", reject)
    child.on("exit", (code) => resolvePromise({ code, stdout, stderr }))
  })

/** The PID of a process that has already exited. */
const deadPid = (): number => {
  const result = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" })
  return Number(result.stdout)
}

const countUsers = async (database: TestDatabase): Promise<number> =>
  (await sql<{ n: number }>`select count(*)::int as n from users`.execute(database.db)).rows[0]?.n ?? -1

describe("the data-directory lock of the embedded database", () => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createTestDatabase()
  })

  afterAll(async () => {
    await database?.close()
  })

  it("writes the holder's PID into chartfolio.lock", () => {
    const content = JSON.parse(readFileSync(join(database.dataDir, LOCK_FILE_NAME), "utf8")) as { pid: number; host: string }
    expect(content.pid).toBe(process.pid)
    expect(content.host).toBe(hostname())
  })

  it("refuses a second open in the same process, and the first keeps working", async () => {
    const second = openDatabase({ dataDir: database.dataDir })
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError)
    await expect(second).rejects.toThrow(database.dataDir)
    await expect(second).rejects.toThrow(`PID ${process.pid}`)
    expect(await countUsers(database)).toBe(Object.keys(DEMO_USERS).length)
  })

  it("refuses another process with a clear message, and the data is intact afterwards", async () => {
    const before = await countUsers(database)
    const { code, stderr } = await openInChild(database.dataDir)
    expect(code).toBe(2)
    expect(stderr).toContain(`The data directory ${database.dataDir} is in use by process ${process.pid}`)
    expect(stderr).toContain("stop the other server")
    expect(stderr).toContain(join(database.dataDir, LOCK_FILE_NAME))
    expect(await countUsers(database)).toBe(before)
    await sql`insert into settings (key, value) values ('after-child', 'ok')`.execute(database.db)
    expect((await database.db.selectFrom("settings").select("value").where("key", "=", "after-child").executeTakeFirst())?.value).toBe("ok")
    // The refused process did not remove or replace the holder's lock.
    expect(JSON.parse(readFileSync(join(database.dataDir, LOCK_FILE_NAME), "utf8")).pid).toBe(process.pid)
  })
})

describe("acquireDataDirLock", () => {
  const dirs: string[] = []
  const freshDir = (): string => {
    const dir = makeTempDataDir("lock")
    dirs.push(dir)
    return dir
  }

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it("holds until released, then can be taken again", () => {
    const dir = freshDir()
    const lock = acquireDataDirLock(dir)
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    lock.release()
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false)
    acquireDataDirLock(dir).release()
  })

  it("takes over a lock whose process is gone", () => {
    const dir = freshDir()
    const pid = deadPid()
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid, host: hostname(), token: "stale" }))
    const lock = acquireDataDirLock(dir)
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), "utf8")).pid).toBe(process.pid)
    lock.release()
  })

  it("takes over a bare-PID lock of a dead process, and one left by an earlier process with our PID", () => {
    const dir = freshDir()
    writeFileSync(join(dir, LOCK_FILE_NAME), `${deadPid()}\n`)
    acquireDataDirLock(dir).release()
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.pid, host: hostname(), token: "from-an-earlier-life" }))
    acquireDataDirLock(dir).release()
  })

  it("respects a lock held by a live process or by another host", () => {
    const dir = freshDir()
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, host: hostname(), token: "parent" }))
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by process ${process.ppid}`)
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid(), host: "some-other-host", token: "remote" }))
    expect(() => acquireDataDirLock(dir)).toThrow(/on host some-other-host/)
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), "utf8")).token).toBe("remote")
  })
})
