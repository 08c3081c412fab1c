/**
 * The demo instrument catalogue: fictional companies and funds (names, symbols, descriptions,
 * contact details, logos, market parameters), generated deterministically. Nothing here describes
 * a real company; the names are invented and the descriptions say the company is synthetic.
 *
 * `buildCatalogue()` returns the same list every time: 168 instruments, 156 of them listed by the
 * demo group's three partners (equities and ETFs in NGN and USD) and 12 by a partner outside the
 * group (so the provider filter has something to hide).
 */
import { createRandom, type Random } from "../../market/prng"
import type { Currency } from "../schema"

/** Partner codes of the demo world. */
export type PartnerCode = "CHS" | "LCP" | "ATB" | "MGC"

/** The demo partners (custodians); the first three form the demo group, in this order. */
export const PARTNERS: ReadonlyArray<{ readonly code: PartnerCode; readonly name: string; readonly inDemoGroup: boolean }> = [
  { code: "CHS", name: "Chartfolio Securities", inDemoGroup: true },
  { code: "LCP", name: "Lagos Custody Partners", inDemoGroup: true },
  { code: "ATB", name: "Atlantic Brokerage", inDemoGroup: true },
  { code: "MGC", name: "Meridian Global Custody", inDemoGroup: false },
]

/** One catalogue entry (market parameters as strings/numbers ready for the instruments table). */
export interface CatalogueEntry {
  readonly symbol: string
  readonly name: string
  readonly description: string
  readonly type: "EQUITY" | "ETF"
  readonly sector: string
  readonly currency: Currency
  readonly exchange: string
  readonly country: string
  readonly partner: PartnerCode
  readonly url: string
  readonly imageUrl: string
  readonly meta: { readonly address: string; readonly phone: string }
  readonly basePrice: string
  readonly volatility: number
  readonly drift: number
  readonly spreadBps: number
  readonly sharesOutstanding: number
  readonly averageVolume: number
  /** Yearly dividend as a fraction of the price (0 for none); the seed pays it quarterly. */
  readonly dividendYield: number
}

interface Industry {
  readonly word: string
  readonly code: string
  readonly sector: string
  readonly activity: string
  readonly price: readonly [number, number]
  readonly volatility: readonly [number, number]
  readonly dividendYield: number
}

