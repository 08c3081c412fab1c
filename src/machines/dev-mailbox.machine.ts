import { assign, setup } from "xstate"
import { type Tag, TAG, providedCall } from "./kit"

/** One stored outgoing mail, as the dev mailbox lists it. */
export interface MailboxMessage {
  readonly id: number
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly createdAt: string
}

/** A failure as the request pipeline reports it: a tag and a text to show. */
export interface LoadFailure {
  readonly _tag: string
  readonly text: string
}

/**
 * The dev mailbox page (demo mode): loads the outbox for an optional address, newest first, and
 * reloads on `mailbox.refresh`. Its I/O is the `listMailbox` actor, provided at start-up.
 */
export const devMailboxMachine = setup({
  types: {
    tags: {} as Tag,
    input: {} as { to?: string },
    context: {} as { to?: string; messages: ReadonlyArray<MailboxMessage>; error: LoadFailure | null },
    events: {} as { type: "mailbox.refresh" },
  },
  actors: {
    listMailbox: providedCall<ReadonlyArray<MailboxMessage>, { to?: string }>("listMailbox"),
  },
}).createMachine({
  id: "dev-mailbox",
  // What the chart's events and guards mean (English; the workflows namespace translates them).
  meta: {
    title: "Demo mailbox",
    purpose: "The demo server's mailbox page: the e-mails sent to test addresses, loaded and reloaded.",
    events: {
      "mailbox.refresh": "The user reloads the outbox.",
    },
    guards: {},
  },
  context: ({ input }) => ({ to: input.to, messages: [], error: null }),
  initial: "loading",
  states: {
    loading: {
      tags: [TAG.loading],
      meta: { description: "Fetching the outbox" },
      invoke: {
        id: "listMailbox",
        src: "listMailbox",
        input: ({ context }) => ({ to: context.to }),
        onDone: { target: "loaded", actions: assign({ messages: ({ event }) => event.output, error: null }) },
        onError: {
          target: "failed",
          actions: assign({
            error: ({ event }) => {
              const e = event.error as Partial<LoadFailure> | undefined
              return { _tag: e?._tag ?? "UnknownError", text: e?.text ?? String(event.error) }
            },
          }),
        },
      },
    },
    loaded: {
      meta: { description: "Messages shown (possibly none)" },
      on: { "mailbox.refresh": "loading" },
    },
    failed: {
      tags: [TAG.failed],
      meta: { description: "The outbox could not be read; the error is shown with a retry" },
      on: { "mailbox.refresh": "loading" },
    },
  },
})
