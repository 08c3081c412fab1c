/**
 * Text the database cannot store or a client should never send: NUL characters (PostgreSQL text
 * refuses them) and lone UTF-16 surrogates (not valid Unicode). Both are refused with a 400 naming
 * the field before any handler sees them, instead of failing deep in a query as a 500. Also the
 * depth limit of JSON bodies, checked on the text before it is parsed.
 */

const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** True when `text` holds a NUL character or a lone surrogate. */
export const hasUnsafeText = (text: string): boolean => UNSAFE.test(text)

/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32

/**
 * True when the JSON text nests arrays and objects deeper than `max` (brackets inside strings do
 * not count). One pass over the text, so a deeply nested body is refused before parsing costs CPU;
 * a string is skipped in one jump to its closing quote (the next quote not escaped by an odd number
 * of backslashes), so a 13 MB data URL costs a few milliseconds, not a loop over every character.
 */
export const jsonDepthExceeds = (text: string, max: number = MAX_JSON_DEPTH): boolean => {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === 0x22) {
      let end = i
      for (;;) {
        end = text.indexOf('"', end + 1)
        if (end < 0) return false // an unterminated string: not JSON, which parsing refuses
        let backslashes = 0
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++
        if (backslashes % 2 === 0) break
      }
      i = end
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true
    } else if (ch === 0x7d || ch === 0x5d) depth--
  }
  return false
}

/** The dotted path of the first key or string value in `value` holding unsafe text ("body" for the whole value), or null. */
export const unsafeTextPath = (value: unknown, path: ReadonlyArray<string> = []): string | null => {
  const here = path.length > 0 ? path.join(".") : "body"
  if (typeof value === "string") return hasUnsafeText(value) ? here : null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextPath(value[i], [...path, String(i)])
      if (found !== null) return found
    }
    return null
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnsafeText(key)) return here
      const found = unsafeTextPath(item, [...path, key])
      if (found !== null) return found
    }
  }
  return null
}

/** The text of the 400 for a field holding unsafe text. */
export const UNSAFE_TEXT_MESSAGE = "This field contains characters that are not allowed."
