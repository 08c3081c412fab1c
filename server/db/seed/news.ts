/**
 * Synthetic news for the demo world: business news articles in the upstream feed's shape (title
 * ending " - Source", content ending " [+N chars]") and 2-4 items per instrument. Every text is
 * invented and says so ("synthetic"); dates are relative to the seed's `now`.
 */
import { createRandom } from "../../market/prng"
import type { CatalogueEntry } from "./catalogue"

const HOUR_MS = 3_600_000

/** A business news article as seeded. */
export interface SeedBusinessNews {
  readonly key: string
  readonly url: string
  readonly urlToImage: string | null
  readonly title: string
  readonly content: string
  readonly source: string
  readonly publishedAt: string
}

/** An instrument news item as seeded. */
export interface SeedInstrumentNews {
  readonly key: string
  readonly symbol: string
  readonly url: string
  readonly imageUrl: string | null
  readonly title: string
  readonly content: string
  readonly source: string
  readonly publishedAt: string
}

const SOURCES = ["Chartfolio Wire", "Synthetic Markets Daily", "Demo Business Review", "The Sandbox Ledger"]

const HEADLINES: ReadonlyArray<readonly [title: string, body: string]> = [
  [
    "Synthetic Lagos index closes higher as bank shares rally",
    "Bank shares led a broad advance on the synthetic Lagos exchange, with turnover above its monthly average. Traders pointed to strong quarterly figures from two lenders.",
  ],
  [
    "Demo central bank holds its policy rate steady",
    "The demo world's central bank kept its benchmark rate unchanged and said it would keep watching inflation, which eased for a third month.",
  ],
  [
    "Cement makers raise prices as construction season starts",
    "Several synthetic cement producers announced price increases of three to five percent, citing energy costs and strong demand from road projects.",
  ],
  [
    "Tech shares slip after a record week",
    "Technology shares on the synthetic US exchange gave back part of last week's gains as investors took profits ahead of earnings season.",
  ],
  [
    "Naira steady against the dollar in the synthetic FX market",
    "The naira traded in a narrow range in the demo currency market as dollar supply from exporters met importer demand.",
  ],
  [
    "Oil prices edge up on supply worries",
    "Synthetic crude benchmarks rose for a second day after reports of lower output from two producing regions in the demo world.",
  ],
  [
    "Retailers report busier holiday season",
    "Fictional retail chains reported higher foot traffic and online orders over the holidays, though margins were squeezed by discounts.",
  ],
  [
    "Treasury yields fall as inflation cools",
    "Yields on synthetic government bonds declined after a softer inflation print, lifting bond funds and rate-sensitive shares.",
  ],
  [
    "Telecom operators expand fibre networks",
    "Two synthetic telecom operators announced plans to extend fibre coverage to ten more cities over the next two years.",
  ],
  [
    "Insurers see claims rise after storm season",
    "Property insurers in the demo world reported higher claims in the third quarter but said reserves remained adequate.",
  ],
  ["Agricultural exporters benefit from strong harvest", "Synthetic palm oil and cocoa exporters reported higher volumes after a favourable growing season."],
  [
    "Electric vehicle makers cut prices to win buyers",
    "Fictional electric vehicle makers lowered list prices on entry models, intensifying competition in the synthetic auto market.",
  ],
  [
    "Banks tighten lending standards for small firms",
    "A survey of synthetic lenders found stricter terms for small-business loans, with collateral requirements rising.",
  ],
  ["Semiconductor orders pick up again", "Orders for low-power chips rose in the latest synthetic industry survey, suggesting the inventory glut is ending."],
  [
    "Property developers pause new office projects",
    "Developers in the demo world said they would delay new office towers until occupancy improves in existing buildings.",
  ],
  [
    "Pharmaceutical makers invest in local production",
    "Three synthetic drug makers announced new plants to produce generic medicines closer to their customers.",
  ],
  ["Power generators report better gas supply", "Synthetic power companies said improved gas deliveries lifted output to the highest level in a year."],
  ["Consumer goods makers warn on input costs", "Fictional food and drink companies said wheat, sugar and packaging costs would weigh on margins this year."],
  [
    "Dividend season begins with higher payouts",
    "The first synthetic companies to report full-year results raised their dividends, led by banks and cement makers.",
  ],
  [
    "Logistics firms invest in warehouse automation",
    "Synthetic logistics operators are adding robots to their largest distribution centres to handle online orders.",
  ],
  [
    "Small caps outperform as risk appetite returns",
    "Shares of smaller synthetic companies outpaced large caps for a second week as investors sought higher growth.",
  ],
  ["Gold fund inflows reach a six-month high", "Investors in the demo world added money to gold funds as a hedge against currency moves."],
  [
    "Water utilities win approval for tariff review",
    "Regulators in the synthetic economy approved a review of water tariffs, giving utilities room to fund upgrades.",
  ],
  ["Media groups bet on live sport streaming", "Fictional media companies are bidding for streaming rights to regional football leagues."],
  ["Mining companies lift copper output targets", "Synthetic miners raised production guidance as new copper and lithium projects came online."],
  ["Fintech lenders report rising loan volumes", "Synthetic digital lenders reported strong growth in consumer loans while keeping default rates stable."],
  ["Aerospace suppliers see order backlog grow", "Makers of fictional aircraft components said order books now stretch well into the next three years."],
  ["Solar farm developers secure new financing", "Two synthetic solar developers closed financing for projects that will add 400 megawatts of capacity."],
  ["Breweries launch low-alcohol drinks", "Fictional brewers introduced low-alcohol and malt drinks as younger consumers change habits."],
  ["Market regulator proposes faster settlement", "The demo world's market regulator proposed moving to next-day settlement for listed shares."],
  [
    "Exchange adds new ETFs tracking African markets",
    "The synthetic exchange listed two new funds tracking companies across Africa, widening choice for local investors.",
  ],
  ["Investors rotate from growth to value shares", "Value-oriented synthetic funds attracted inflows as investors moved away from high-priced growth shares."],
]

