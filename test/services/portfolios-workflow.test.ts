import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { apiServices } from "../../src/app/api"
import portfolios from "../../src/app/workflows/portfolios"
import type { AccountDetails, AccountList } from "../../src/contract/accounts"
import type { Profile } from "../../src/contract/profile"
import { ApiError } from "../../src/services/api-errors"
import { Portfolio } from "../../src/services/portfolio.service"

// The portfolios workflow's first load (src/app/workflows/portfolios.ts) over a Portfolio service
// that records what it was asked: the profile and the list, then the selected account's details.
const list = [{ accountId: "A1" }, { accountId: "A2" }] as unknown as AccountList
const profile = { status: "verified" } as unknown as Profile
const detailsOf = (accountId: string) => ({ accountId, details: { orders: [], payments: [] } }) as unknown as AccountDetails

const load = async (accountId: string | null, opts: { accounts?: AccountList; failDetails?: boolean } = {}) => {
  const asked: string[] = []
  const layer = Layer.succeed(
    Portfolio,
    Portfolio.of({
      profile: () => Effect.sync(() => (asked.push("profile"), profile)),
      accounts: () => Effect.sync(() => (asked.push("accounts"), opts.accounts ?? list)),
      account: (id: string) =>
        opts.failDetails
          ? Effect.suspend(() => (asked.push(`account ${id}`), Effect.fail(new ApiError({ status: 500, code: "internal", text: "Something went wrong." }) as never)))
          : Effect.sync(() => (asked.push(`account ${id}`), detailsOf(id))),
    } as unknown as Parameters<typeof Portfolio.of>[0]),
  )
  const program = portfolios.calls!.loadPortfolios!(apiServices)({ accountId })
  const out = await Effect.runPromise(Effect.provide(program, layer) as Effect.Effect<unknown>)
  return { out, asked }
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
})
