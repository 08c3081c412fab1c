/**
 * What the app reads from a URL besides the path's own ids: the search parameters and the typed
 * path parameters of its routes (src/app/router.tsx validates with these). A URL is untrusted
 * input: a parameter that does not fit is dropped (or its route's default used), never an error.
 */

/**
 * A search string as the router parses it: any JSON value per key. A validator returns each of its
 * keys, undefined when dropped: the router lays the validated search over the raw one, so a key left
 * out would keep its raw value.
 */
export type RawSearch = Readonly<Record<string, unknown>>

/** /workflows: the chart shown (`?chart=`, a chart id), the printable book of every chart (`?view=book`) and the requirements across every chart (`?view=requirements`). */
export interface ExplorerSearch {
  readonly chart?: string
  readonly view?: "book" | "requirements"
}

/** A chart id as the registry spells it: kebab case (src/app/registry.ts). */
const CHART_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** /workflows's search: a chart id in kebab case, and `view=book` or `view=requirements`; anything else is dropped. */
export const explorerSearch = (search: RawSearch): ExplorerSearch => ({
  chart: typeof search.chart === "string" && CHART_ID.test(search.chart) ? search.chart : undefined,
  view: search.view === "book" || search.view === "requirements" ? search.view : undefined,
})

/** /dev/mailbox: whose mail is shown (`?to=`, an e-mail address as typed). */
export interface MailboxSearch {
  readonly to?: string
}

/** /dev/mailbox's search: a non-blank `to`, trimmed; anything else is dropped (every address's mail is shown). */
export const mailboxSearch = (search: RawSearch): MailboxSearch => {
  const to = typeof search.to === "string" ? search.to.trim() : ""
  return { to: to === "" ? undefined : to }
}

/** /user-account/documents: the document whose details open with the page (`?document=`, a document id; a notice links there). */
export interface DocumentsSearch {
  readonly document?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** /user-account/documents's search: a document id (a UUID); anything else is dropped (no details open). */
export const documentsSearch = (search: RawSearch): DocumentsSearch => ({
  document: typeof search.document === "string" && UUID.test(search.document) ? search.document.toLowerCase() : undefined,
})

/** The error pages' variants (spec part 1 "Error pages": /error/error-v1 ... /error/error-v6). */
export const ERROR_VARIANTS = [1, 2, 3, 4, 5, 6] as const
export type ErrorVariant = (typeof ERROR_VARIANTS)[number]

/** The variant a path segment names ("error-v3" -> 3), or null when it names none. */
export const errorVariantOf = (segment: string): ErrorVariant | null => {
  const match = /^error-v([1-9])$/.exec(segment)
  const n = match ? Number(match[1]) : 0
  return ERROR_VARIANTS.find((v) => v === n) ?? null
}

/** The path segment of a variant (3 -> "error-v3"). */
export const errorVariantSegment = (variant: ErrorVariant): string => `error-v${variant}`
