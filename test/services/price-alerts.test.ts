import { describe, expect, it } from "vitest"
import type { PriceAlert } from "../../src/contract/price-alerts"
import { PriceAlerts } from "../../src/services/price-alerts.service"
import { header, json } from "./test-server"
import { useTestRuntime } from "./test-runtime"

const ID = "6f1c2a9e-3d4b-4c8a-9e1f-0a2b3c4d5e6f"
const alert: PriceAlert = {
  id: ID,
  instrumentId: "0a2b3c4d-3d4b-4c8a-9e1f-6f1c2a9e5e6f",
  symbol: "ACME",
  name: "Acme Corp",
  currency: "USD",
  condition: "above",
  threshold: "101.5",
  state: "armed",
  armSeq: 1,
  firedAt: null,
  firedPrice: null,
  createdAt: "2026-03-16T12:00:00.000Z",
}

const { setup } = useTestRuntime()

describe("PriceAlerts", () => {
  it("creates an alert under the intent's Idempotency-Key and lists the alerts", async () => {
    const { server, runtime } = await setup({ "/api/users/price-alerts": (r) => (r.method === "POST" ? json(201, alert) : json(200, [alert])) })
    const request = { instrumentId: alert.instrumentId, condition: "above" as const, threshold: "101.5" }
    expect(await runtime.runPromise(PriceAlerts.use((p) => p.create(request, "key-1")))).toEqual(alert)
    expect(await runtime.runPromise(PriceAlerts.use((p) => p.list()))).toEqual([alert])
    const [create, list] = server.requests
    expect([create!.method, JSON.parse(create!.body), header(create!, "idempotency-key")]).toEqual(["POST", request, "key-1"])
    expect(list!.method).toBe("GET")
  })

  it("edits with PATCH, pauses or arms with PUT on its state, deletes with DELETE", async () => {
    const { server, runtime } = await setup({
      [`/api/users/price-alerts/${ID}`]: (r) => (r.method === "DELETE" ? json(200, []) : json(200, { ...alert, condition: "move", threshold: "5" })),
      [`/api/users/price-alerts/${ID}/state`]: () => json(200, { ...alert, state: "paused" }),
    })
    expect((await runtime.runPromise(PriceAlerts.use((p) => p.edit(ID, { condition: "move", threshold: "5" })))).threshold).toBe("5")
    expect((await runtime.runPromise(PriceAlerts.use((p) => p.setState(ID, "paused")))).state).toBe("paused")
    expect(await runtime.runPromise(PriceAlerts.use((p) => p.remove(ID)))).toEqual([])
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      `PATCH /api/users/price-alerts/${ID} {"condition":"move","threshold":"5"}`,
      `PUT /api/users/price-alerts/${ID}/state {"state":"paused"}`,
      `DELETE /api/users/price-alerts/${ID} `,
    ])
  })
})
