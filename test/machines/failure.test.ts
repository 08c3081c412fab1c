import { describe, expect, it } from "vitest"
import { failureNotice } from "../../src/machines/failure"

describe("failureNotice", () => {
  it("keeps the server's text and code", () => {
    expect(failureNotice({ _tag: "ApiError", status: 409, code: "conflict", text: "Already running" })).toEqual({
      kind: "error",
      text: "Already running",
      code: "conflict",
    })
  })
  it("gives connection and unreadable-answer failures the codes the app translates them by", () => {
    expect(failureNotice({ _tag: "NetworkError", text: "The server could not be reached." })).toEqual({
      kind: "error",
      text: "The server could not be reached.",
      code: "network",
    })
    expect(failureNotice({ _tag: "DecodeError", text: "Unexpected answer" })).toEqual({ kind: "error", text: "Unexpected answer", code: "decode" })
  })
  it("leaves other failures without a code, so their own text shows", () => {
    expect(failureNotice({ _tag: "ApiError", status: 400, text: "Bad amount" })).toEqual({ kind: "error", text: "Bad amount" })
    expect(failureNotice(new Error("boom"))).toEqual({ kind: "error", text: "boom" })
  })
})
