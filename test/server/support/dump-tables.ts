/**
 * Reads whole tables in a stable order, for comparing databases in tests (determinism of a seed,
 * PGlite against PostgreSQL): `await dumpTables(db, ["users", "orders"], { users: ["passwordHash"] })`.
 * Rows come back through the normal Kysely path (camel-case keys, shared type parsers).
 */
import { sql, type Kysely } from "kysely"
import type { DB } from "../../../server/db/schema"

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Every row of each table, ordered by the row's text form; `omit` drops columns per table. */
export const dumpTables = async (
  db: Kysely<DB>,
  tables: ReadonlyArray<keyof DB>,
  omit: Partial<Record<keyof DB, ReadonlyArray<string>>> = {},
): Promise<Record<string, Array<Record<string, unknown>>>> => {
  const out: Record<string, Array<Record<string, unknown>>> = {}
  for (const table of tables) {
    const name = snake(table)
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by (${sql.table(name)}::text) collate "C"`.execute(db)
    const dropped = new Set(omit[table] ?? [])
    out[table] = result.rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !dropped.has(key))))
  }
  return out
}
