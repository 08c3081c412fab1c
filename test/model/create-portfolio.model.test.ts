import { describe, expect, it, vi } from "vitest"
import { createActor, fromCallback, fromPromise } from "xstate"
import type { CreateAccountRequest } from "../../src/contract/accounts"
import { createPortfolioMachine, type CreatePortfolioInput } from "../../src/machines/create-portfolio.machine"
import { portfoliosMachine } from "../../src/machines/portfolios.machine"
import { defineChartModel, describeModel, type ModelEvent, type StateCheck } from "./harness"

const message = { message: "Portfolio created successfully." }
const forbidden = { _tag: "ApiError", status: 403, code: "forbidden", text: "Portfolio are for verified users only" }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }

let keys = 0
// The portfolios actor the modal follows: its watcher is a stub here, the profile's status arrives as profile.change.
const portfolios = createActor(portfoliosMachine, { input: {} })
const input = (): CreatePortfolioInput => ({ partners: ["Alpaca", "Lekki Securities"], newKey: () => `key-${++keys}`, portfolios })

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

/** Nothing was created or reloaded unless the path just went through a successful creation. */
const nothingCreated: StateCheck<typeof createPortfolioMachine> = (_snap, { path, step, implementations }) => {
  const done = path.steps.slice(0, step + 1).some((s) => s.event.kind === "done")
  if (!done) expect(implementations.actions?.accountsChanged).not.toHaveBeenCalled()
}

const model = (open = false) =>
  defineChartModel({
    chart: "create-portfolio",
    machine: createPortfolioMachine,
    input: { ...input(), open },
    implementations: () => ({
      actions: { notify: vi.fn<(_: unknown, p: unknown) => void>(), accountsChanged: vi.fn<() => void>() },
    }),
    // Bounded: a status, partner or currency is only changed to a different value, and not while
    // a request runs (the root then only records it, as it does when closed).
    events: (snap) => [
      { type: "modal.open" },
      { type: "modal.close" },
      ...(snap.matches({ open: "submitting" })
        ? []
        : (["VERIFIED", "pending", null] as const)
            .filter((s) => s !== snap.context.profileStatus)
            .map((status) => ({ type: "profile.change" as const, status }))),
      ...(["Alpaca", null] as const).filter((p) => p !== snap.context.partner).map((partner) => ({ type: "partner.change" as const, partner })),
      ...(snap.context.currency === null ? [{ type: "currency.change" as const, currency: "USD" as const }] : []),
      { type: "form.submit" },
    ],
    invocations: {
      createAccount: { done: [message], error: [forbidden, cancelled] },
      // Follows the portfolios actor for the chart's life: no transition takes its end, so it is never offered.
      watchPortfolios: { done: [undefined] },
    },
    // The key itself is a fresh UUID in the app; what decides behaviour is whether one is held.
    serialize: (snap) => ({
      ...snap.context,
      newKey: undefined,
      portfolios: undefined,
      opensAtStart: undefined,
      idempotencyKey: snap.context.idempotencyKey !== null,
    }),
    states: {
      closed: (snap, info) => {
        nothingCreated(snap, info)
        expect(snap.hasTag("open")).toBe(false)
        const { path, step, implementations } = info
        const event = taken(path, step)
        if (event?.kind === "done") {
          // Created: the server's message as a success toast, the accounts reloaded, a clean form.
          expect(implementations.actions?.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: "success", text: message.message })
          expect(implementations.actions?.accountsChanged).toHaveBeenCalledOnce()
          expect(snap.context).toMatchObject({ partner: null, currency: null, idempotencyKey: null, failure: null })
        }
      },
      "open.awaitingProfile": (snap) => {
        expect(snap.context.profileStatus).toBeNull()
        expect(snap.hasTag("loading")).toBe(true)
      },
      "open.notAllowed": (snap, info) => {
        nothingCreated(snap, info)
        expect(snap.context.profileStatus).not.toBeNull()
        expect(snap.context.profileStatus?.toLowerCase()).not.toBe("verified")
        expect([snap.hasTag("open"), snap.hasTag("notAllowed"), snap.hasTag("editable")]).toEqual([true, true, false])
      },
      "open.editing": (snap, info) => {
        nothingCreated(snap, info)
        const { path, step, implementations } = info
        expect(snap.context.profileStatus?.toLowerCase()).toBe("verified")
        expect([snap.hasTag("editable"), snap.hasTag("busy")]).toEqual([true, false])
        const event = taken(path, step)
        if (event?.kind === "event" && event.event.type === "form.submit") {
          // An invalid submit stays here and shows 'Select Trading Account Partner'.
          expect(snap.context.partner).toBeNull()
          expect(snap.context.showIssues).toBe(true)
        }
        if (event?.kind === "error") {
          // The server's text in the modal (nothing for a request the client cancelled); the choices are kept.
          const silent = (event.error as { _tag: string })._tag === "RequestCancelled"
          expect(snap.context.failure?.text).toBe(silent ? undefined : forbidden.text)
          expect(snap.context.partner).toBe("Alpaca")
          expect(snap.context.idempotencyKey).not.toBeNull()
          expect(implementations.actions?.notify).not.toHaveBeenCalled()
        }
      },
      "open.submitting": (snap, { inputOf }) => {
        expect([snap.hasTag("editable"), snap.hasTag("busy")]).toEqual([true, true])
        expect(snap.context.partner).toBe("Alpaca")
        const request = inputOf("createAccount") as { body: CreateAccountRequest; idempotencyKey: string }
        expect(request.body).toEqual(snap.context.currency ? { partner: "Alpaca", currency: snap.context.currency } : { partner: "Alpaca" })
        expect(request.idempotencyKey).toBe(snap.context.idempotencyKey)
        expect(request.idempotencyKey).toMatch(/^key-\d+$/)
      },
    },
  })

