import { describe, expect, it } from "vitest"
import { documentsSearch, ERROR_VARIANTS, errorVariantOf, errorVariantSegment, explorerSearch, mailboxSearch } from "../../../src/domain/route-input"

describe("the workflow explorer's search (/workflows)", () => {
  it("keeps a chart id in kebab case and the book view", () => {
    expect(explorerSearch({ chart: "order-ticket", view: "book" })).toEqual({ chart: "order-ticket", view: "book" })
    expect(explorerSearch({ chart: "session" })).toEqual({ chart: "session" })
  })
  it("drops a parameter that does not fit, keeps the others, and never throws", () => {
    expect(explorerSearch({ chart: "../../etc", view: "book" })).toEqual({ view: "book" })
    expect(explorerSearch({ chart: "Order Ticket" })).toEqual({})
    expect(explorerSearch({ chart: "-a-" })).toEqual({})
    expect(explorerSearch({ chart: 42, view: "list" })).toEqual({})
    expect(explorerSearch({ chart: ["session"], view: { book: true } })).toEqual({})
    expect(explorerSearch({ chart: "session", extra: "x" })).toEqual({ chart: "session" })
    expect(explorerSearch({})).toEqual({})
  })
})

describe("the dev mailbox's search (/dev/mailbox)", () => {
  it("keeps a non-blank address, trimmed", () => {
    expect(mailboxSearch({ to: "  ada@example.com " })).toEqual({ to: "ada@example.com" })
  })
  it("drops a blank or non-text address (every address's mail is shown)", () => {
    expect(mailboxSearch({ to: "   " })).toEqual({})
    expect(mailboxSearch({ to: 12 })).toEqual({})
    expect(mailboxSearch({ to: null })).toEqual({})
    expect(mailboxSearch({})).toEqual({})
  })
})

describe("the documents page's search (/user-account/documents)", () => {
  it("keeps a document id (a notice links there), in lower case", () => {
    expect(documentsSearch({ document: "0B6E3C1A-2F4D-4C8B-9A7E-5D1F2E3A4B5C" })).toEqual({ document: "0b6e3c1a-2f4d-4c8b-9a7e-5d1f2e3a4b5c" })
  })
  it("drops anything that is not a UUID (no details open)", () => {
    for (const document of ["D1", "", "../x", 42, null, "0b6e3c1a-2f4d-4c8b-9a7e-5d1f2e3a4b5c/x"])
      expect(documentsSearch({ document }).document).toBeUndefined()
    expect(documentsSearch({})).toEqual({})
  })
})

describe("the error pages' variant (/error/error-v1 ... error-v6)", () => {
  it("reads each of the six variants and writes its segment back", () => {
    for (const v of ERROR_VARIANTS) expect(errorVariantOf(errorVariantSegment(v))).toBe(v)
    expect(errorVariantSegment(3)).toBe("error-v3")
  })
  it("names none for any other segment", () => {
    for (const segment of ["error-v0", "error-v7", "error-v10", "error-v1x", "error-1", "v1", "", "ERROR-V1"]) expect(errorVariantOf(segment)).toBeNull()
  })
})
