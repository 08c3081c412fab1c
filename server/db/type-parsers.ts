/**
 * One table of PostgreSQL text-format type parsers, shared by both database paths so PGlite and a
 * PostgreSQL server (node-postgres) return the same JavaScript values for the same column types.
 * Without it they differ: int8 is a number on PGlite and a string on pg, timestamptz and date are
 * Date objects on both but date shifts with the process time zone on pg, bytea is a Buffer on pg.
 *
 * The decisions, one per type:
 *   int2, int4, oid, float4, float8  -> number
 *   int8                             -> number when within +/- Number.MAX_SAFE_INTEGER, otherwise a
 *                                       bigint (never silently rounded). Counts and serial ids fit.
 *   numeric                          -> string, exactly as PostgreSQL prints it (money stays decimal)
 *   bool                             -> boolean
 *   json, jsonb                      -> parsed value
 *   date                             -> "YYYY-MM-DD" string (no time zone games)
 *   timestamptz, timestamp           -> ISO 8601 UTC string "2026-03-16T12:00:00.000Z" (millisecond
 *                                       precision; timestamp without zone is read as UTC);
 *                                       "infinity" / "-infinity" stay strings
 *   interval, uuid, text, varchar    -> string as printed
 *   bytea                            -> Uint8Array (not a Buffer)
 *   arrays of all of the above       -> arrays of the element values
 *
 * Use `PGLITE_PARSERS` for PGlite's `parsers` option and `pgTypes` for pg's `types` option;
 * `parseValue(oid, text)` applies the table directly (tests).
 */
import pg from "pg"

/** A text-format parser: PostgreSQL's printed value in, the JavaScript value out. */
export type TextParser = (text: string) => unknown

/** Type OIDs this table handles (stable across PostgreSQL versions: they live in pg_type.dat). */
export const TypeOid = {
  bool: 16,
  bytea: 17,
  int8: 20,
  int2: 21,
  int4: 23,
  text: 25,
  oid: 26,
  json: 114,
  float4: 700,
  float8: 701,
  bpchar: 1042,
  varchar: 1043,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
  numeric: 1700,
  uuid: 2950,
  jsonb: 3802,
} as const

const identity: TextParser = (text) => text

const parseInt8: TextParser = (text) => {
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : BigInt(text)
}

const parseBytea: TextParser = (text) => {
  if (!text.startsWith("\\x")) throw new Error("bytea must use the hex output format (bytea_output = hex)")
  const hex = text.slice(2)
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

const TIMESTAMP = /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/

const toIso = (text: string, requireZone: boolean): string => {
  if (text === "infinity" || text === "-infinity") return text
  const m = TIMESTAMP.exec(text)
  if (!m || (requireZone && m[8] === undefined)) throw new Error(`Unrecognised timestamp text: ${text}`)
  let year = Number(m[1])
  if (m[12]) year = 1 - year
  const ms = m[7] ? Number(`${m[7].slice(1)}00`.slice(0, 3)) : 0
  const date = new Date(0)
  date.setUTCFullYear(year, Number(m[2]) - 1, Number(m[3]))
  date.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), ms)
  if (m[8] !== undefined) {
    const offsetSeconds = Number(m[9]) * 3600 + Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0)
    const signed = m[8] === "-" ? -offsetSeconds : offsetSeconds
    date.setTime(date.getTime() - signed * 1000)
  }
  return date.toISOString()
}

const parseTimestamptz: TextParser = (text) => toIso(text, true)
const parseTimestamp: TextParser = (text) => toIso(text, false)

/**
 * Parses a PostgreSQL array literal (`{1,2,NULL}`, `{"a b","c\"d"}`, nested `{{1,2},{3,4}}`),
 * applying `element` to every non-NULL element. The delimiter is a comma (every type here).
 */
export const parseArray = (text: string, element: TextParser): unknown[] => {
  let i = 0
  const parseLevel = (): unknown[] => {
    // text[i] is "{"
    i++
    const out: unknown[] = []
    if (text[i] === "}") {
      i++
      return out
    }
    for (;;) {
      const ch = text[i]
      if (ch === "{") {
        out.push(parseLevel())
      } else if (ch === '"') {
        i++
        let value = ""
        while (text[i] !== '"') {
          if (text[i] === "\\") i++
          value += text[i]
          i++
          if (i > text.length) throw new Error(`Unterminated array literal: ${text}`)
        }
        i++
        out.push(element(value))
      } else {
        let end = i
        while (end < text.length && text[end] !== "," && text[end] !== "}") end++
        const raw = text.slice(i, end)
        i = end
        out.push(raw === "NULL" ? null : element(raw))
      }
      const sep = text[i]
      i++
      if (sep === "}") return out
      if (sep !== ",") throw new Error(`Malformed array literal: ${text}`)
    }
  }
  // A literal may start with explicit bounds ("[0:1]={...}"); skip them.
  const start = text.indexOf("{")
  if (start < 0) throw new Error(`Not an array literal: ${text}`)
  i = start
  return parseLevel()
}

const ELEMENT_PARSERS: ReadonlyArray<readonly [oid: number, arrayOid: number, parser: TextParser]> = [
  [TypeOid.bool, 1000, (text) => text === "t"],
  [TypeOid.bytea, 1001, parseBytea],
  [TypeOid.int8, 1016, parseInt8],
  [TypeOid.int2, 1005, Number],
  [TypeOid.int4, 1007, Number],
  [TypeOid.text, 1009, identity],
  [TypeOid.oid, 1028, Number],
  [TypeOid.json, 199, (text) => JSON.parse(text)],
  [TypeOid.float4, 1021, Number],
  [TypeOid.float8, 1022, Number],
  [TypeOid.bpchar, 1014, identity],
  [TypeOid.varchar, 1015, identity],
  [TypeOid.date, 1182, identity],
  [TypeOid.timestamp, 1115, parseTimestamp],
  [TypeOid.timestamptz, 1185, parseTimestamptz],
  [TypeOid.interval, 1187, identity],
  [TypeOid.numeric, 1231, identity],
  [TypeOid.uuid, 2951, identity],
  [TypeOid.jsonb, 3807, (text) => JSON.parse(text)],
]

/** The shared table: type OID -> text parser, for the scalar types above and their array types. */
export const TYPE_PARSERS: Readonly<Record<number, TextParser>> = Object.freeze(
  Object.fromEntries(
    ELEMENT_PARSERS.flatMap(([oid, arrayOid, parser]) => [
      [oid, parser],
      [arrayOid, (text: string) => parseArray(text, parser)],
    ]),
  ),
)

/**
 * The table as PGlite's `parsers` option. PGlite derives its own array parsers from the element
 * parsers at start-up, which gives the same values as `parseArray`.
 */
export const PGLITE_PARSERS: Record<number, (text: string) => unknown> = { ...TYPE_PARSERS }

/**
 * The table as node-postgres's `types` option (`new pg.Pool({ types: pgTypes })`): text-format
 * values of the types above go through the table, anything else through pg's defaults.
 */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    const parser = (format ?? "text") === "text" ? TYPE_PARSERS[oid] : undefined
    return parser ?? pg.types.getTypeParser(oid, format)
  }) as pg.CustomTypesConfig["getTypeParser"],
}

/** Applies the shared table to one printed value (null stays null); unknown OIDs return the text. */
export const parseValue = (oid: number, text: string | null): unknown => {
  if (text === null) return null
  const parser = TYPE_PARSERS[oid]
  return parser ? parser(text) : text
}
