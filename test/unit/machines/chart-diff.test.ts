import { describe, expect, it } from "vitest"
import { chartTransitions } from "../../../src/machines/anatomy"
import { chartShape, diffCharts, diffMarks, guardText } from "../../../src/machines/chart-diff"
import { canonicalChart } from "../../../src/machines/fingerprint"
import { withdrawalMachine } from "../../../src/machines/withdrawal.machine"
import { earlierVersion } from "../../support/changed-chart"

const now = canonicalChart(withdrawalMachine)
/** The withdrawal chart as approved before the quote could expire and before the review asked for a valid form. */
const approved = earlierVersion(now, {
  withoutState: "open.reviewing.expired",
  withGuard: { source: "open.editing", event: "form.review", guard: "isAmountValid" },
})

describe("diffCharts", () => {
  it("finds nothing between a version and itself", () => {
    expect(diffCharts(now, now)).toEqual([])
  })

  it("lists the new state, the transitions into and out of it, and the changed guard: nothing else", () => {
    const changes = diffCharts(approved, now)
    expect(changes).toEqual([
      { kind: "state", change: "added", path: "open.reviewing.expired" },
      {
        kind: "transition",
        change: "changed",
        transition: expect.objectContaining({ source: "open.editing", event: "form.review", targets: ["open.reviewing"], guard: "isFormValid" }),
        guard: { before: "isAmountValid", after: "isFormValid" },
      },
      {
        kind: "transition",
        change: "added",
        transition: expect.objectContaining({ source: "open.reviewing.expired", event: "quote.refresh", targets: ["open.reviewing.quoting"] }),
      },
      {
        kind: "transition",
        change: "added",
        transition: expect.objectContaining({ source: "open.reviewing.quoted", event: "after quoteExpiry", targets: ["open.reviewing.expired"] }),
      },
      {
        kind: "transition",
        change: "added",
        transition: expect.objectContaining({
          source: "open.submitting",
          event: "xstate.error.actor.withdraw",
          targets: ["open.reviewing.expired"],
          guard: "isQuoteExpiredRefusal",
        }),
      },
    ])
  })

  it("says the reverse the other way round: removed instead of added, the guard's before and after swapped", () => {
    const changes = diffCharts(now, approved)
    expect(changes.filter((c) => c.change === "removed")).toHaveLength(4)
    expect(changes.find((c) => c.kind === "transition" && c.change === "changed")).toMatchObject({ guard: { before: "isFormValid", after: "isAmountValid" } })
  })

  it("names a state whose description, tags or entry changed, and a change of the chart's texts", () => {
    const doc = JSON.parse(now) as { root: { meta: { events: Record<string, string> }; states: { closed: { meta: { description: string }; tags: string[] } } } }
    doc.root.states.closed.meta.description = "Shut"
    doc.root.states.closed.tags = ["resting"]
    doc.root.meta.events["modal.open"] = "Opens it"
    expect(diffCharts(now, JSON.stringify(doc))).toEqual([
      { kind: "state", change: "changed", path: "closed", aspects: ["tags", "description"] },
      { kind: "texts", change: "changed" },
    ])
  })

  it("refuses a text that is not a canonical definition", () => {
    expect(() => diffCharts("[]", now)).toThrow()
  })
})

describe("guardText", () => {
  it("labels guards as the explorer does", () => {
    expect(guardText(null)).toBeUndefined()
    expect(guardText("isValid")).toBe("isValid")
    expect(guardText({ type: "xstate.not", guards: ["isValid"] })).toBe("not(isValid)")
    expect(guardText({ type: "xstate.and", guards: ["a", { type: "xstate.not", guards: ["b"] }] })).toBe("and(a, not(b))")
    expect(guardText({ type: "hasAtLeast", params: { n: 2 } })).toBe("hasAtLeast")
  })
})

describe("diffMarks", () => {
  it("marks the drawn states and transitions that were added or changed, by the diagram's keys", () => {
    const transitions = chartTransitions(withdrawalMachine)
    const marks = diffMarks(diffCharts(approved, now), transitions)
    const key = (source: string, event: string, target: string) => transitions.find((t) => t.source === source && t.event === event && t.target === target)?.key
    expect(Object.fromEntries(marks)).toEqual({
      "open.reviewing.expired": "added",
      [key("open.editing", "form.review", "open.reviewing") as string]: "changed",
      [key("open.reviewing.expired", "quote.refresh", "open.reviewing.quoting") as string]: "added",
      [key("open.reviewing.quoted", "after quoteExpiry", "open.reviewing.expired") as string]: "added",
      [key("open.submitting", "xstate.error.actor.withdraw", "open.reviewing.expired") as string]: "added",
    })
    expect(marks.size).toBe(5)
  })

  it("every transition of every shape it reads matches one the diagram draws", () => {
    const shape = chartShape(now)
    const transitions = chartTransitions(withdrawalMachine)
    for (const t of shape.transitions.values()) {
      const marks = diffMarks([{ kind: "transition", change: "added", transition: t }], transitions)
      expect(marks.size, t.id).toBeGreaterThan(0)
    }
  })
})