const INSTRUMENT_TEMPLATES: ReadonlyArray<(e: CatalogueEntry) => readonly [string, string]> = [
  (e) => [
    `${e.name} reports quarterly results ahead of synthetic estimates`,
    `${e.name} said revenue grew faster than the synthetic consensus expected, helped by demand in its main markets. Management kept its outlook for the year. This is generated demo news.`,
  ],
  (e) => [
    `${e.name} announces a new share buyback`,
    `The board of ${e.name} approved a programme to buy back shares over the next twelve months, funded from cash on hand. This is generated demo news.`,
  ],
  (e) => [
    `Analysts revisit ${e.symbol} after a strong month`,
    `Several fictional analysts updated their views on ${e.symbol} after the shares moved sharply over the past month. Ratings in this demo are synthetic. This is generated demo news.`,
  ],
  (e) => [
    `${e.name} names a new chief financial officer`,
    `${e.name} appointed a new chief financial officer, who joins from another company in the ${e.sector.toLowerCase()} sector. This is generated demo news.`,
  ],
  (e) => [
    `${e.name} expands into two new regions`,
    `${e.name} plans to enter two new regions next year and expects the expansion to add to revenue from the second half. This is generated demo news.`,
  ],
  (e) => [
    `${e.symbol} holders approve the annual dividend`,
    `Shareholders of ${e.name} approved the proposed dividend at the annual general meeting held this week. This is generated demo news.`,
  ],
]

const iso = (ms: number): string => new Date(ms).toISOString()

/** About 30 business news items, newest first, published in the 30 days before `now`. */
export const buildBusinessNews = (now: Date): SeedBusinessNews[] => {
  const random = createRandom("news/business")
  const start = now.getTime()
  let publishedMs = start - 2 * HOUR_MS
  return HEADLINES.map(([title, body], index) => {
    const source = SOURCES[index % SOURCES.length] as string
    publishedMs -= random.int(6, 30) * HOUR_MS + random.int(0, 59) * 60_000
    const extra = random.int(120, 3200)
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
    return {
      key: `business-${index + 1}`,
      url: `https://news.chartfolio.example/${slug}`,
      urlToImage: index % 4 === 3 ? null : `/news-images/business-${(index % 12) + 1}.svg`,
      title: `Synthetic: ${title} - ${source}`,
      content: `${body} (Synthetic article for the Chartfolio demo.) [+${extra} chars]`,
      source,
      publishedAt: iso(publishedMs),
    }
  })
}

/** 2 to 4 news items for one instrument, published in the 90 days before `now`. */
export const buildInstrumentNews = (entry: CatalogueEntry, now: Date): SeedInstrumentNews[] => {
  const random = createRandom(`news/instrument/${entry.symbol}`)
  const count = random.int(2, 4)
  const templates = random.shuffle(INSTRUMENT_TEMPLATES).slice(0, count)
  let publishedMs = now.getTime() - random.int(1, 72) * HOUR_MS
  return templates.map((template, index) => {
    const [title, content] = template(entry)
    const item = {
      key: `${entry.symbol}-${index + 1}`,
      symbol: entry.symbol,
      url: `https://news.chartfolio.example/instruments/${entry.symbol.toLowerCase()}/${index + 1}`,
      imageUrl: random.chance(0.3) ? null : `/news-images/instrument-${random.int(1, 12)}.svg`,
      title,
      content,
      source: SOURCES[(index + entry.symbol.length) % SOURCES.length] as string,
      publishedAt: iso(publishedMs),
    }
    publishedMs -= random.int(3, 25) * 24 * HOUR_MS
    return item
  })
}
