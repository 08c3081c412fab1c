import { describe, expect, it } from "vitest"
import { formatErrorValues } from "../../../src/domain/error-values"

describe("a coded server error's figures", () => {
  it("formats money figures in the answer's currency for the locale and leaves the rest as they came", () => {
    expect(formatErrorValues({ cash: "1997819.89", currency: "NGN" }, "de-DE")).toEqual({ cash: "1.997.819,89\u00a0₦", currency: "NGN" })
    expect(formatErrorValues({ cash: "1500", currency: "USD" }, "en-GB")).toEqual({ cash: "$1,500.00", currency: "USD" })
    expect(formatErrorValues({ symbol: "ABC", cash: "12.5" }, "en-GB")).toEqual({ symbol: "ABC", cash: "12.5" })
    expect(formatErrorValues(undefined, "en-GB")).toEqual({})
  })
})
