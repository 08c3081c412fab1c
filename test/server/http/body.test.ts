import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { decodeOrBadRequest, parseJsonBody } from "../../../server/http/body"
import { ApiError } from "../../../server/http/errors"

const caught = (f: () => unknown): ApiError => {
  try {
    f()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error("expected an ApiError")
}

const Order = Schema.Struct({ side: Schema.Literals(["BUY", "SELL"]), amount: Schema.String, note: Schema.optionalKey(Schema.String) })

describe("parseJsonBody", () => {
  it("parses JSON and refuses anything else with a 400", () => {
    expect(parseJsonBody('{"a":[1,"x"]}')).toEqual({ a: [1, "x"] })
    for (const text of ["", "  ", "{", "{'a':1}", "undefined"]) {
      const error = caught(() => parseJsonBody(text))
      expect(error.status).toBe(400)
      expect(error.body).toMatchObject({ statusCode: 400, code: ErrorCodes.badRequest })
    }
  })
})

describe("decodeOrBadRequest", () => {
  it("returns the decoded value, ignoring unknown keys", () => {
    expect(decodeOrBadRequest(Order, { side: "BUY", amount: "10.00", extra: true })).toEqual({ side: "BUY", amount: "10.00" })
  })

  it("names every bad field in a 400 whose message maps each field to a text", () => {
    const error = caught(() => decodeOrBadRequest(Order, { side: "HOLD", note: 5 }))
    expect(error.status).toBe(400)
    expect(error.text).toBe("Some fields are missing or invalid: side, amount, note.")
    const message = error.body.message as Record<string, string>
    expect(Object.keys(message)).toEqual(["side", "amount", "note"])
    expect(message.amount).toBe("This field is required.")
    expect(message.side).toContain("BUY")
  })

  it("reports a value of the wrong shape as a whole", () => {
    const error = caught(() => decodeOrBadRequest(Order, [1, 2]))
    expect(Object.keys(error.body.message as Record<string, string>)).toEqual(["body"])
  })
})
