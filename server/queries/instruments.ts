/**
 * Instruments as the contract shows them: the search (GET /instruments, GET /users/instruments),
 * the detail (GET /instruments/:id), the quote (GET /users/instruments/:id?quote=only) and the
 * portfolio suggestions. Every one is limited to the instruments of the user's group partners
 * (spec part 1 section 6; the server enforces it whatever `provider` asks for). Prices come from
 * server/market at the request's instant; nothing here reads a stored price.
 */
import { sql, type Kysely } from "kysely"
import type { Instrument, InstrumentSummary, Quote } from "../../src/contract/instruments"
import type { RiskBand } from "../../src/contract/common"
import { toFiniteNumber } from "../../src/domain/numeric"
import { isUuid } from "../auth/users"
import type { DB, Row } from "../db/schema"
import { ApiErrors } from "../http/errors"
import { historyAt, quoteAt, type Quote as MarketQuote } from "../market/index"
import { groupPartnersOf, type GroupPartner } from "./common"

/** At most this many search results. */
export const SEARCH_LIMIT = 25

/** At most this many suggestions. */
export const SUGGESTION_LIMIT = 10

/** The text of the 404 for an instrument the user cannot see. */
export const INSTRUMENT_NOT_FOUND = "No such instrument."

/** An instruments row with its partner's name. */
export type InstrumentRow = Row<"instruments"> & { readonly provider: string }

const instrumentsWithProvider = (db: Kysely<DB>) =>
  db.selectFrom("instruments").innerJoin("partners", "partners.id", "instruments.partnerId").selectAll("instruments").select("partners.name as provider")

/** The columns a summary needs (the search reads only these: no description, no analysis). */
type SummaryRow = Pick<InstrumentRow, "id" | "symbol" | "name" | "type" | "imageUrl" | "currency" | "exchange" | "provider">

/** The contract's `InstrumentSummary` of a row (an empty image address is no logo). */
export const toSummary = (row: SummaryRow): InstrumentSummary => ({
  id: row.id,
  instrumentId: row.id,
  symbol: row.symbol,
  name: row.name,
  type: row.type,
  imageUrl: row.imageUrl === "" ? null : row.imageUrl,
  currency: row.currency,
  exchange: row.exchange,
  provider: row.provider,
})

/** The contract's `Quote` of a market quote (display-only figures as numbers). */
export const toQuote = (quote: MarketQuote): Quote => ({
  last: quote.last,
  ask: quote.ask,
  bid: quote.bid,
  open: quote.open,
  high: quote.high,
  low: quote.low,
  previousClose: quote.previousClose,
  priceChange: quote.priceChange,
  priceChangePercent: Number(quote.priceChangePercent),
  totalDailyVolume: quote.totalDailyVolume,
  week52High: quote.week52High,
  week52Low: quote.week52Low,
  marketCap: quote.marketCap === "" || quote.marketCap === "0" ? null : Number(quote.marketCap),
  currency: quote.currency,
})

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (m) => `\\${m}`)

/** The names of `provider` ("Alpaca,Drivewealth"), trimmed and lower-cased; undefined when absent or blank. */
const providerNames = (provider: string | undefined): Set<string> | undefined => {
  if (provider === undefined) return undefined
  const names = provider
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "")
  return names.length === 0 ? undefined : new Set(names)
}

/**
 * The search's SQL for a trimmed, lower-cased, non-blank `text` over the given partners (see
 * `searchInstruments`); exported so tests can read its plan.
 */
export const searchQuery = (db: Kysely<DB>, partnerIds: ReadonlyArray<string>, text: string) => {
  const prefix = `${escapeLike(text)}%`
  const contains = `%${escapeLike(text)}%`
  // Only the summary's columns: the matches are sorted before the limit, and a narrow row sorts faster.
  return db
    .selectFrom("instruments")
    .innerJoin("partners", "partners.id", "instruments.partnerId")
    .select([
      "instruments.id",
      "instruments.symbol",
      "instruments.name",
      "instruments.type",
      "instruments.imageUrl",
      "instruments.currency",
      "instruments.exchange",
      "partners.name as provider",
    ])
    .where("instruments.partnerId", "in", [...partnerIds])
    .where((eb) => eb.or([eb(sql<string>`lower(instruments.symbol)`, "like", prefix), eb(sql<string>`lower(instruments.name)`, "like", contains)]))
    .orderBy(
      sql`case when lower(instruments.symbol) = ${text} then 0 when lower(instruments.symbol) like ${prefix} then 1 when lower(instruments.name) like ${prefix} then 2 else 3 end`,
    )
    .orderBy("instruments.symbol")
    .limit(SEARCH_LIMIT)
}

