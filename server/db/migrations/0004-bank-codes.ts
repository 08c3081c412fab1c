/**
 * Bank accounts (issue 11): each local bank's 3-digit CBN code, which the NUBAN check digit of its
 * account numbers is computed with (src/domain/nuban.ts); null for the "Foreign" entry. Data
 * directories seeded before this migration get the codes of the seeded banks (the seed writes
 * the same values for new ones). One saved bank account per user, bank and number: a unique index
 * on (user, bank ref, lower-case bank name, account number), so the same account cannot be saved
 * twice even by parallel requests.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

// The seeded banks' codes as of this migration (server/db/seed/world.ts BANKS).
const SEEDED_CODES: ReadonlyArray<[string, string]> = [
  ["HTB", "101"],
  ["LCB", "102"],
  ["USB", "103"],
  ["SMB", "104"],
  ["NDB", "105"],
  ["ECB", "106"],
  ["KTB", "107"],
  ["BCB", "108"],
  ["ADB", "109"],
  ["CMB", "110"],
  ["GFB", "111"],
  ["OPB", "112"],
]

const up = async (db: AnyDb): Promise<void> => {
  await db.schema
    .alterTable("banks")
    .addColumn("code", "text", (c) => c.check(sql`code ~ '^[0-9]{3}$'`))
    .execute()
  for (const [ref, code] of SEEDED_CODES) await db.updateTable("banks").set({ code }).where("ref", "=", ref).execute()
  await sql`create unique index bank_accounts_user_bank_number_idx on bank_accounts (user_id, bank_ref, lower(bank_name), account_number)`.execute(db)
}

const down = async (db: AnyDb): Promise<void> => {
  await sql`drop index if exists bank_accounts_user_bank_number_idx`.execute(db)
  await db.schema.alterTable("banks").dropColumn("code").execute()
}

/** Migration 0004: the banks' NUBAN codes and one saved account per user, bank and number. */
export const migration0004: Migration = { up, down }