const USD_INDUSTRIES: ReadonlyArray<Industry> = [
  {
    word: "Robotics",
    code: "R",
    sector: "Industrials",
    activity: "designs warehouse and assembly robots",
    price: [40, 260],
    volatility: [0.3, 0.5],
    dividendYield: 0,
  },
  {
    word: "Energy",
    code: "E",
    sector: "Energy",
    activity: "produces and trades natural gas and power",
    price: [30, 140],
    volatility: [0.25, 0.4],
    dividendYield: 0.035,
  },
  {
    word: "Health",
    code: "H",
    sector: "Health Care",
    activity: "runs outpatient clinics and diagnostic labs",
    price: [50, 320],
    volatility: [0.18, 0.3],
    dividendYield: 0.015,
  },
  {
    word: "Semiconductors",
    code: "S",
    sector: "Information Technology",
    activity: "designs low-power chips for sensors and phones",
    price: [60, 680],
    volatility: [0.35, 0.55],
    dividendYield: 0.005,
  },
  {
    word: "Foods",
    code: "F",
    sector: "Consumer Staples",
    activity: "makes packaged foods and snacks",
    price: [25, 110],
    volatility: [0.15, 0.25],
    dividendYield: 0.03,
  },
  {
    word: "Logistics",
    code: "L",
    sector: "Industrials",
    activity: "operates freight networks and distribution centres",
    price: [30, 210],
    volatility: [0.22, 0.35],
    dividendYield: 0.012,
  },
  {
    word: "Software",
    code: "W",
    sector: "Information Technology",
    activity: "sells workflow software to mid-sized companies",
    price: [80, 520],
    volatility: [0.3, 0.45],
    dividendYield: 0,
  },
  {
    word: "Biotech",
    code: "B",
    sector: "Health Care",
    activity: "develops antibody therapies in clinical trials",
    price: [10, 180],
    volatility: [0.45, 0.7],
    dividendYield: 0,
  },
  {
    word: "Motors",
    code: "M",
    sector: "Consumer Discretionary",
    activity: "builds electric delivery vans and buses",
    price: [15, 240],
    volatility: [0.4, 0.65],
    dividendYield: 0,
  },
  {
    word: "Financial",
    code: "N",
    sector: "Financials",
    activity: "offers consumer loans and payment accounts",
    price: [20, 160],
    volatility: [0.22, 0.35],
    dividendYield: 0.028,
  },
  {
    word: "Retail",
    code: "T",
    sector: "Consumer Discretionary",
    activity: "runs home-goods stores and an online shop",
    price: [18, 150],
    volatility: [0.25, 0.4],
    dividendYield: 0.018,
  },
  {
    word: "Telecom",
    code: "C",
    sector: "Communication Services",
    activity: "provides fibre broadband and mobile service",
    price: [15, 70],
    volatility: [0.15, 0.25],
    dividendYield: 0.05,
  },
  {
    word: "Materials",
    code: "A",
    sector: "Materials",
    activity: "produces specialty chemicals and coatings",
    price: [35, 190],
    volatility: [0.22, 0.35],
    dividendYield: 0.022,
  },
  {
    word: "Aerospace",
    code: "X",
    sector: "Industrials",
    activity: "makes aircraft components and satellite parts",
    price: [60, 380],
    volatility: [0.25, 0.4],
    dividendYield: 0.01,
  },
  {
    word: "Water",
    code: "Q",
    sector: "Utilities",
    activity: "owns regulated water and wastewater utilities",
    price: [40, 130],
    volatility: [0.12, 0.2],
    dividendYield: 0.032,
  },
  {
    word: "Media",
    code: "D",
    sector: "Communication Services",
    activity: "streams films and produces live sport",
    price: [20, 200],
    volatility: [0.3, 0.45],
    dividendYield: 0,
  },
  {
    word: "Insurance",
    code: "I",
    sector: "Financials",
    activity: "writes property and casualty insurance",
    price: [45, 260],
    volatility: [0.16, 0.26],
    dividendYield: 0.024,
  },
  { word: "Solar", code: "O", sector: "Utilities", activity: "builds and operates solar farms", price: [12, 90], volatility: [0.4, 0.6], dividendYield: 0 },
  {
    word: "Analytics",
    code: "Y",
    sector: "Information Technology",
    activity: "sells data analytics platforms",
    price: [50, 410],
    volatility: [0.3, 0.45],
    dividendYield: 0,
  },
  { word: "Minerals", code: "K", sector: "Materials", activity: "mines copper and lithium", price: [20, 120], volatility: [0.35, 0.5], dividendYield: 0.02 },
]

