/**
 * What a transaction says, as a code and values (issue 31; src/domain/transaction-text.ts):
 * - `transactions.description_text` / `comment_text` (jsonb `{ code, values }`), which the client
 *   says in the user's language;
 * - `transactions.description` becomes nullable: it keeps only free text no code says.
 * Rows written before it carry English sentences; those this migration recognises (every sentence
 * the server and the seed wrote) become their code and values, and their text is cleared; any
 * other text stays as it was written. On the way down the English sentences are written back.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

/**
 * One English sentence of the old rows: its column, the code it becomes, its template ("{name}" is
 * a value: one word, or any text for `{bank}`) and values it implies (a reason said in words).
 * Frozen here: the codes are those of this migration, not whatever the domain has later.
 */
interface Sentence {
  readonly column: "description" | "comment"
  readonly code: string
  readonly template: string
  readonly fixed?: Readonly<Record<string, string>>
}

const SENTENCES: ReadonlyArray<Sentence> = [
  { column: "description", code: "bought", template: "Bought {quantity} {symbol} @ {price}" },
  { column: "description", code: "sold", template: "Sold {quantity} {symbol} @ {price}" },
  { column: "description", code: "dividend", template: "Dividend on {quantity} {symbol} ({perShare} per share)" },
  { column: "description", code: "deposit-reserved-account", template: "Deposit via reserved account {account}" },
  { column: "description", code: "deposit-card", template: "Deposit by card ****{last4}" },
  { column: "description", code: "deposit-wire", template: "Deposit by wire transfer" },
  { column: "description", code: "withdrawal-to", template: "Withdrawal to {bank} ****{last4}" },
  { column: "description", code: "withdrawal-returned", template: "Withdrawal {ref} returned" },
  { column: "comment", code: "order-filled", template: "{orderType} order filled on the synthetic market" },
  { column: "comment", code: "synthetic-dividend", template: "Synthetic quarterly dividend" },
  { column: "comment", code: "payment-fee", template: "Payment {ref}; includes a {fee} {currency} transfer fee" },
  { column: "comment", code: "payment-held", template: "Payment {ref}; held for review" },
  { column: "comment", code: "payment", template: "Payment {ref}" },
  { column: "comment", code: "withdrawal-requested", template: "{channel} withdrawal {ref}" },
  { column: "comment", code: "payout-failed", template: "The payout failed: the bank account is not verified yet.", fixed: { reason: "bank-unverified" } },
  { column: "comment", code: "payout-failed", template: "The payout failed: the bank account was removed.", fixed: { reason: "bank-removed" } },
  { column: "comment", code: "payout-failed", template: "The payout failed: the receiving bank returned the transfer.", fixed: { reason: "bank-returned" } },
]

/** The template's parts: literal text and value names, in order. */
const parts = (template: string): Array<{ literal: string } | { name: string }> =>
  template
    .split(/(\{[a-zA-Z0-9]+\})/)
    .filter((p) => p !== "")
    .map((p) => (/^\{[a-zA-Z0-9]+\}$/.test(p) ? { name: p.slice(1, -1) } : { literal: p }))

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The anchored regular expression of a template: a word per value, any text for the bank's name. */
const regexOf = (template: string): string =>
  `^${parts(template)
    .map((p) => ("literal" in p ? escapeRegex(p.literal) : p.name === "bank" ? "(.+)" : "(\\S+)"))
    .join("")}$`

const names = (template: string): string[] => parts(template).flatMap((p) => ("name" in p ? [p.name] : []))

const up = async (db: AnyDb): Promise<void> => {
  await db.schema.alterTable("transactions").addColumn("description_text", "jsonb").execute()
  await db.schema.alterTable("transactions").addColumn("comment_text", "jsonb").execute()
  await sql`alter table transactions alter column description drop not null`.execute(db)
  for (const s of SENTENCES) {
    const column = sql.ref(s.column)
    const textColumn = sql.ref(`${s.column}_text`)
    // The currency of a fee is the account's: the code keeps the fee only.
    const pairs = [
      ...names(s.template).flatMap((name, i) => (name === "currency" ? [] : [sql`${name}::text, x.m[${sql.lit(i + 1)}]`])),
      ...Object.entries(s.fixed ?? {}).map(([name, value]) => sql`${name}::text, ${value}::text`),
    ]
    await sql`
      update transactions set ${textColumn} = jsonb_build_object('code', ${s.code}::text, 'values', jsonb_build_object(${sql.join(pairs)})), ${column} = null
      from (select id, regexp_match(${column}, ${regexOf(s.template)}::text) as m from transactions where ${textColumn} is null and ${column} is not null) x
      where x.id = transactions.id and x.m is not null`.execute(db)
  }
}

const down = async (db: AnyDb): Promise<void> => {
  for (const s of SENTENCES) {
    const column = sql.ref(s.column)
    const textColumn = sql.ref(`${s.column}_text`)
    const pieces = parts(s.template).map((p) =>
      "literal" in p
        ? sql`${p.literal}::text`
        : p.name === "currency"
          ? sql`(select a.currency from accounts a where a.account_id = transactions.account_id)`
          : sql`coalesce(${textColumn}->'values'->>${p.name}::text, '')`,
    )
    const fixed = Object.entries(s.fixed ?? {}).map(([name, value]) => sql` and ${textColumn}->'values'->>${name}::text = ${value}::text`)
    await sql`update transactions set ${column} = concat(${sql.join(pieces)}) where ${textColumn}->>'code' = ${s.code}::text${sql.join(fixed, sql``)}`.execute(
      db,
    )
  }
  await sql`update transactions set description = '' where description is null`.execute(db)
  await sql`alter table transactions alter column description set not null`.execute(db)
  await db.schema.alterTable("transactions").dropColumn("comment_text").execute()
  await db.schema.alterTable("transactions").dropColumn("description_text").execute()
}

/** Migration 0011: transaction texts as codes and values. */
export const migration0011: Migration = { up, down }
