import { assign, setup } from "xstate"
import type { FileBytes } from "../contract/common"
import { DEFAULT_STATEMENT_KIND, statementFileName, type StatementKind, type StatementLanguage } from "../domain/statements"
import type { Notice } from "./failure"
import { notifyFailure, type Tag, TAG, providedCall, providedAction } from "./kit"

export interface StatementDownloadContext {
  readonly accountId: string
  /** The trading account number, part of the saved file's name. */
  readonly accountNumber: string
  /** The open tab: trade confirmations (default) or account statements. */
  readonly tab: StatementKind
  /** The page (1-based) shown of each tab's list; the view shows the last one when a list is shorter (`listPage`). */
  readonly pages: Readonly<Record<StatementKind, number>>
  /** The file being downloaded; null when none is. */
  readonly request: StatementRequest | null
}

export interface StatementDownloadInput {
  readonly accountId: string
  readonly accountNumber: string
}

/** A statement file of the list: its kind (tab), key and date. */
export interface StatementRequest {
  readonly kind: StatementKind
  readonly key: string
  readonly date: string
  /** The interface language, in which the PDF is written. */
  readonly lang: StatementLanguage
}

export type StatementDownloadEvent =
  /** A tab of the page chosen. */
  | { type: "tab.change"; tab: StatementKind }
  /** A page of a tab's list chosen (1-based). */
  | { type: "page.change"; tab: StatementKind; page: number }
  /** A file's download button. */
  | ({ type: "statement.download" } & StatementRequest)

/** What the `saveFile` action gets: the bytes and the name to save them under. */
export interface SavedFile {
  readonly bytes: FileBytes
  readonly fileName: string
}

/** The name the downloading file is saved under (src/domain/statements). */
export const savedName = (context: Pick<StatementDownloadContext, "accountNumber" | "request">): string =>
  context.request ? statementFileName(context.request.kind, context.accountNumber, context.request.date) : ""

/** A page number as the chart keeps it: a whole number, at least 1. */
export const pageNumber = (page: number): number => (Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1)

/**
 * The statements page of one portfolio (spec part 2 "Statements"): two tabs, 'Trade Confirmation'
 * (default) and 'Account Statement', each list shown a page at a time (each tab keeps its page,
 * the first at the start); each file's download button asks GET
 * /users/statement/{accountId}/{key} for the PDF (one download at a time, its key shown busy) and
 * hands the bytes to `saveFile` under the domain's file name. A failure is a toast; the tab and the
 * list stay as they were.
 *
 * Provide the actor `downloadStatement` ({ accountId, key, lang } -> bytes) and the actions
 * `saveFile` (params: SavedFile) and `notify` (params: Notice).
 */
export const statementDownloadMachine = setup({
  types: {
    tags: {} as Tag,
    context: {} as StatementDownloadContext,
    events: {} as StatementDownloadEvent,
    input: {} as StatementDownloadInput,
  },
  actors: {
    downloadStatement: providedCall<FileBytes, { accountId: string; key: string; lang: StatementLanguage }>("downloadStatement"),
  },
  actions: {
    saveFile: providedAction<SavedFile>("saveFile"),
    notify: providedAction<Notice>("notify"),
    notifyFailure: notifyFailure(),
  },
}).createMachine({
  id: "statement-download",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Statements",
    purpose: "A portfolio's statement files by tab and page, and downloading one at a time.",
    events: {
      "tab.change": "The user switches between trade confirmations and account statements.",
      "page.change": "The user shows another page of a tab's list.",
      "statement.download": "The user downloads one file.",
    },
    guards: {},
  },
  context: ({ input }) => ({ ...input, tab: DEFAULT_STATEMENT_KIND, pages: { confirmation: 1, account: 1 }, request: null }),
  initial: "idle",
  on: {
    "tab.change": { actions: assign({ tab: ({ event }) => event.tab }) },
    "page.change": { actions: assign({ pages: ({ context, event }) => ({ ...context.pages, [event.tab]: pageNumber(event.page) }) }) },
  },
  states: {
    idle: {
      meta: { description: "The open tab lists its files, each with a download button" },
      on: {
        "statement.download": {
          target: "downloading",
          actions: assign({ request: ({ event }) => ({ kind: event.kind, key: event.key, date: event.date, lang: event.lang }) }),
        },
      },
    },
    downloading: {
      tags: [TAG.busy],
      meta: { description: "GET /users/statement/{accountId}/{key} for one file; the other buttons wait" },
      invoke: {
        id: "downloadStatement",
        src: "downloadStatement",
        input: ({ context }) => ({ accountId: context.accountId, key: context.request?.key ?? "", lang: context.request?.lang ?? "en" }),
        onDone: {
          target: "idle",
          actions: [{ type: "saveFile", params: ({ context, event }) => ({ bytes: event.output, fileName: savedName(context) }) }, assign({ request: null })],
        },
        onError: { target: "idle", actions: [{ type: "notifyFailure", params: ({ event }) => ({ error: event.error }) }, assign({ request: null })] },
      },
    },
  },
})