const NGN_INDUSTRIES: ReadonlyArray<Industry> = [
  {
    word: "Cement",
    code: "CEM",
    sector: "Industrial Goods",
    activity: "produces cement and ready-mix concrete",
    price: [180, 650],
    volatility: [0.25, 0.4],
    dividendYield: 0.06,
  },
  {
    word: "Breweries",
    code: "BRW",
    sector: "Consumer Goods",
    activity: "brews lager and malt drinks",
    price: [30, 110],
    volatility: [0.25, 0.4],
    dividendYield: 0.04,
  },
  {
    word: "Bank",
    code: "BNK",
    sector: "Financial Services",
    activity: "offers retail and corporate banking",
    price: [15, 65],
    volatility: [0.3, 0.45],
    dividendYield: 0.08,
  },
  {
    word: "Insurance",
    code: "INS",
    sector: "Insurance",
    activity: "sells life and general insurance",
    price: [2, 12],
    volatility: [0.35, 0.55],
    dividendYield: 0.05,
  },
  {
    word: "Oil & Gas",
    code: "OIL",
    sector: "Oil and Gas",
    activity: "refines and distributes petroleum products",
    price: [90, 900],
    volatility: [0.35, 0.55],
    dividendYield: 0.05,
  },
  {
    word: "Telecom",
    code: "TEL",
    sector: "ICT",
    activity: "runs mobile networks and data centres",
    price: [150, 320],
    volatility: [0.25, 0.35],
    dividendYield: 0.06,
  },
  {
    word: "Flour Mills",
    code: "FLM",
    sector: "Consumer Goods",
    activity: "mills flour and makes pasta",
    price: [25, 80],
    volatility: [0.25, 0.4],
    dividendYield: 0.05,
  },
  {
    word: "Sugar",
    code: "SUG",
    sector: "Consumer Goods",
    activity: "refines sugar from its own plantations",
    price: [12, 50],
    volatility: [0.3, 0.45],
    dividendYield: 0.04,
  },
  { word: "Agro", code: "AGR", sector: "Agriculture", activity: "grows oil palm and rubber", price: [200, 1300], volatility: [0.3, 0.5], dividendYield: 0.03 },
  {
    word: "Properties",
    code: "PRP",
    sector: "Real Estate",
    activity: "develops and leases offices and malls",
    price: [3, 20],
    volatility: [0.35, 0.55],
    dividendYield: 0.035,
  },
  {
    word: "Pharmaceuticals",
    code: "PHM",
    sector: "Health Care",
    activity: "makes generic medicines",
    price: [10, 60],
    volatility: [0.3, 0.5],
    dividendYield: 0.03,
  },
  {
    word: "Power",
    code: "PWR",
    sector: "Utilities",
    activity: "generates and distributes electricity",
    price: [5, 40],
    volatility: [0.35, 0.5],
    dividendYield: 0.02,
  },
  {
    word: "Paints",
    code: "PNT",
    sector: "Industrial Goods",
    activity: "makes decorative and marine paints",
    price: [8, 35],
    volatility: [0.3, 0.45],
    dividendYield: 0.05,
  },
]

const USD_PREFIXES = [
  "Northwind",
  "Kestrel",
  "Bluepeak",
  "Ironbark",
  "Silverline",
  "Harborview",
  "Cobalt",
  "Lumen",
  "Granite",
  "Redwood",
  "Summit",
  "Crescent",
  "Orchard",
  "Beacon",
  "Pioneer",
  "Tidewater",
  "Falcon",
  "Aurora",
  "Juniper",
  "Evergreen",
  "Copperfield",
  "Quartz",
  "Sterling",
  "Windrose",
  "Halcyon",
  "Vantage",
  "Keystone",
  "Polaris",
  "Sequoia",
  "Bramble",
  "Cascade",
  "Driftwood",
  "Emberly",
  "Foxglove",
  "Glacier",
  "Hawthorne",
  "Ivory",
  "Jasper",
  "Kingfisher",
  "Larkspur",
  "Maplewood",
  "Nimbus",
  "Oakmont",
  "Pinecrest",
  "Quillon",
  "Riverbend",
  "Saffron",
  "Thornbury",
  "Upland",
  "Verdant",
  "Westbrook",
  "Yarrow",
  "Zephyr",
  "Alder",
  "Birchwood",
  "Cinder",
  "Dunmore",
  "Elmstead",
  "Fernhill",
  "Goldleaf",
  "Highmoor",
  "Inkwell",
  "Jadeport",
  "Kilnworth",
  "Lodestar",
  "Moonstone",
  "Northgate",
  "Opaline",
  "Pebblebrook",
  "Quayside",
  "Rosemont",
  "Stonebridge",
  "Tamarack",
  "Umberfield",
  "Valemont",
  "Willowby",
  "Ashgrove",
  "Brightwater",
  "Clearbrook",
  "Deepwell",
  "Eastmere",
  "Fairhaven",
  "Greystone",
  "Hollowell",
  "Ironwood",
  "Juneberry",
  "Kettleby",
  "Lindenfield",
  "Marrowby",
  "Netherby",
  "Oxbow",
  "Palisade",
]

