/**
 * Ending a session with two API processes on one PostgreSQL (issue 35): demo@ is signed in twice
 * (through each process); the session ended through one process has its token refused (401) by
 * both processes on their next request, while the caller's session goes on through both. Ending
 * every other session through the second process does the same for a third sign-in. Runs in the
 * PostgreSQL pass (DATABASE_URL set).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { DEMO_EMAILS } from "../../../server/db/seed/demo-users"
import type { LiveClient } from "../support/live-server"
import { startTwoProcesses, type TwoProcesses } from "../support/two-processes"

let processes: TwoProcesses | undefined
let a: LiveClient
let b: LiveClient
let mine: string

beforeAll(async () => {
  processes = await startTwoProcesses()
  ;({ a, b, token: mine } = processes)
}, 180_000)

afterAll(async () => {
  await processes?.stop()
})

const profileStatus = async (client: LiveClient, token: string) => (await client.call("GET", "/api/users/profile", { token })).status
const currentSessionId = async (client: LiveClient, token: string): Promise<string> => {
  const res = await client.call("GET", "/api/users/sessions", { token })
  expect(res.status).toBe(200)
  return (res.body as ReadonlyArray<{ id: string; current: boolean }>).find((s) => s.current)!.id
}

describe("sessions on two processes", () => {
  it("a session ended through one process is refused by both at once; the caller's goes on", async () => {
    const other = await b.signIn(DEMO_EMAILS.demo)
    // Both processes have accepted the other session's token (and would have cached it, if they cached).
    expect([await profileStatus(a, other), await profileStatus(b, other)]).toEqual([200, 200])
    const id = await currentSessionId(b, other)
    const listed = await a.call("GET", "/api/users/sessions", { token: mine })
    expect((listed.body as ReadonlyArray<{ id: string }>).map((s) => s.id)).toContain(id)

    expect((await a.call("DELETE", `/api/users/sessions/${id}`, { token: mine })).status).toBe(200)
    for (const client of [b, a]) {
      const res = await client.call("GET", "/api/users/profile", { token: other })
      expect(res.status).toBe(401)
      expect(res.body.code).toBe(ErrorCodes.unauthorized)
    }
    expect([await profileStatus(a, mine), await profileStatus(b, mine)]).toEqual([200, 200])
  })

  it("ending every other session through the second process refuses the others on both", async () => {
    const third = await a.signIn(DEMO_EMAILS.demo)
    expect([await profileStatus(a, third), await profileStatus(b, third)]).toEqual([200, 200])
    const res = await b.call("POST", "/api/users/sessions/end-others", { token: mine })
    expect(res.status).toBe(200)
    expect(res.body.ended).toBeGreaterThanOrEqual(1)
    expect([await profileStatus(a, third), await profileStatus(b, third)]).toEqual([401, 401])
    expect([await profileStatus(a, mine), await profileStatus(b, mine)]).toEqual([200, 200])
    const left = await a.call("GET", "/api/users/sessions", { token: mine })
    expect((left.body as ReadonlyArray<{ current: boolean }>).map((s) => s.current)).toEqual([true])
  })
})
