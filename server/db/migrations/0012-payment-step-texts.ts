/**
 * What each step of a payment's timeline says, as a code and values (issue 31;
 * src/domain/payment-step-text): every step of `payments.progress` (a jsonb array of
 * `{ status, date, activity }`) whose activity is one of the English sentences the server and the
 * seed wrote gets `activityText` `{ code, values }` and `activity` null; any other text stays as
 * written. On the way down the English sentences are written back and `activityText` is removed.
 * No column changes: the steps live in the jsonb array.
 */
import { sql, type Kysely, type Migration } from "kysely"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>

/**
 * One English sentence of the old steps: the code it becomes, its template ("{name}" is a value:
 * one word, or any text for `{bank}`) and values it implies (a reason said in words). Frozen here:
 * the codes are those of this migration, not whatever the domain has later. Where two sentences
 * meant one step (the seed's "Withdrawal request received", the server's "Withdrawal requested"),
 * the way down writes the first.
 */
interface Sentence {
  readonly code: string
  readonly template: string
  readonly fixed?: Readonly<Record<string, string>>
}

const SENTENCES: ReadonlyArray<Sentence> = [
  { code: "deposit-requested", template: "Deposit request received" },
  { code: "funds-received-reserved-account", template: "Funds received via reserved account {account}" },
  { code: "funds-received-card", template: "Funds received by card ****{last4}" },
  { code: "funds-received-wire", template: "Funds received by wire transfer" },
  { code: "cash-credited", template: "Cash credited to the portfolio" },
  { code: "card-started", template: "Card payment started" },
  { code: "card-declined", template: "The card issuer declined the payment" },
  { code: "withdrawal-requested", template: "Withdrawal request received" },
  { code: "withdrawal-requested", template: "Withdrawal requested" },
  { code: "sent-to-bank", template: "Sent to the bank" },
  { code: "transfer-sent", template: "Transfer sent to {bank}" },
  { code: "transfer-confirmed", template: "Transfer confirmed by the receiving bank" },
  { code: "paid-to", template: "Paid to {bank} ****{last4}" },
  { code: "returned", template: "Returned to the portfolio: the bank account is not verified yet", fixed: { reason: "bank-unverified" } },
  { code: "returned", template: "Returned to the portfolio: the bank account was removed", fixed: { reason: "bank-removed" } },
  { code: "returned", template: "Returned to the portfolio: the receiving bank returned the transfer", fixed: { reason: "bank-returned" } },
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
  for (const s of SENTENCES) {
    const regex = regexOf(s.template)
    const pairs = [
      ...names(s.template).map((name, i) => sql`${name}::text, (regexp_match(e.step->>'activity', ${regex}::text))[${sql.lit(i + 1)}]`),
      ...Object.entries(s.fixed ?? {}).map(([name, value]) => sql`${name}::text, ${value}::text`),
    ]
    const values = pairs.length > 0 ? sql`jsonb_build_object(${sql.join(pairs)})` : sql`'{}'::jsonb`
    // Each payment whose timeline has the sentence: its steps rebuilt in order, the matching ones as the code.
    await sql`
      update payments set progress = (
        select jsonb_agg(
          case when e.step->>'activity' ~ ${regex}::text
            then e.step || jsonb_build_object('activity', null, 'activityText', jsonb_build_object('code', ${s.code}::text, 'values', ${values}))
            else e.step end
          order by e.ord)
        from jsonb_array_elements(payments.progress) with ordinality as e(step, ord))
      where jsonb_typeof(progress) = 'array'
        and exists (select 1 from jsonb_array_elements(payments.progress) as f(step) where f.step->>'activity' ~ ${regex}::text)`.execute(db)
  }
}

const down = async (db: AnyDb): Promise<void> => {
  // The first sentence of each code and fixed values wins (SENTENCES' order).
  const seen = new Set<string>()
  for (const s of SENTENCES) {
    const key = `${s.code}:${JSON.stringify(s.fixed ?? {})}`
    if (seen.has(key)) continue
    seen.add(key)
    const pieces = parts(s.template).map((p) =>
      "literal" in p ? sql`${p.literal}::text` : sql`coalesce(e.step->'activityText'->'values'->>${p.name}::text, '')`,
    )
    const fixed = Object.entries(s.fixed ?? {}).map(([name, value]) => sql` and e.step->'activityText'->'values'->>${name}::text = ${value}::text`)
    const matches = sql`e.step->'activityText'->>'code' = ${s.code}::text${sql.join(fixed, sql``)}`
    await sql`
      update payments set progress = (
        select jsonb_agg(
          case when ${matches}
            then (e.step - 'activityText') || jsonb_build_object('activity', concat(${sql.join(pieces)}))
            else e.step end
          order by e.ord)
        from jsonb_array_elements(payments.progress) with ordinality as e(step, ord))
      where jsonb_typeof(progress) = 'array'
        and exists (select 1 from jsonb_array_elements(payments.progress) as e(step) where ${matches})`.execute(db)
  }
  // A step with no code the old code knew keeps its text; an empty activity stays a string, as the old steps were.
  await sql`
    update payments set progress = (
      select jsonb_agg((e.step - 'activityText') || jsonb_build_object('activity', coalesce(e.step->>'activity', '')) order by e.ord)
      from jsonb_array_elements(payments.progress) with ordinality as e(step, ord))
    where jsonb_typeof(progress) = 'array'
      and exists (select 1 from jsonb_array_elements(payments.progress) as e(step) where e.step->'activityText' is not null or e.step->'activity' = 'null'::jsonb)`.execute(
    db,
  )
}

/** Migration 0012: payment timeline steps as codes and values. */
export const migration0012: Migration = { up, down }