const NGN_PREFIXES = [
  "Lagoon",
  "Ikoyi",
  "Eko",
  "Niger",
  "Benue",
  "Kano",
  "Oyo",
  "Zuma",
  "Lekki",
  "Delta",
  "Sahel",
  "Calabar",
  "Jos",
  "Enugu",
  "Abuja",
  "Ogun",
  "Osun",
  "Kaduna",
  "Onitsha",
  "Ibadan",
  "Yola",
  "Sokoto",
  "Akwa",
  "Bonny",
  "Badagry",
  "Epe",
  "Ota",
  "Ilorin",
  "Owerri",
  "Warri",
  "Makurdi",
  "Bauchi",
  "Gombe",
  "Minna",
  "Asaba",
  "Awka",
  "Uyo",
  "Ikeja",
  "Apapa",
  "Yaba",
  "Ajah",
  "Ikorodu",
  "Abeokuta",
  "Akure",
  "Ado",
  "Lokoja",
  "Lafia",
  "Jalingo",
  "Dutse",
  "Birnin",
]

const USD_STREETS = ["Harbor Avenue", "Market Street", "Commerce Drive", "Lakeshore Road", "Innovation Way", "Park Place", "Summit Boulevard", "River Road"]
const USD_CITIES = [
  "Springfield, IL 62701",
  "Riverton, WY 82501",
  "Fairview, OR 97024",
  "Madison, WI 53703",
  "Greenville, SC 29601",
  "Franklin, TN 37064",
  "Salem, MA 01970",
  "Clinton, NJ 08809",
]
const AREA_CODES = ["212", "312", "415", "617", "713", "206", "305", "404"]
const NGN_STREETS = [
  "Adeola Odeku Street",
  "Broad Street",
  "Marina Road",
  "Awolowo Road",
  "Herbert Macaulay Way",
  "Ahmadu Bello Way",
  "Aminu Kano Crescent",
  "Trans-Amadi Road",
]
const NGN_CITIES = [
  "Victoria Island, Lagos",
  "Lagos Island, Lagos",
  "Ikoyi, Lagos",
  "Wuse II, Abuja",
  "Port Harcourt, Rivers",
  "Ibadan, Oyo",
  "Kano, Kano",
  "Enugu, Enugu",
]

interface Fund {
  readonly symbol: string
  readonly name: string
  readonly focus: string
  readonly currency: Currency
  readonly price: number
  readonly volatility: number
  readonly dividendYield: number
}