/**
 * The search: instruments whose symbol starts with the text or whose name contains it
 * (case-insensitive), from the providers named in `provider` that are also the user's group
 * partners (all of those when `provider` is absent). Blank text answers []. Order: exact symbol,
 * symbol prefix, name prefix, name substring, then by symbol; at most SEARCH_LIMIT. Uses the
 * lower(symbol)/lower(name) pattern indexes (and trigram indexes where pg_trgm is installed).
 */
export const searchInstruments = async (db: Kysely<DB>, userId: string, query: string, provider: string | undefined): Promise<InstrumentSummary[]> => {
  const text = query.trim().toLowerCase()
  if (text === "") return []
  const wanted = providerNames(provider)
  const partners = (await groupPartnersOf(db, userId)).filter((p) => wanted === undefined || wanted.has(p.name.toLowerCase()))
  if (partners.length === 0) return []
  const rows = await searchQuery(
    db,
    partners.map((p) => p.id),
    text,
  ).execute()
  return rows.map(toSummary)
}

/** The instrument with this id if it belongs to one of the user's group partners, else 404 (also for a non-UUID id). */
export const visibleInstrument = async (db: Kysely<DB>, userId: string, instrumentId: string): Promise<InstrumentRow> => {
  const partners = isUuid(instrumentId) ? await groupPartnersOf(db, userId) : []
  const row =
    partners.length > 0
      ? await instrumentsWithProvider(db)
          .where("instruments.id", "=", instrumentId)
          .where(
            "instruments.partnerId",
            "in",
            partners.map((p) => p.id),
          )
          .executeTakeFirst()
      : undefined
  if (!row) throw ApiErrors.notFound(INSTRUMENT_NOT_FOUND)
  return row
}

const ratingNumber = (value: unknown): number | null => toFiniteNumber(value)

/** The contract's analysis block of the stored one (ratings stored as text become numbers). */
export const toAnalysis = (analysis: Row<"instruments">["analysis"]): Instrument["analysis"] => {
  if (analysis === null) return null
  const entity = analysis.EquityResearchRatingsEntity as (typeof analysis)["EquityResearchRatingsEntity"] | null | undefined
  if (!entity) return { EquityResearchRatingsEntity: null }
  return {
    EquityResearchRatingsEntity: {
      FairValue: ratingNumber(entity.FairValue),
      PricetoFairValue: ratingNumber(entity.PricetoFairValue),
      StarRating: ratingNumber(entity.StarRating),
      Uncertainty: entity.Uncertainty ?? null,
      MoatTrend: entity.MoatTrend ?? null,
    },
  }
}

/** The detail of an instrument at `now`: ten years of daily history, the quote, its news (newest first), ratings. */
export const instrumentDetail = async (db: Kysely<DB>, row: InstrumentRow, now: Date): Promise<Instrument> => {
  const news = await db
    .selectFrom("instrumentNews")
    .select(["url", "imageUrl", "title", "content", "publishedAt"])
    .where("instrumentId", "=", row.id)
    .orderBy("publishedAt", "desc")
    .execute()
  return {
    ...toSummary(row),
    description: row.description,
    url: row.url === "" ? null : row.url,
    meta: { address: row.meta.address ?? null, phone: row.meta.phone ?? null },
    history: historyAt(row, now, 10).map((bar) => ({ date: bar.date, open: bar.open, high: bar.high, low: bar.low, close: bar.close })),
    quote: toQuote(quoteAt(row, now)),
    news: news.map((n) => ({ url: n.url, imageUrl: n.imageUrl, title: n.title, content: n.content, date: n.publishedAt })),
    analysis: toAnalysis(row.analysis),
  }
}

/**
 * Suggestions for a portfolio and a risk band: the group partners' instruments in the portfolio's
 * currency (all currencies when none), ordered by volatility and cut in thirds (low, moderate,
 * high); the band's third, the portfolio's own custodian first, then by symbol; at most
 * SUGGESTION_LIMIT. Deterministic: the same data gives the same list.
 */
export const suggestInstruments = async (
  db: Kysely<DB>,
  partners: ReadonlyArray<GroupPartner>,
  account: { readonly currency: string; readonly partnerId: string },
  band: RiskBand,
): Promise<InstrumentSummary[]> => {
  if (partners.length === 0) return []
  const all = await instrumentsWithProvider(db)
    .where(
      "instruments.partnerId",
      "in",
      partners.map((p) => p.id),
    )
    .orderBy("instruments.volatility")
    .orderBy("instruments.symbol")
    .execute()
  const sameCurrency = all.filter((row) => row.currency === account.currency)
  const candidates = sameCurrency.length > 0 ? sameCurrency : all
  const third = Math.ceil(candidates.length / 3)
  const start = band === "low" ? 0 : band === "moderate" ? third : 2 * third
  return candidates
    .slice(start, start + third)
    .sort((a, b) => Number(b.partnerId === account.partnerId) - Number(a.partnerId === account.partnerId) || a.symbol.localeCompare(b.symbol))
    .slice(0, SUGGESTION_LIMIT)
    .map(toSummary)
}
