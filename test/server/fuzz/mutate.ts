/**
 * Seeded mutations of a valid request for the contract fuzz: each takes one part of a request
 * (the JSON body text, the query parameters or one path parameter) and breaks it in one way a
 * careless or hostile client could: wrong types, missing and extra fields, huge strings, odd
 * numbers written in the JSON text (1e309, -0, NaN), deep nesting, unicode, NUL bytes, lone
 * surrogates, broken JSON, bad ids, broken percent-encoding. Everything is drawn from `Rng`, so a
 * seed replays the same cases.
 */

/** A small seeded PRNG (mulberry32): the same seed gives the same cases. */
export interface Rng {
  /** In [0, 1). */
  readonly next: () => number
  /** An integer in [0, n). */
  readonly int: (n: number) => number
  readonly pick: <T>(items: ReadonlyArray<T>) => T
  readonly chance: (p: number) => boolean
  /**
   * Set for each endpoint's first valid case: the rules' "sometimes a real value" choices take the
   * real value, so every run reaches a business answer however few valid cases the budget allows.
   */
  readonly sure?: boolean
}

export const rngOf = (seed: number): Rng => {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  return { next, int, pick: (items) => items[int(items.length)]!, chance: (p) => next() < p }
}

/** A 32-bit hash of a text (FNV-1a), to derive one seed per endpoint from the run's seed. */
export const hashText = (text: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** JSON value texts of the wrong type for any field, including numbers JSON.parse turns odd. */
const WRONG_VALUES: ReadonlyArray<string> = [
  "0",
  "-0",
  "1e309",
  "-1e309",
  "1e-400",
  "9007199254740993",
  "123456789012345678901234567890",
  "true",
  "false",
  "null",
  "[]",
  "{}",
  '[""]',
  '{"$gt":""}',
  '"1e5"',
  '"+1"',
  '" 12 "',
  '"0x10"',
  '"NaN"',
  '"Infinity"',
  '"-0"',
  '"12,5"',
  '"١٢٣"',
]

/** Not JSON at all, or JSON texts that JavaScript's parser refuses. */
const BROKEN_JSON: ReadonlyArray<string> = [
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "undefined",
  "{",
  '{"a":',
  "'x'",
  "{'a':1}",
  "[1,]",
  '{"a":1,}',
  "\u0000",
  "\ufeff{}",
]

/** Whole bodies of the wrong shape. */
const WRONG_BODIES: ReadonlyArray<string> = ["", " ", "null", "true", "0", "-0", "1e309", '"text"', "[]", "[{}]", '[{"a":1}]']

/** Strings that test text handling: unicode, NUL, lone surrogates (as JSON escapes), injections. */
const ODD_STRINGS: ReadonlyArray<string> = [
  '"\\u0000"',
  '"abc\\u0000def"',
  '"\\ud800"',
  '"x\\udfffy"',
  '"\\udbff\\udbff"',
  '"😀👩‍👩‍👧"',
  '"\\u202eevil"',
  '"é\u0301\u0301\u0301"',
  '"𝔘𝔫𝔦𝔠𝔬𝔡𝔢"',
  '"\\t\\n\\r"',
  '"\' OR 1=1 --"',
  '"<script>alert(1)</script>"',
  '"../../etc/passwd"',
  '"%00"',
  '"${jndi:ldap://x}"',
  '"__proto__"',
  '"\u00a0"',
]

/** Keys an attacker likes to add. */
const EXTRA_KEYS: ReadonlyArray<string> = ["__proto__", "constructor", "prototype", "userId", "id", "status", "isAdmin", "extra", "\\u0000", "\\ud800", ""]

const repeat = (text: string, length: number): string => text.repeat(Math.ceil(length / text.length)).slice(0, length)

/** A string JSON value `length` characters long. */
const hugeString = (rng: Rng, length: number): string => JSON.stringify(repeat(rng.pick(["a", "9", "é", "😀", " ", "\\"]), length))

const nested = (depth: number, inner: string, rng: Rng): string => {
  const open = rng.chance(0.5) ? "[" : '{"a":'
  const close = open === "[" ? "]" : "}"
  return open.repeat(depth) + inner + close.repeat(depth)
}

/** The body as JSON text with the member `key` replaced by `valueText` (or removed when null). */
const withMember = (body: Record<string, unknown>, key: string, valueText: string | null): string => {
  const members = Object.entries(body)
    .filter(([k]) => k !== key)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
  if (valueText !== null)
    members.splice(Object.keys(body).indexOf(key) < 0 ? members.length : Object.keys(body).indexOf(key), 0, `${JSON.stringify(key)}:${valueText}`)
  return `{${members.join(",")}}`
}

/** One mutation of a JSON body: the mutated text and a label saying what was done. */
export interface BodyMutation {
  readonly label: string
  readonly text: string
}

/** Mutates the JSON object `body` (a valid request body) once. */
export const mutateBody = (body: Record<string, unknown>, rng: Rng, limits: { readonly bodyLimit: number }): BodyMutation => {
  const keys = Object.keys(body)
  const key = keys.length > 0 ? rng.pick(keys) : "field"
  switch (rng.int(10)) {
    case 0: {
      const value = rng.pick(WRONG_VALUES)
      return { label: `wrong type: ${key} = ${value}`, text: withMember(body, key, value) }
    }
    case 1:
      return { label: `missing field: ${key}`, text: withMember(body, key, null) }
    case 2: {
      const extra = rng.pick(EXTRA_KEYS)
      const value = rng.pick([...WRONG_VALUES, ...ODD_STRINGS])
      // Written into the text, so `__proto__` is an own member as a hostile client sends it.
      const text = JSON.stringify(body)
      return { label: `extra field: "${extra}" = ${value}`, text: text === "{}" ? `{"${extra}":${value}}` : `{"${extra}":${value},${text.slice(1)}` }
    }
    case 3: {
      const length = rng.pick([300, 5_000, 40_000, limits.bodyLimit + 10])
      return { label: `huge string: ${key} of ${length} characters`, text: withMember(body, key, hugeString(rng, length)) }
    }
    case 4: {
      const value = rng.pick(ODD_STRINGS)
      return { label: `odd text: ${key} = ${value}`, text: withMember(body, key, value) }
    }
    case 5: {
      const depth = rng.pick([3, 31, 33, 200, 5_000])
      return { label: `deep nesting: ${key} nested ${depth} deep`, text: withMember(body, key, nested(depth, rng.pick(['"x"', "1", "null"]), rng)) }
    }
    case 6: {
      const broken = rng.pick(BROKEN_JSON)
      return rng.chance(0.5)
        ? { label: `broken JSON: ${key} = ${JSON.stringify(broken)}`, text: withMember(body, key, broken) }
        : { label: `broken JSON body: ${JSON.stringify(broken)}`, text: broken }
    }
    case 7: {
      const text = rng.pick(WRONG_BODIES)
      return { label: `wrong body: ${JSON.stringify(text)}`, text }
    }
    case 8: {
      // The same member twice: JSON.parse keeps the last.
      const value = rng.pick([...WRONG_VALUES, ...ODD_STRINGS])
      const text = JSON.stringify(body)
      return {
        label: `duplicate key: ${key} then ${value}`,
        text: text === "{}" ? `{"${key}":1,"${key}":${value}}` : `${text.slice(0, -1)},${JSON.stringify(key)}:${value}}`,
      }
    }
    default: {
      // Truncated text.
      const text = JSON.stringify(body)
      const cut = 1 + rng.int(Math.max(1, text.length - 1))
      return { label: `truncated at ${cut}`, text: text.slice(0, cut) }
    }
  }
}

/** Raw percent-encoded texts for query values and path parameters (not re-encoded). */
const RAW_ENCODED: ReadonlyArray<string> = [
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%FF%FE",
  "%C0%AF",
  "%",
  "%zz",
  "%2",
  "%F0%9F%98%80",
  "%E2%80%AE",
  "%20",
  "+",
  "%2F",
  "%2E%2E",
  "..",
  ".",
  "-0",
  "1e309",
  "NaN",
  "Infinity",
  "null",
  "undefined",
  "0",
  "-1",
  "99999999999999999999",
  "%27%20OR%201%3D1--",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-00000000000g",
  "%7B%7D",
  "%5B%5D",
]

/** A raw (already percent-encoded) value for a query parameter or path segment. */
export const oddRawValue = (rng: Rng): { readonly label: string; readonly raw: string } => {
  if (rng.chance(0.15)) {
    const length = rng.pick([300, 3_000, 9_000])
    return { label: `huge value of ${length} characters`, raw: repeat(rng.pick(["a", "%C3%A9", "9"]), length) }
  }
  const raw = rng.pick(RAW_ENCODED)
  return { label: `odd value ${raw}`, raw }
}

/** One mutation of a query: the raw query text (without "?") and a label. */
export interface QueryMutation {
  readonly label: string
  readonly raw: string
}

const encodePair = ([k, v]: readonly [string, string]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`

/** Mutates a valid query (name-value pairs) once. */
export const mutateQuery = (pairs: ReadonlyArray<readonly [string, string]>, rng: Rng): QueryMutation => {
  const names = pairs.map(([k]) => k)
  const name = names.length > 0 ? rng.pick(names) : "q"
  const others = pairs.filter(([k]) => k !== name).map(encodePair)
  switch (rng.int(5)) {
    case 0:
      return { label: `missing parameter: ${name}`, raw: others.join("&") }
    case 1: {
      const odd = oddRawValue(rng)
      return { label: `${name}: ${odd.label}`, raw: [...others, `${encodeURIComponent(name)}=${odd.raw}`].join("&") }
    }
    case 2: {
      const odd = oddRawValue(rng)
      return {
        label: `extra parameter: ${odd.label}`,
        raw: [...pairs.map(encodePair), `${rng.pick(["x", "userId", "%00", "__proto__", "query[]", "a%ED%A0%80"])}=${odd.raw}`].join("&"),
      }
    }
    case 3:
      return { label: `repeated parameter: ${name}`, raw: [...pairs.map(encodePair), `${encodeURIComponent(name)}=${oddRawValue(rng).raw}`].join("&") }
    default:
      return {
        label: `parameter without a value: ${name}`,
        raw: [...others, rng.chance(0.5) ? encodeURIComponent(name) : `${encodeURIComponent(name)}=`].join("&"),
      }
  }
}