const FUNDS: ReadonlyArray<Fund> = [
  {
    symbol: "CFTM",
    name: "Chartfolio Total Market ETF",
    focus: "the whole synthetic US market",
    currency: "USD",
    price: 112,
    volatility: 0.16,
    dividendYield: 0.015,
  },
  {
    symbol: "CFLC",
    name: "Chartfolio Large Cap ETF",
    focus: "the 100 largest synthetic US companies",
    currency: "USD",
    price: 248,
    volatility: 0.15,
    dividendYield: 0.014,
  },
  {
    symbol: "CFSC",
    name: "Chartfolio Small Cap ETF",
    focus: "smaller synthetic US companies",
    currency: "USD",
    price: 76,
    volatility: 0.22,
    dividendYield: 0.012,
  },
  {
    symbol: "CFDV",
    name: "Chartfolio Dividend Leaders ETF",
    focus: "companies with long dividend records",
    currency: "USD",
    price: 58,
    volatility: 0.13,
    dividendYield: 0.035,
  },
  { symbol: "CFGR", name: "Chartfolio Growth ETF", focus: "fast-growing companies", currency: "USD", price: 134, volatility: 0.21, dividendYield: 0.004 },
  {
    symbol: "CFVL",
    name: "Chartfolio Value ETF",
    focus: "companies priced low against earnings",
    currency: "USD",
    price: 92,
    volatility: 0.15,
    dividendYield: 0.025,
  },
  {
    symbol: "CFTK",
    name: "Chartfolio Technology ETF",
    focus: "software and semiconductor companies",
    currency: "USD",
    price: 187,
    volatility: 0.26,
    dividendYield: 0.006,
  },
  {
    symbol: "CFHC",
    name: "Chartfolio Health Care ETF",
    focus: "health care providers and drug makers",
    currency: "USD",
    price: 121,
    volatility: 0.17,
    dividendYield: 0.013,
  },
  { symbol: "CFEN", name: "Chartfolio Energy ETF", focus: "oil, gas and power producers", currency: "USD", price: 84, volatility: 0.28, dividendYield: 0.032 },
  {
    symbol: "CFFN",
    name: "Chartfolio Financials ETF",
    focus: "banks, insurers and payment companies",
    currency: "USD",
    price: 43,
    volatility: 0.2,
    dividendYield: 0.021,
  },
  { symbol: "CFUT", name: "Chartfolio Utilities ETF", focus: "regulated utilities", currency: "USD", price: 67, volatility: 0.14, dividendYield: 0.031 },
  {
    symbol: "CFRE",
    name: "Chartfolio Real Estate ETF",
    focus: "property owners and REITs",
    currency: "USD",
    price: 39,
    volatility: 0.19,
    dividendYield: 0.038,
  },
  {
    symbol: "CFCL",
    name: "Chartfolio Clean Energy ETF",
    focus: "solar, wind and storage companies",
    currency: "USD",
    price: 29,
    volatility: 0.34,
    dividendYield: 0.008,
  },
  {
    symbol: "CFIN",
    name: "Chartfolio International ETF",
    focus: "synthetic companies outside the US",
    currency: "USD",
    price: 51,
    volatility: 0.16,
    dividendYield: 0.027,
  },
  {
    symbol: "CFEM",
    name: "Chartfolio Emerging Markets ETF",
    focus: "synthetic emerging-market companies",
    currency: "USD",
    price: 44,
    volatility: 0.21,
    dividendYield: 0.024,
  },
  {
    symbol: "CFAF",
    name: "Chartfolio Africa ETF",
    focus: "synthetic companies across Africa",
    currency: "USD",
    price: 27,
    volatility: 0.24,
    dividendYield: 0.03,
  },
  {
    symbol: "CFTB",
    name: "Chartfolio Treasury Bond ETF",
    focus: "synthetic US government bonds",
    currency: "USD",
    price: 96,
    volatility: 0.06,
    dividendYield: 0.036,
  },
  {
    symbol: "CFCB",
    name: "Chartfolio Corporate Bond ETF",
    focus: "synthetic investment-grade corporate bonds",
    currency: "USD",
    price: 104,
    volatility: 0.08,
    dividendYield: 0.045,
  },
  { symbol: "CFGD", name: "Chartfolio Gold ETF", focus: "a synthetic gold price", currency: "USD", price: 186, volatility: 0.15, dividendYield: 0 },
  {
    symbol: "CFMV",
    name: "Chartfolio Minimum Volatility ETF",
    focus: "the calmest synthetic US stocks",
    currency: "USD",
    price: 81,
    volatility: 0.11,
    dividendYield: 0.019,
  },
  {
    symbol: "CFNG30",
    name: "Chartfolio Nigeria Top 30 ETF",
    focus: "the 30 largest synthetic Lagos-listed companies",
    currency: "NGN",
    price: 48,
    volatility: 0.24,
    dividendYield: 0.05,
  },
  {
    symbol: "CFNGBK",
    name: "Chartfolio Nigeria Banking ETF",
    focus: "synthetic Nigerian banks",
    currency: "NGN",
    price: 22,
    volatility: 0.3,
    dividendYield: 0.07,
  },
  {
    symbol: "CFNGDV",
    name: "Chartfolio Nigeria Dividend ETF",
    focus: "high-dividend synthetic Nigerian companies",
    currency: "NGN",
    price: 31,
    volatility: 0.22,
    dividendYield: 0.08,
  },
  {
    symbol: "CFNGCG",
    name: "Chartfolio Nigeria Consumer ETF",
    focus: "synthetic Nigerian consumer-goods makers",
    currency: "NGN",
    price: 19,
    volatility: 0.26,
    dividendYield: 0.045,
  },
  {
    symbol: "CFNGIG",
    name: "Chartfolio Nigeria Industrials ETF",
    focus: "synthetic Nigerian cement and industrial companies",
    currency: "NGN",
    price: 64,
    volatility: 0.25,
    dividendYield: 0.05,
  },
  {
    symbol: "CFNGBD",
    name: "Chartfolio Nigeria Bond ETF",
    focus: "synthetic Nigerian government bonds",
    currency: "NGN",
    price: 112,
    volatility: 0.09,
    dividendYield: 0.12,
  },
]

