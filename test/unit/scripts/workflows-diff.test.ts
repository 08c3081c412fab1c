import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Approval, ApprovalList, ChartManifest } from "../../../src/contract/workflows"
import { canonicalChart } from "../../../src/machines/fingerprint"
import { withdrawalMachine } from "../../../src/machines/withdrawal.machine"
import { orderCancelMachine } from "../../../src/machines/order-cancel.machine"
import { diffReport, englishTexts } from "../../../scripts/workflows-diff"
import { earlierVersion } from "../../support/changed-chart"

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")
const entry = (definition: string) => ({ fingerprint: sha256(definition), definition })

const withdrawal = entry(canonicalChart(withdrawalMachine))
const orderCancel = entry(canonicalChart(orderCancelMachine))
/** The withdrawal chart as a reviewer approved it before the quote could expire and the review asked for a valid form. */
const earlier = entry(
  earlierVersion(withdrawal.definition, {
    withoutState: "open.reviewing.expired",
    withGuard: { source: "open.editing", event: "form.review", guard: "isAmountValid" },
  }),
)
const build: ChartManifest = { charts: { withdrawal, "order-cancel": orderCancel } }
const approval = (chart: string, fingerprint: string, approvedAt: string): Approval => ({
  id: `${chart}-${approvedAt}`,
  chart,
  fingerprint,
  note: "Reviewed.",
  reviewer: { id: "r1", email: "reviewer@chartfolio.test", name: "Rita Reviewer" },
  approvedAt,
})
const changedSinceApproval: ApprovalList = {
  approvals: [
    approval("withdrawal", earlier.fingerprint, "2026-11-20T10:00:00.000Z"),
    approval("order-cancel", orderCancel.fingerprint, "2026-11-19T10:00:00.000Z"),
  ],
  definitions: { [earlier.fingerprint]: earlier.definition, [orderCancel.fingerprint]: orderCancel.definition },
}

describe("npm run workflows:diff", () => {
  it("prints each chart's standing and the changes of a changed one, as the explorer says them, and names the money chart changed without approval", async () => {
    const report = diffReport(await englishTexts(), build, changedSinceApproval)
    expect(report.lines).toEqual([
      `order-cancel: approved (${orderCancel.fingerprint.slice(0, 12)})`,
      `withdrawal (money): changed since approval ${earlier.fingerprint.slice(0, 12)} (5 changes)`,
      "  + New state: open.reviewing.expired.",
      "  ± Changed: in open.editing, on form.review, go to open.reviewing: the guard was isAmountValid, is now isFormValid.",
      "  + New: in open.reviewing.expired, on quote.refresh, go to open.reviewing.quoting.",
      "  + New: in open.reviewing.quoted, on after quoteExpiry, go to open.reviewing.expired.",
      "  + New: in open.submitting, on xstate.error.actor.withdraw, if isQuoteExpiredRefusal, go to open.reviewing.expired.",
      "Money charts without an approval of this version: withdrawal",
    ])
    expect(report.unapproved).toEqual(["withdrawal"])
  })

  it("passes once the running version is approved; a money chart never approved fails, another chart never approved does not", async () => {
    const t = await englishTexts()
    const approved: ApprovalList = {
      approvals: [approval("withdrawal", withdrawal.fingerprint, "2026-11-21T10:00:00.000Z"), ...changedSinceApproval.approvals],
      definitions: { [withdrawal.fingerprint]: withdrawal.definition },
    }
    expect(diffReport(t, build, approved).unapproved).toEqual([])
    const none = diffReport(t, build, { approvals: [], definitions: {} })
    expect(none.lines).toEqual([
      "order-cancel: never approved",
      "withdrawal (money): never approved",
      "Money charts without an approval of this version: withdrawal",
    ])
    expect(none.unapproved).toEqual(["withdrawal"])
  })

  describe("as a command", () => {
    const dir = mkdtempSync(join(tmpdir(), "chartfolio-diff-"))
    beforeAll(() => {
      writeFileSync(join(dir, "charts.json"), JSON.stringify(build))
      writeFileSync(join(dir, "changed.json"), JSON.stringify(changedSinceApproval))
      writeFileSync(
        join(dir, "approved.json"),
        JSON.stringify({
          approvals: [approval("withdrawal", withdrawal.fingerprint, "2026-11-21T10:00:00.000Z"), ...changedSinceApproval.approvals],
          definitions: {},
        }),
      )
    })
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const run = (approvals: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/workflows-diff.ts", "--charts", join(dir, "charts.json"), "--approvals", join(dir, approvals)], {
        encoding: "utf8",
      })

    it("exits 1 with the changes when a money chart changed without approval, 0 once it is approved", () => {
      const changed = run("changed.json")
      expect(changed.stdout).toContain("  + New state: open.reviewing.expired.")
      expect(changed.stdout).toContain("Money charts without an approval of this version: withdrawal")
      expect(changed.status).toBe(1)
      const approved = run("approved.json")
      expect(approved.stdout).toContain(`withdrawal (money): approved (${withdrawal.fingerprint.slice(0, 12)})`)
      expect(approved.status).toBe(0)
    }, 60_000)
  })
})
