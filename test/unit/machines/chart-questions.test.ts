import { describe, expect, it } from "vitest"
import { createMachine } from "xstate"
import { chartTransitions, stateDetails } from "../../../src/machines/anatomy"
import { eventsBetween, reachableWithout, type ChartPath } from "../../../src/machines/chart-questions"
import { withdrawalMachine } from "../../../src/machines/withdrawal.machine"

const states = stateDetails(withdrawalMachine)
const transitions = chartTransitions(withdrawalMachine)
const walk = (path: ChartPath | null) =>
  path?.steps.map((s) => `${s.from} --${s.transition.event}${s.transition.guard ? ` [${s.transition.guard}]` : ""}--> ${s.to}`)

/** A withdrawal chart with the review step skippable: the deliberately broken chart. */
const broken = createMachine({
  id: "broken-withdrawal",
  initial: "closed",
  states: {
    closed: { on: { "modal.open": "open" } },
    open: {
      initial: "editing",
      on: { "modal.close": "#broken-withdrawal.closed" },
      states: {
        editing: { on: { "form.review": "reviewing", "form.quickSend": "submitting" } },
        reviewing: { on: { "review.back": "editing", "review.confirm": "submitting" } },
        submitting: { on: { "withdraw.done": "#broken-withdrawal.closed" } },
      },
    },
  },
})

describe("can STATE be reached without passing STATE?", () => {
  it("the withdrawal chart: a withdrawal cannot be submitted without the review step", () => {
    expect(reachableWithout(states, transitions, "open.submitting", "open.reviewing")).toBeNull()
  })

  it("the broken chart: it can, and the shortest path is the evidence", () => {
    const path = reachableWithout(stateDetails(broken), chartTransitions(broken), "open.submitting", "open.reviewing")
    expect(path?.start).toBe("closed")
    expect(walk(path)).toEqual(["closed --modal.open--> open.editing", "open.editing --form.quickSend--> open.submitting"])
  })

  it("a yes on the withdrawal chart names the guards on the way, and a state reached at the start needs no step", () => {
    expect(walk(reachableWithout(states, transitions, "open.reviewing", "open.banksFailed"))).toEqual([
      "closed --modal.open--> open.loadingBanks",
      "open.loadingBanks --xstate.done.actor.loadBankAccounts--> open.editing",
      "open.editing --form.review [isFormValid]--> open.reviewing.deciding",
    ])
    expect(reachableWithout(states, transitions, "closed", "open")).toEqual({ start: "closed", steps: [] })
    // Avoiding the start itself: nothing is reached.
    expect(reachableWithout(states, transitions, "open", "closed")).toBeNull()
  })
})

describe("which events lead from STATE to STATE?", () => {
  it("the transitions that go there in one step, and the shortest path", () => {
    const answer = eventsBetween(states, transitions, "open.editing", "open.reviewing")
    expect(answer.direct.map((t) => `${t.event} [${t.guard}]`)).toEqual(["form.review [isFormValid]"])
    expect(walk(answer.path)).toEqual(["open.editing --form.review [isFormValid]--> open.reviewing.deciding"])
  })

  it("a state left by a transition of its parent, and a state that leads nowhere near", () => {
    const closing = eventsBetween(states, transitions, "open.reviewing.quoted", "closed")
    expect(closing.direct.map((t) => `${t.source}: ${t.event}`)).toEqual(["open.reviewing: modal.close"])
    const toClosed = eventsBetween(stateDetails(broken), chartTransitions(broken), "open.submitting", "open.reviewing")
    expect(toClosed.direct).toEqual([])
    expect(walk(toClosed.path)).toEqual([
      "open.submitting --modal.close--> closed",
      "closed --modal.open--> open.editing",
      "open.editing --form.review--> open.reviewing",
    ])
  })
})
