// A throwaway PostgreSQL cluster for the PostgreSQL pass of the server tests: Debian's postgresql
// (installed with apt-get when missing and running as root, else the exact command to run), a fresh
// `initdb` in a temporary directory, `pg_ctl start` on a free local port, and a stop that removes
// everything again. As root the cluster runs as the `postgres` user (PostgreSQL refuses root).
//
//   const cluster = await startCluster()     // { url, stop }
//   try { ... DATABASE_URL=cluster.url ... } finally { cluster.stop() }
//
// From a shell: `node scripts/postgres-cluster.mjs -- <command ...>` runs the command with
// DATABASE_URL and TEST_DATABASE_URL set to the cluster and stops the cluster afterwards (also when
// the command fails or the script is interrupted), e.g.
//   node scripts/postgres-cluster.mjs -- npx vitest run --project server test/server/scale
import { execFileSync, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { aptInstallOrExit, has } from "./apt-install.mjs"

const isRoot = typeof process.getuid === "function" && process.getuid() === 0
const ROLE = "chartfolio"

/** The directory holding initdb and pg_ctl (Debian keeps them out of PATH), or null. */
const findBinDir = () => {
  const root = "/usr/lib/postgresql"
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a))
    if (versions.length > 0) return join(root, versions[0], "bin")
  }
  if (has("initdb") && has("pg_ctl")) return ""
  return null
}

/** The PostgreSQL binaries' directory, installing Debian's postgresql first when missing. */
export const ensurePostgres = () => {
  const found = findBinDir()
  if (found !== null) return found
  aptInstallOrExit({ missing: "PostgreSQL", why: "the PostgreSQL pass of the server tests starts a throwaway cluster with it", packages: ["postgresql"] })
  const installed = findBinDir()
  if (installed === null) {
    console.error("apt-get finished but initdb is still missing.")
    process.exit(1)
  }
  return installed
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/**
 * Starts a fresh cluster; resolves with its URL (superuser `chartfolio`, trust authentication on
 * 127.0.0.1 only, database `postgres`) and a synchronous `stop()` that stops it and deletes its
 * directory (safe to call twice). Durability settings are off (fsync): the cluster is thrown away,
 * and the crash tests kill the API server, not PostgreSQL.
 */
export const startCluster = async () => {
  const binDir = ensurePostgres()
  const bin = (name) => (binDir ? join(binDir, name) : name)
  const dir = mkdtempSync(join(tmpdir(), "chartfolio-pg-"))
  const dataDir = join(dir, "data")
  // As root, PostgreSQL's tools run as the postgres user of Debian's package, who owns the directory.
  const asOwner = (command, args) => {
    if (!isRoot) return execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"] })
    return execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: ["ignore", "pipe", "pipe"] })
  }
  if (isRoot) {
    execFileSync("chown", ["postgres:", dir])
    chmodSync(dir, 0o700)
  }
  let started = false
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    if (started) {
      try {
        asOwner(bin("pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate", "-w", "-t", "30"])
      } catch (error) {
        console.error(`pg_ctl stop failed: ${error.stderr?.toString() ?? error.message}`)
      }
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    asOwner(bin("initdb"), ["-D", dataDir, "-U", ROLE, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"])
    const port = await freePort()
    const options = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      "-c max_connections=300",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ")
    started = true
    asOwner(bin("pg_ctl"), ["start", "-D", dataDir, "-w", "-t", "60", "-l", join(dir, "postgres.log"), "-o", options])
    return { url: `postgres://${ROLE}@127.0.0.1:${port}/postgres`, stop }
  } catch (error) {
    const detail = error.stderr?.toString() ?? ""
    stop()
    throw new Error(`Could not start a PostgreSQL cluster: ${error.message}${detail ? `\n${detail}` : ""}`, { cause: error })
  }
}

/** Stops the cluster when this process ends for any reason (exit, Ctrl-C, SIGTERM). */
export const stopOnExit = (cluster) => {
  process.once("exit", () => cluster.stop())
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      cluster.stop()
      // scripts/run.mjs, when loaded, stops the running commands and then exits itself.
      if (process.listenerCount(signal) === 0) process.exit(130)
    })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dash = process.argv.indexOf("--")
  const command = dash === -1 ? [] : process.argv.slice(dash + 1)
  if (command.length === 0) {
    console.error("Usage: node scripts/postgres-cluster.mjs -- <command ...>   (runs it with DATABASE_URL set to a throwaway cluster)")
    process.exit(1)
  }
  const cluster = await startCluster()
  stopOnExit(cluster)
  console.log(`PostgreSQL cluster at ${cluster.url}`)
  const result = spawnSync(command[0], command.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: cluster.url, TEST_DATABASE_URL: cluster.url },
  })
  cluster.stop()
  process.exit(result.status ?? 1)
}
