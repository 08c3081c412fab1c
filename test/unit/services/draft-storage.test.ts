import { describe, expect, it } from "vitest"
import { draftKey, makeDraftStore } from "../../../src/services/draft-storage"
import { memoryStorage, storageKey } from "../../../src/services/json-storage"

const setup = () => {
  const web = memoryStorage()
  let user: string | null = "U1"
  const store = makeDraftStore(
    () => web,
    () => user,
  )
  return { web, store, signIn: (id: string | null) => (user = id) }
}

describe("the draft store (sessionStorage, per user)", () => {
  it("gives the signed-in user back the draft they left", () => {
    const { store } = setup()
    store.write("orderTicket", { side: "SELL", amount: "100" })
    expect(store.read("orderTicket")).toEqual({ side: "SELL", amount: "100" })
    expect(store.read("withdrawal")).toBeUndefined()
  })

  it("never shows a draft to another user, and drops it", () => {
    const { web, store, signIn } = setup()
    store.write("withdrawal", { amount: "50" })
    signIn("U2")
    expect(store.read("withdrawal")).toBeUndefined()
    signIn("U1")
    expect(store.read("withdrawal")).toBeUndefined()
    expect(web.getItem(draftKey("withdrawal"))).toBeNull()
  })

  it("keeps nothing while no one is signed in", () => {
    const { store, signIn } = setup()
    signIn(null)
    store.write("orderTicket", { amount: "1" })
    signIn("U1")
    expect(store.read("orderTicket")).toBeUndefined()
  })

  it("drops one draft on remove and every draft on clear, leaving other stored values", () => {
    const { web, store } = setup()
    web.setItem(storageKey("language"), JSON.stringify("de"))
    store.write("orderTicket", { amount: "1" })
    store.write("withdrawal", { amount: "2" })
    store.remove("orderTicket")
    expect(store.read("orderTicket")).toBeUndefined()
    expect(store.read("withdrawal")).toEqual({ amount: "2" })
    store.clear()
    expect(store.read("withdrawal")).toBeUndefined()
    expect(web.getItem(storageKey("language"))).toBe(JSON.stringify("de"))
  })

  it("reads nothing from corrupt JSON and works without storage", () => {
    const { web, store } = setup()
    web.setItem(draftKey("orderTicket"), "{oops")
    expect(store.read("orderTicket")).toBeUndefined()
    const none = makeDraftStore(
      () => {
        throw new Error("refused")
      },
      () => "U1",
    )
    none.write("orderTicket", { amount: "1" })
    expect(none.read("orderTicket")).toBeUndefined()
  })
})
