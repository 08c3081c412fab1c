/** Options of `truncate`: `ellipsis: true` appends "…" (U+2026) after a cut; a string appends that text instead. */
export interface TruncateOptions {
  readonly ellipsis?: boolean | string
}

// Made on the first text that needs it: creating a grapheme segmenter loads ICU's break rules, which
// cost about 60 ms of the main thread at 4x CPU throttling (issue 14's sixth pass, in docs/performance.md's git history).
let segmenter: Intl.Segmenter | null | undefined
const graphemes = (): Intl.Segmenter | null =>
  (segmenter ??= typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null)

/** Printable ASCII only: each UTF-16 unit is one user-perceived character. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/

/**
 * The user-perceived characters of `text`: grapheme clusters where `Intl.Segmenter` exists (an
 * emoji family or "e" plus a combining accent is one), code points otherwise. Shared by the
 * truncation and mask helpers so a cut never splits a character.
 */
export const characters = (text: string): string[] => {
  if (PLAIN_ASCII.test(text)) return text.split("")
  const s = graphemes()
  return s ? Array.from(s.segment(text), (g) => g.segment) : Array.from(text)
}

/**
 * `text` cut to at most `max` user-perceived characters. Text of exactly `max` characters is
 * returned whole; a longer one is cut to `max` and, with `ellipsis`, gets "…" (or the given
 * string) appended after trailing spaces are dropped, so the visible text keeps `max` characters
 * of content. null/undefined give "".
 */
export const truncate = (text: string | null | undefined, max: number, options: TruncateOptions = {}): string => {
  if (!text) return ""
  // No more UTF-16 units than `max`: no more characters either (each has at least one unit).
  if (text.length <= max) return text
  const chars = characters(text)
  if (chars.length <= max) return text
  const cut = chars.slice(0, Math.max(0, max)).join("")
  if (!options.ellipsis) return cut
  return `${cut.trimEnd()}${options.ellipsis === true ? "…" : options.ellipsis}`
}

/**
 * `text` shortened for reading: at most `max` user-perceived characters including the "…" that
 * marks a cut. The cut falls at the last space within the limit when there is one in its second
 * half (a word is not split: "(Synt" becomes "…" after the previous word), otherwise inside the
 * word (a long symbol or a name without spaces). Text of `max` characters or fewer is whole.
 */
export const shorten = (text: string | null | undefined, max: number): string => {
  if (!text) return ""
  if (text.length <= max) return text
  const chars = characters(text)
  if (chars.length <= max) return text
  const room = Math.max(0, max - 1)
  let end = room
  // A cut right before a space keeps the whole last word.
  if (!/\s/.test(chars[room] ?? "")) {
    for (let i = room - 1; i >= Math.ceil(room / 2); i--) {
      if (/\s/.test(chars[i] ?? "")) {
        end = i
        break
      }
    }
  }
  return `${chars.slice(0, end).join("").trimEnd()}…`
}

/** The spec's cuts, in characters (spec part 1 section 9, part 2 sections 2 and 9). */
export const TRUNCATION = {
  /** Instrument menu symbol and name. */
  menu: 20,
  /** Suggestions carousel names, with an ellipsis. */
  carouselName: 15,
  /** Portfolio label in the header and in the portfolio selectors. */
  portfolioLabel: 30,
  /** Portfolio label in the order modal. */
  portfolioLabelOrderModal: 40,
  /** User-account side panel username. */
  username: 15,
  /** User-account side panel e-mail. */
  email: 20,
  /** News content snippet. */
  newsSnippet: 150,
} as const

/** An instrument symbol or name in the instruments menu: at most 20 characters, a cut marked with "…". */
export const menuText = (text: string | null | undefined): string => shorten(text, TRUNCATION.menu)

/** An instrument name in the suggestions carousel: cut to 15 characters plus "…". */
export const carouselName = (text: string | null | undefined): string => truncate(text, TRUNCATION.carouselName, { ellipsis: true })

/** The username in the user-account side panel: its first 15 characters. */
export const sidePanelUsername = (text: string | null | undefined): string => truncate(text, TRUNCATION.username)

/** The e-mail in the user-account side panel: its first 20 characters. */
export const sidePanelEmail = (text: string | null | undefined): string => truncate(text, TRUNCATION.email)
