import { describe, expect, it } from "vitest"
import { sortWatchlistRows, sparklinePath, WATCHLIST_NAME_MAX, watchlistNameProblem } from "../../../src/domain/watchlist"

describe("watchlistNameProblem", () => {
  it("needs a name, trimmed, of at most WATCHLIST_NAME_MAX characters (code points)", () => {
    expect(watchlistNameProblem("")).toBe("required")
    expect(watchlistNameProblem("   ")).toBe("required")
    expect(watchlistNameProblem(` ${"a".repeat(WATCHLIST_NAME_MAX)} `)).toBeNull()
    expect(watchlistNameProblem("a".repeat(WATCHLIST_NAME_MAX + 1))).toBe("too-long")
    expect(watchlistNameProblem("😀".repeat(WATCHLIST_NAME_MAX))).toBeNull()
  })
})

describe("sortWatchlistRows", () => {
  const row = (symbol: string, last: string, priceChange: string, priceChangePercent: number) => ({
    symbol,
    name: `${symbol} Plc`,
    last,
    priceChange,
    priceChangePercent,
  })
  const rows = [row("BBB", "9.50", "-0.10", -1.04), row("AAA", "100.00", "2.00", 2.04), row("CCC", "10.00", "0.00", 0)]

  it("sorts by text or by decimal value, both ways, keeping the list order for ties", () => {
    expect(sortWatchlistRows(rows, "symbol", "asc").map((r) => r.symbol)).toEqual(["AAA", "BBB", "CCC"])
    // "100.00" is more than "9.50": compared as decimals, not as text.
    expect(sortWatchlistRows(rows, "last", "desc").map((r) => r.symbol)).toEqual(["AAA", "CCC", "BBB"])
    expect(sortWatchlistRows(rows, "change", "asc").map((r) => r.symbol)).toEqual(["BBB", "CCC", "AAA"])
    expect(sortWatchlistRows(rows, "percent", "desc").map((r) => r.symbol)).toEqual(["AAA", "CCC", "BBB"])
    const tied = [row("X", "1.00", "0", 0), row("Y", "1.00", "0", 0)]
    expect(sortWatchlistRows(tied, "last", "desc").map((r) => r.symbol)).toEqual(["X", "Y"])
  })
})

describe("sparklinePath", () => {
  it("draws the closes across the box, the highest at the top and the lowest at the bottom", () => {
    expect(sparklinePath([1, 3, 2], 80, 20)).toBe("M0.0 20.0 L40.0 0.0 L80.0 10.0")
  })
  it("draws a flat month along the bottom, and nothing for fewer than two closes", () => {
    expect(sparklinePath([5, 5], 10, 10)).toBe("M0.0 10.0 L10.0 10.0")
    expect(sparklinePath([5], 10, 10)).toBe("")
  })
})
