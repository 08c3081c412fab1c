import { describe, expect, it } from "vitest"
import { createActor, waitFor } from "xstate"
import { PUBLIC_CLIENT_KEY } from "../../src/contract/signature"
import { devMailboxMachine } from "../../src/machines/dev-mailbox.machine"
import { actorCall } from "./actor-call"
import { DevMailbox } from "../../src/services/dev-mailbox.service"
import { Health } from "../../src/services/health.service"
import { json, signedWith, type Routes } from "./test-server"
import { useTestRuntime } from "./test-runtime"

const mail = [
  { id: 2, to: "ada@example.com", subject: "Your code", text: "Code 123456", createdAt: "2026-01-15T09:00:00.000Z" },
  { id: 1, to: "bob@example.com", subject: "Reset", text: "Link", createdAt: "2026-01-14T09:00:00.000Z" },
]

const { setup, onCleanup } = useTestRuntime()

describe("Health", () => {
  it("checks GET /api/health, signed with the public client key", async () => {
    const { server, runtime } = await setup({ "/api/health": () => json(200, { status: "ok", time: "2026-01-15T09:00:00.000Z" }) })
    expect(await runtime.runPromise(Health.check())).toEqual({ status: "ok", time: "2026-01-15T09:00:00.000Z" })
    expect(server.requests[0]!.method).toBe("GET")
    expect(await signedWith(server.requests[0]!, PUBLIC_CLIENT_KEY)).toBe(true)
  })
})

describe("DevMailbox", () => {
  const routes: Routes = {
    "/api/dev/mailbox": (request) => {
      const to = new URL(request.url, "http://x").searchParams.get("to")
      return json(200, to ? mail.filter((m) => m.to === to) : mail)
    },
  }

  it("lists all mail, or the mail to one address", async () => {
    const { server, runtime } = await setup(routes)
    expect(await runtime.runPromise(DevMailbox.list())).toHaveLength(2)
    expect(await runtime.runPromise(DevMailbox.list(" ada@example.com "))).toEqual([mail[0]])
    expect(server.requests.map((r) => r.url)).toEqual(["/api/dev/mailbox", "/api/dev/mailbox?to=ada%40example.com"])
  })

  it("feeds the dev mailbox chart through the actor bridge, as the app wiring does", async () => {
    const { runtime } = await setup(routes)
    const machine = devMailboxMachine.provide({
      actors: { listMailbox: actorCall(runtime, (input: { to?: string }) => DevMailbox.list(input.to)) },
    })
    const actor = createActor(machine, { input: { to: "bob@example.com" } }).start()
    onCleanup(async () => {
      actor.stop()
    })
    const snapshot = await waitFor(actor, (s) => s.matches("loaded"), { timeout: 3_000 })
    expect(snapshot.context.messages).toEqual([mail[1]])
  })

  it("puts the chart in its error state with the server's text", async () => {
    const { runtime } = await setup({ "/api/dev/mailbox": () => json(404, { code: "not_found", error: "The mailbox is off outside demo mode" }) })
    const machine = devMailboxMachine.provide({
      actors: { listMailbox: actorCall(runtime, (input: { to?: string }) => DevMailbox.list(input.to)) },
    })
    const actor = createActor(machine, { input: {} }).start()
    onCleanup(async () => {
      actor.stop()
    })
    const snapshot = await waitFor(actor, (s) => s.hasTag("failed"), { timeout: 3_000 })
    expect(snapshot.context.error).toEqual({ _tag: "ApiError", text: "The mailbox is off outside demo mode" })
  })
})
