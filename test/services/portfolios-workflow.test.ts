import { Deferred, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { apiServices } from "../../src/app/api"
import portfolios from "../../src/app/workflows/portfolios"
import { storedSelectionHint } from "../../src/app/first-answers"
import type { AccountDetails, AccountList } from "../../src/contract/accounts"
import type { Profile } from "../../src/contract/profile"
import { ApiError } from "../../src/services/api-errors"
import { ClientStorage } from "../../src/services/client-storage"
import { makeJsonStorage, memoryStorage, type JsonStorage } from "../../src/services/json-storage"
import { Portfolio } from "../../src/services/portfolio.service"

// The portfolios workflow's first load (src/app/workflows/portfolios.ts) over a Portfolio service
// that records what it was asked: the profile and the list, then the selected account's details.
const list = [{ accountId: "A1" }, { accountId: "A2" }] as unknown as AccountList
const profile = { status: "verified" } as unknown as Profile
const detailsOf = (accountId: string) => ({ accountId, details: { orders: [], payments: [] } }) as unknown as AccountDetails

const notFound = () => new ApiError({ status: 404, code: "not_found", text: "Not found." })

interface LoadOptions {
  accounts?: AccountList
  failDetails?: boolean
  /** Local storage as the last visit left it. */
  storage?: JsonStorage
  /** The list answers only once the details of this account were asked for (fails after a second). */
  listAfterDetailsOf?: string
}

const load = async (accountId: string | null, opts: LoadOptions = {}) => {
  const asked: string[] = []
  const storage = opts.storage ?? makeJsonStorage(memoryStorage)
  const detailsAsked = Effect.runSync(Deferred.make<void>())
  const accounts = opts.accounts ?? list
  const layer = Layer.merge(
    Layer.succeed(
      Portfolio,
      Portfolio.of({
        profile: () => Effect.sync(() => (asked.push("profile"), profile)),
        accounts: () =>
          opts.listAfterDetailsOf === undefined
            ? Effect.sync(() => (asked.push("accounts"), accounts))
            : Deferred.await(detailsAsked).pipe(
                Effect.timeoutOrElse({ duration: "1 second", orElse: () => Effect.die(new Error("the list was awaited before the details were asked for")) }),
                Effect.map(() => (asked.push("accounts"), accounts)),
              ),
        account: (id: string) =>
          Effect.suspend(() => {
            asked.push(`account ${id}`)
            if (id === opts.listAfterDetailsOf) Deferred.doneUnsafe(detailsAsked, Effect.void)
            if (opts.failDetails) return Effect.fail(new ApiError({ status: 500, code: "internal", text: "Something went wrong." }) as never)
            return accounts.some((a) => a.accountId === id) ? Effect.succeed(detailsOf(id)) : Effect.fail(notFound() as never)
          }),
      } as unknown as Parameters<typeof Portfolio.of>[0]),
    ),
    ClientStorage.layerFrom(storage),
  )
  const program = portfolios.calls!.loadPortfolios!(apiServices)({ accountId })
  const out = await Effect.runPromise(Effect.provide(program, layer) as Effect.Effect<unknown>)
  return { out, asked, storage }
}

const storageWith = (hint: unknown): JsonStorage => {
  const storage = makeJsonStorage(memoryStorage)
  storage.set("hint.portfolioSelection", hint)
  return storage
}

describe("the portfolios workflow's first load", () => {
  it("brings the first account's details when none is wanted", async () => {
    const { out, asked } = await load(null)
    expect(out).toEqual({ profile, accounts: list, details: detailsOf("A1") })
    expect(asked.slice(2)).toEqual(["account A1"])
  })

  it("brings the wanted account's details when it is the user's, else the first's", async () => {
    expect((await load("A2")).out).toMatchObject({ details: { accountId: "A2" } })
    expect((await load("B9")).out).toMatchObject({ details: { accountId: "A1" } })
  })

  it("asks for no details without an account", async () => {
    const { out, asked } = await load(null, { accounts: [] as unknown as AccountList })
    expect(out).toEqual({ profile, accounts: [], details: null })
    expect(asked.sort()).toEqual(["accounts", "profile"])
  })

  it("answers the profile and the list when the details fail (the chart then loads them itself)", async () => {
    const { out, asked } = await load(null, { failDetails: true })
    expect(out).toEqual({ profile, accounts: list, details: null })
    expect(asked).toContain("account A1")
  })

  it("asks for the details of the account the last load selected beside the list, not after it", async () => {
    const { out, asked, storage } = await load(null, {
      storage: storageWith("A2"),
      listAfterDetailsOf: "A2",
      accounts: [{ accountId: "A2" }, { accountId: "A1" }] as unknown as AccountList,
    })
    expect(out).toMatchObject({ details: { accountId: "A2" } })
    expect(asked.filter((a) => a.startsWith("account "))).toEqual(["account A2"])
    expect(storage.get("hint.portfolioSelection")).toBe("A2")
  })

  it("asks for the wanted account's details beside the list", async () => {
    const { out } = await load("A2", { listAfterDetailsOf: "A2" })
    expect(out).toMatchObject({ details: { accountId: "A2" } })
  })

  it("uses a remembered account only when the list selects it, and remembers the new selection", async () => {
    // The remembered account is no longer the first (or no longer the user's): the first's details are asked for.
    for (const hint of ["A2", "B9"]) {
      const { out, asked, storage } = await load(null, { storage: storageWith(hint) })
      expect(out).toEqual({ profile, accounts: list, details: detailsOf("A1") })
      expect(asked.filter((a) => a.startsWith("account "))).toEqual([`account ${hint}`, "account A1"])
      expect(storage.get("hint.portfolioSelection")).toBe("A1")
    }
  })

  it("asks once when the remembered account's details fail, leaving the retry to the chart", async () => {
    const { out, asked } = await load(null, { storage: storageWith("A1"), failDetails: true })
    expect(out).toEqual({ profile, accounts: list, details: null })
    expect(asked.filter((a) => a.startsWith("account "))).toEqual(["account A1"])
  })

  it("forgets the remembered account when the user has none", async () => {
    const { out, storage } = await load(null, { storage: storageWith("A1"), accounts: [] as unknown as AccountList })
    expect(out).toMatchObject({ details: null })
    expect(storage.get("hint.portfolioSelection")).toBeUndefined()
  })

  it("ignores a stored value that is not an account id", () => {
    for (const bad of [null, 42, "", "../admin", "a".repeat(65), { accountId: "A1" }]) expect(storedSelectionHint(bad)).toBeNull()
    expect(storedSelectionHint("0f321520-ba07-553d-a212-64e477ef2d8b")).toBe("0f321520-ba07-553d-a212-64e477ef2d8b")
  })
})
