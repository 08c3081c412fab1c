import { describe, expect, it } from "vitest"
import { ConfigError, loadConfig, redactUrl } from "../../../server/config"

const problemsOf = (env: Record<string, string>): ReadonlyArray<string> => {
  try {
    loadConfig(env, "/srv/app")
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error("expected a ConfigError")
}

describe("loadConfig", () => {
  it("applies the documented defaults, resolving paths against the working directory", () => {
    expect(loadConfig({}, "/srv/app")).toEqual({
      port: 8787,
      host: "127.0.0.1",
      dataDir: "/srv/app/data",
      databaseUrl: undefined,
      processes: 1,
      databasePoolSize: 10,
      demoMode: true,
      staticDir: "/srv/app/dist/public",
      sessionValidityMinutes: 30,
      rateLimitPerAccount: 10,
      rateLimitPerAddress: 100,
      lookupLimitPerMinute: 10,
      lookupLimitPerDay: 100,
      documentsDir: "/srv/app/data/documents",
      uploadsPerUserAtOnce: 2,
      uploadsPerUserPerDay: 50,
      reportsDir: "/srv/app/reports",
      chartsFile: "/srv/app/dist/charts.json",
      payoutTimings: { acceptAfterMs: 5_000, sendAfterMs: 10_000, settleAfterMs: 3_000 },
      documentReviewMs: 60_000,
    })
  })

  it("reads every variable", () => {
    const config = loadConfig(
      {
        PORT: "9000",
        HOST: "0.0.0.0",
        DATA_DIR: "/var/lib/chartfolio",
        DATABASE_URL: "postgres://app:secret@db:5432/chartfolio",
        DEMO_MODE: "false",
        STATIC_DIR: "build/web",
        SESSION_VALIDITY_MINUTES: "45",
        RATE_LIMIT_PER_ACCOUNT: "25",
        RATE_LIMIT_PER_ADDRESS: "500",
        LOOKUP_LIMIT_PER_MINUTE: "3",
        LOOKUP_LIMIT_PER_DAY: "40",
        DOCUMENTS_DIR: "files/documents",
        UPLOADS_PER_USER_AT_ONCE: "3",
        UPLOADS_PER_USER_PER_DAY: "20",
        REPORTS_DIR: "/var/lib/chartfolio-reports",
        PROCESSES: "2",
        DATABASE_POOL_SIZE: "16",
        CHARTS_FILE: "/opt/chartfolio/charts.json",
        PAYOUT_QUEUED_MS: "100",
        PAYOUT_PENDING_MS: "60000",
        PAYOUT_SENT_MS: "0",
        DOCUMENT_REVIEW_MS: "5000",
      },
      "/srv/app",
    )
    expect(config).toEqual({
      port: 9000,
      host: "0.0.0.0",
      dataDir: "/var/lib/chartfolio",
      databaseUrl: "postgres://app:secret@db:5432/chartfolio",
      processes: 2,
      databasePoolSize: 16,
      demoMode: false,
      staticDir: "/srv/app/build/web",
      sessionValidityMinutes: 45,
      rateLimitPerAccount: 25,
      rateLimitPerAddress: 500,
      lookupLimitPerMinute: 3,
      lookupLimitPerDay: 40,
      documentsDir: "/srv/app/files/documents",
      uploadsPerUserAtOnce: 3,
      uploadsPerUserPerDay: 20,
      reportsDir: "/var/lib/chartfolio-reports",
      chartsFile: "/opt/chartfolio/charts.json",
      payoutTimings: { acceptAfterMs: 100, sendAfterMs: 60_000, settleAfterMs: 0 },
      documentReviewMs: 5_000,
    })
  })

  it("turns demo mode off with 0 and keeps it on with 1; empty values count as unset", () => {
    expect(loadConfig({ DEMO_MODE: "0" }).demoMode).toBe(false)
    expect(loadConfig({ DEMO_MODE: "1" }).demoMode).toBe(true)
    expect(loadConfig({ DEMO_MODE: "", PORT: " " }).demoMode).toBe(true)
    expect(loadConfig({ PORT: "" }).port).toBe(8787)
  })

  it("turns demo mode on by default only while listening on a loopback address", () => {
    for (const HOST of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"]) expect(loadConfig({ HOST }).demoMode, HOST).toBe(true)
    for (const HOST of ["0.0.0.0", "::", "192.168.1.10", "chartfolio.example.com"]) expect(loadConfig({ HOST }).demoMode, HOST).toBe(false)
    // Set explicitly, it is what it says wherever the server listens.
    expect(loadConfig({ HOST: "0.0.0.0", DEMO_MODE: "1" }).demoMode).toBe(true)
    expect(loadConfig({ HOST: "127.0.0.1", DEMO_MODE: "0" }).demoMode).toBe(false)
  })

  it("names each bad value with what was expected", () => {
    expect(problemsOf({ PORT: "abc" })).toEqual(['PORT must be a whole number from 0 to 65535 (got "abc")'])
    expect(problemsOf({ PORT: "70000", SESSION_VALIDITY_MINUTES: "0", DEMO_MODE: "maybe" })).toHaveLength(3)
    expect(problemsOf({ RATE_LIMIT_PER_ACCOUNT: "0", RATE_LIMIT_PER_ADDRESS: "many" })).toEqual([
      'RATE_LIMIT_PER_ACCOUNT must be a whole number of attempts from 1 to 1000000 (got "0")',
      'RATE_LIMIT_PER_ADDRESS must be a whole number of attempts from 1 to 1000000 (got "many")',
    ])
    expect(problemsOf({ LOOKUP_LIMIT_PER_MINUTE: "0", LOOKUP_LIMIT_PER_DAY: "1.5" })).toEqual([
      'LOOKUP_LIMIT_PER_MINUTE must be a whole number of lookups from 1 to 1000000 (got "0")',
      'LOOKUP_LIMIT_PER_DAY must be a whole number of lookups from 1 to 1000000 (got "1.5")',
    ])
    expect(problemsOf({ UPLOADS_PER_USER_AT_ONCE: "0", UPLOADS_PER_USER_PER_DAY: "lots" })).toEqual([
      'UPLOADS_PER_USER_AT_ONCE must be a whole number of uploads from 1 to 100 (got "0")',
      'UPLOADS_PER_USER_PER_DAY must be a whole number of uploads from 1 to 1000000 (got "lots")',
    ])
    expect(problemsOf({ PAYOUT_PENDING_MS: "soon" })).toEqual(['PAYOUT_PENDING_MS must be a whole number of milliseconds from 0 to 86400000 (got "soon")'])
    expect(problemsOf({ PROCESSES: "0", DATABASE_POOL_SIZE: "none" })).toEqual([
      'PROCESSES must be a whole number of processes from 1 to 64 (got "0")',
      'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000 (got "none")',
    ])
    // Several processes share one PostgreSQL; the embedded database belongs to one process.
    expect(problemsOf({ PROCESSES: "2" })).toEqual(['PROCESSES above 1 needs DATABASE_URL: the embedded database belongs to one process (got "2")'])
    expect(loadConfig({ PROCESSES: "2", DATABASE_URL: "postgres://db/x" }).processes).toBe(2)
    expect(problemsOf({ DATABASE_URL: "mysql://root:hunter2@db/x" })[0]).toContain("postgres://")
    expect(problemsOf({ DATABASE_URL: "mysql://root:hunter2@db/x" })[0]).not.toContain("hunter2")
  })

  it("the error message lists every problem", () => {
    expect(() => loadConfig({ PORT: "-1", HOST: "a b" })).toThrow(/PORT must be.*\n.*HOST must be/s)
  })
})

describe("redactUrl", () => {
  it("hides the password of a connection string", () => {
    expect(redactUrl("postgresql://app:s3cr%40t@db.internal:5432/chartfolio")).toBe("postgresql://app:***@db.internal:5432/chartfolio")
    expect(redactUrl("postgres://db/chartfolio")).toBe("postgres://db/chartfolio")
  })
})