const round2 = (value: number): string => (Math.round(value * 100) / 100).toFixed(2)
const round3 = (value: number): number => Math.round(value * 1000) / 1000

const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")

const marketParams = (random: Random, industry: Pick<Industry, "price" | "volatility">, currency: Currency) => {
  const [lowPrice, highPrice] = industry.price
  const [lowVol, highVol] = industry.volatility
  const u = random.next()
  // Skewed toward the low end, like real price levels; only + and * so it is the same everywhere.
  const basePrice = round2(lowPrice + (highPrice - lowPrice) * u * u)
  const averageVolume = currency === "NGN" ? random.int(200, 40_000) * 100 : random.int(50, 30_000) * 100
  return {
    basePrice,
    volatility: round3(random.between(lowVol, highVol)),
    drift: round3(random.between(-0.02, 0.14)),
    spreadBps: currency === "NGN" ? random.int(20, 80) : random.int(2, 20),
    sharesOutstanding: random.int(50, 9_000) * 1_000_000,
    averageVolume,
  }
}

const usdEquity = (prefix: string, industry: Industry, partner: PartnerCode, symbol: string, index: number): CatalogueEntry => {
  const random = createRandom(`catalogue/${symbol}`)
  const name = `${prefix} ${industry.word} Inc.`
  const slug = slugOf(`${prefix} ${industry.word}`)
  return {
    symbol,
    name,
    description:
      `${name} is a fictional ${industry.sector.toLowerCase()} company made up for the Chartfolio demo. ` +
      `In this synthetic world it ${industry.activity}. Its prices, ratings and news are generated and are not investment information.`,
    type: "EQUITY",
    sector: industry.sector,
    currency: "USD",
    exchange: partner === "MGC" ? "MGX" : "SYNX",
    country: "USA",
    partner,
    url: `https://www.${slug}.example`,
    imageUrl: `/instrument-logos/${symbol.toLowerCase()}.svg`,
    meta: {
      address: `${100 + ((index * 37) % 8900)} ${USD_STREETS[index % USD_STREETS.length]}, ${USD_CITIES[(index * 3) % USD_CITIES.length]}, USA`,
      phone: `+1 ${AREA_CODES[index % AREA_CODES.length]} 555 01${String(index % 100).padStart(2, "0")}`,
    },
    ...marketParams(random, industry, "USD"),
    dividendYield: industry.dividendYield,
  }
}

const ngnEquity = (prefix: string, industry: Industry, symbol: string, index: number): CatalogueEntry => {
  const random = createRandom(`catalogue/${symbol}`)
  const name = `${prefix} ${industry.word} Plc`
  const slug = slugOf(`${prefix} ${industry.word}`)
  return {
    symbol,
    name,
    description:
      `${name} is a fictional Nigerian ${industry.sector.toLowerCase()} company made up for the Chartfolio demo. ` +
      `In this synthetic world it ${industry.activity}. Its prices, ratings and news are generated and are not investment information.`,
    type: "EQUITY",
    sector: industry.sector,
    currency: "NGN",
    exchange: "SNGX",
    country: "NGA",
    partner: "LCP",
    url: `https://www.${slug}.example`,
    imageUrl: `/instrument-logos/${symbol.toLowerCase()}.svg`,
    meta: {
      address: `${1 + ((index * 13) % 180)} ${NGN_STREETS[index % NGN_STREETS.length]}, ${NGN_CITIES[(index * 5) % NGN_CITIES.length]}, Nigeria`,
      phone: `+234 1 700 ${String(1000 + ((index * 4129) % 9000)).slice(0, 4)}`,
    },
    ...marketParams(random, industry, "NGN"),
    dividendYield: industry.dividendYield,
  }
}

