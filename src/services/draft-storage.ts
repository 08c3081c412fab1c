/**
 * Unsent drafts of the workflows that take money or orders (the order ticket, the withdrawal):
 * what the user typed, kept in sessionStorage for this tab only, under the signed-in user's id, so
 * a reload (or coming back to the page) reopens the dialog with it (issue 31, docs/decisions/0170-unsent-drafts.md).
 * A draft is never read for another user: it is dropped then. Signing out clears every draft. The
 * charts decide what a draft holds and when it is kept or dropped; this store only keeps it.
 */
import { STORAGE_PREFIX, type WebStorage } from "./json-storage"

/** The workflows that keep a draft: their chart ids. */
export const DRAFT_NAMES = ["orderTicket", "withdrawal"] as const
export type DraftName = (typeof DRAFT_NAMES)[number]

export const isDraftName = (name: string): name is DraftName => (DRAFT_NAMES as ReadonlyArray<string>).includes(name)

/** The sessionStorage key of a draft, e.g. `chartfolio.v1.draft.orderTicket`. */
export const draftKey = (name: DraftName): string => `${STORAGE_PREFIX}draft.${name}`

/** A tab's drafts of the signed-in user; never throws (storage may be refused or full). */
export interface DraftStore {
  /** The signed-in user's draft, or undefined (none, another user's, no one signed in, unreadable). */
  read(name: DraftName): unknown
  /** Keeps the draft for the signed-in user (nothing while no one is signed in). */
  write(name: DraftName, draft: unknown): void
  remove(name: DraftName): void
  /** Drops every draft of this tab (sign-out). */
  clear(): void
}

interface Stored {
  readonly user: string
  readonly draft: unknown
}

const isStored = (value: unknown): value is Stored =>
  typeof value === "object" && value !== null && typeof (value as { user?: unknown }).user === "string" && "draft" in value

/**
 * A draft store over any Storage-like object (sessionStorage in the app) for the user `userId`
 * says is signed in now (null: no one).
 */
export const makeDraftStore = (getStorage: () => WebStorage | null, userId: () => string | null): DraftStore => {
  let storage: WebStorage | null
  try {
    storage = getStorage()
  } catch {
    storage = null
  }
  const attempt = <A>(f: (s: WebStorage) => A): A | undefined => {
    if (!storage) return undefined
    try {
      return f(storage)
    } catch {
      return undefined
    }
  }
  const remove = (name: DraftName) => void attempt((s) => s.removeItem(draftKey(name)))
  return {
    read: (name) => {
      const raw = attempt((s) => s.getItem(draftKey(name))) ?? null
      if (raw === null) return undefined
      let value: unknown
      try {
        value = JSON.parse(raw)
      } catch {
        value = undefined
      }
      const user = userId()
      if (isStored(value) && user !== null && value.user === user) return value.draft
      // Unreadable, or another user's: it is never shown, and goes.
      if (user !== null || !isStored(value)) remove(name)
      return undefined
    },
    write: (name, draft) => {
      const user = userId()
      if (user === null) return
      attempt((s) => s.setItem(draftKey(name), JSON.stringify({ user, draft } satisfies Stored)))
    },
    remove,
    clear: () => {
      const prefix = `${STORAGE_PREFIX}draft.`
      const keys = attempt((s) => {
        const found: Array<string> = []
        for (let i = 0; i < s.length; i++) {
          const key = s.key(i)
          if (key !== null && key.startsWith(prefix)) found.push(key)
        }
        return found
      })
      for (const key of keys ?? []) attempt((s) => s.removeItem(key))
    },
  }
}

/** The tab's sessionStorage as a draft store (nothing is kept outside a browser or when refused). */
export const browserDraftStore = (userId: () => string | null): DraftStore =>
  makeDraftStore(() => (typeof window === "undefined" ? null : window.sessionStorage), userId)