// Started by the host on the first request (open at once), or closed and opened later.
describeModel([model(), model(true)])

describe("create-portfolio Idempotency-Key", () => {
  const start = () => {
    const calls: Array<{ body: CreateAccountRequest; idempotencyKey: string }> = []
    let n = 0
    let fail = true
    const actor = createActor(
      createPortfolioMachine.provide({
        actors: {
          createAccount: fromPromise<{ message: string }, { body: CreateAccountRequest; idempotencyKey: string }>(async ({ input }) => {
            calls.push(input)
            if (fail) throw forbidden
            return message
          }),
          // The portfolios actor's profile is verified.
          watchPortfolios: fromCallback(({ sendBack }) => sendBack({ type: "profile.change", status: "verified" })),
        },
        actions: { notify: vi.fn<() => void>(), accountsChanged: vi.fn<() => void>() },
      }),
      { input: { partners: ["Alpaca", "Lekki Securities"], newKey: () => `uuid-${++n}`, portfolios } },
    )
    actor.start()
    return { actor, calls, succeed: () => (fail = false) }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

  it("is reused when the same choices are retried, and renewed when a choice changes", async () => {
    const { actor, calls, succeed } = start()
    actor.send({ type: "modal.open" })
    actor.send({ type: "partner.change", partner: "Alpaca" })
    actor.send({ type: "form.submit" })
    await settle()
    actor.send({ type: "form.submit" })
    await settle()
    actor.send({ type: "partner.change", partner: "Lekki Securities" })
    actor.send({ type: "form.submit" })
    await settle()
    succeed()
    actor.send({ type: "form.submit" })
    await settle()
    expect(calls.map((c) => c.idempotencyKey)).toEqual(["uuid-1", "uuid-1", "uuid-2", "uuid-2"])
    expect(calls.map((c) => c.body.partner)).toEqual(["Alpaca", "Alpaca", "Lekki Securities", "Lekki Securities"])
    expect(actor.getSnapshot().matches("closed")).toBe(true)
    // A new intent after the creation gets a new key.
    actor.send({ type: "modal.open" })
    actor.send({ type: "partner.change", partner: "Alpaca" })
    actor.send({ type: "form.submit" })
    await settle()
    expect(calls.at(-1)?.idempotencyKey).toBe("uuid-3")
  })
})