const fundEntry = (fund: Fund, index: number): CatalogueEntry => {
  const random = createRandom(`catalogue/${fund.symbol}`)
  const params = marketParams(random, { price: [fund.price, fund.price], volatility: [fund.volatility, fund.volatility] }, fund.currency)
  return {
    symbol: fund.symbol,
    name: fund.name,
    description:
      `${fund.name} is a fictional exchange-traded fund made up for the Chartfolio demo. It tracks ${fund.focus}. ` +
      `Its prices, ratings and news are generated and are not investment information.`,
    type: "ETF",
    sector: "Funds",
    currency: fund.currency,
    exchange: fund.currency === "NGN" ? "SNGX" : "SYNX",
    country: fund.currency === "NGN" ? "NGA" : "USA",
    partner: "CHS",
    url: `https://funds.chartfolio.example/${fund.symbol.toLowerCase()}`,
    imageUrl: `/instrument-logos/${fund.symbol.toLowerCase()}.svg`,
    meta: {
      address: fund.currency === "NGN" ? "7 Marina Road, Lagos Island, Lagos, Nigeria" : "1 Chartfolio Plaza, Springfield, IL 62701, USA",
      phone: fund.currency === "NGN" ? `+234 1 700 ${String(2000 + index).padStart(4, "0")}` : `+1 217 555 01${String(index).padStart(2, "0")}`,
    },
    ...params,
    sharesOutstanding: random.int(20, 900) * 1_000_000,
    dividendYield: fund.dividendYield,
  }
}

const uniqueSymbol = (taken: Set<string>, candidates: ReadonlyArray<string>): string => {
  for (const candidate of candidates) {
    if (!taken.has(candidate)) {
      taken.add(candidate)
      return candidate
    }
  }
  for (let n = 2; ; n++) {
    const candidate = `${candidates[0]}${n}`
    if (!taken.has(candidate)) {
      taken.add(candidate)
      return candidate
    }
  }
}

const lettersOf = (word: string): string => word.toUpperCase().replace(/[^A-Z]/g, "")

/** The whole catalogue, in a fixed order (see the module comment). */
export const buildCatalogue = (): CatalogueEntry[] => {
  const taken = new Set(FUNDS.map((f) => f.symbol))
  const entries: CatalogueEntry[] = FUNDS.map(fundEntry)
  const random = createRandom("catalogue/assignment")

  // USD equities: 70 at Atlantic Brokerage, 10 at Chartfolio Securities, 12 at Meridian.
  USD_PREFIXES.forEach((prefix, index) => {
    const partner: PartnerCode = index < 70 ? "ATB" : index < 80 ? "CHS" : "MGC"
    const industry = USD_INDUSTRIES[(index * 7 + random.int(0, 2)) % USD_INDUSTRIES.length] as Industry
    const letters = lettersOf(prefix)
    const symbol = uniqueSymbol(taken, [
      `${letters.slice(0, 3)}${industry.code}`,
      `${letters.slice(0, 2)}${letters.slice(-1)}${industry.code}`,
      `${letters.slice(0, 4)}`,
      `${letters.slice(0, 3)}${letters.slice(-1)}${industry.code}`,
    ])
    entries.push(usdEquity(prefix, industry, partner, symbol, index))
  })

  // NGN equities: 50 at Lagos Custody Partners.
  NGN_PREFIXES.forEach((prefix, index) => {
    const industry = NGN_INDUSTRIES[(index * 5 + random.int(0, 3)) % NGN_INDUSTRIES.length] as Industry
    const letters = lettersOf(prefix)
    const symbol = uniqueSymbol(taken, [`${letters.slice(0, 4)}${industry.code}`, `${letters.slice(0, 5)}${industry.code}`, `${letters}${industry.code}`])
    entries.push(ngnEquity(prefix, industry, symbol, index))
  })

  return entries
}
