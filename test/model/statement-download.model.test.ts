import { expect, vi, type Mock } from "vitest"
import { statementDownloadMachine } from "../../src/machines/statement-download.machine"
import { defineChartModel, describeModel, type ModelEvent } from "./harness"

const refused = { _tag: "ApiError", status: 404, code: "not_found", text: "No such statement." }
const cancelled = { _tag: "RequestCancelled", text: "Cancel Request" }
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46])

const confirmation = { type: "statement.download", kind: "confirmation", key: "confirmation-2026-02-09-790d09a4", date: "2026-02-09", lang: "en" } as const
const monthly = { type: "statement.download", kind: "account", key: "account-2026-02", date: "2026-02-01", lang: "de" } as const

const thirdPage = { type: "page.change", tab: "account", page: 3 } as const
// Not a page: the chart keeps the first.
const noPage = { type: "page.change", tab: "confirmation", page: 0 } as const

/** After a page.change, the tab it names shows that page (at least 1) and the other tab's page is kept. */
const expectPage = (
  snap: { context: { pages: Record<string, number> } },
  event: ModelEvent | undefined,
  before: { pages: Record<string, number> } | undefined,
) => {
  if (event?.kind !== "event" || event.event.type !== "page.change") return
  const sent = event.event as unknown as { tab: "confirmation" | "account"; page: number }
  const other = sent.tab === "account" ? "confirmation" : "account"
  expect(snap.context.pages[sent.tab]).toBe(Math.max(1, sent.page))
  expect(snap.context.pages[other]).toBe(before?.pages[other])
}

const taken = (path: { steps: ReadonlyArray<{ event: ModelEvent }> }, step: number): ModelEvent | undefined => path.steps[step]?.event

describeModel(
  defineChartModel({
    chart: "statement-download",
    machine: statementDownloadMachine,
    input: { accountId: "A1", accountNumber: "9745753502" },
    events: [{ type: "tab.change", tab: "account" }, { type: "tab.change", tab: "confirmation" }, thirdPage, noPage, confirmation, monthly],
    invocations: {
      downloadStatement: { done: [pdf], error: [refused, cancelled] },
    },
    implementations: () => ({
      actions: { saveFile: vi.fn<(_: unknown, p: unknown) => void>(), notify: vi.fn<(_: unknown, p: unknown) => void>() },
    }),
    states: {
      idle: (snap, { path, step, implementations }) => {
        expect(snap.hasTag("busy")).toBe(false)
        expect(snap.context.request).toBeNull()
        const save = implementations.actions?.saveFile as Mock
        const notify = implementations.actions?.notify as Mock
        const event = taken(path, step)
        const before = path.steps[step - 1]?.state.machineSnapshot.context as
          { request: { kind: string; date: string } | null; tab: string; pages: Record<string, number> } | undefined
        if (event?.kind === "done") {
          // Saved under the domain's name for the file's kind, account number and date; no toast.
          const name =
            before?.request?.kind === "confirmation"
              ? "chartfolio-trade-confirmation-9745753502-2026-02-09.pdf"
              : "chartfolio-account-statement-9745753502-2026-02.pdf"
          expect(save).toHaveBeenLastCalledWith(expect.anything(), { bytes: pdf, fileName: name })
          expect(notify).not.toHaveBeenCalled()
        } else if (event?.kind === "error") {
          // A toast with the server's text (nothing for a cancelled request), nothing saved, the tab kept.
          const error = event.error as { _tag: string; text: string }
          if (error._tag === "RequestCancelled") expect(notify).not.toHaveBeenCalled()
          else expect(notify).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ kind: "error" }))
          expect(save).not.toHaveBeenCalled()
          expect(snap.context.tab).toBe(before?.tab)
        }
        if (event?.kind === "event" && event.event.type === "tab.change") expect(snap.context.tab).toBe((event.event as unknown as { tab: string }).tab)
        expectPage(snap, event, before)
        if (path.steps.length === 1) {
          expect(snap.context.tab).toBe("confirmation")
          expect(snap.context.pages).toEqual({ confirmation: 1, account: 1 })
        }
      },
      downloading: (snap, { path, step, inputOf }) => {
        expect(snap.hasTag("busy")).toBe(true)
        const event = taken(path, step)
        expectPage(snap, event, path.steps[step - 1]?.state.machineSnapshot.context as { pages: Record<string, number> } | undefined)
        if (event?.kind === "event" && event.event.type === "statement.download") {
          const sent = event.event as typeof confirmation | typeof monthly
          expect(snap.context.request).toEqual({ kind: sent.kind, key: sent.key, date: sent.date, lang: sent.lang })
          expect(inputOf("downloadStatement")).toEqual({ accountId: "A1", key: sent.key, lang: sent.lang })
        }
      },
    },
  }),
)
