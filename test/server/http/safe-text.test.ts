/**
 * The JSON depth check of request bodies (server/http/safe-text.ts): brackets count outside
 * strings only, whatever the strings hold (escaped quotes, backslashes before a quote), and a long
 * string is crossed in one jump.
 */
import { describe, expect, it } from "vitest"
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "../../../server/http/safe-text"

const nested = (depth: number, inner = "1") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`

describe("jsonDepthExceeds", () => {
  it("allows MAX_JSON_DEPTH levels of arrays and objects and refuses one more", () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(jsonDepthExceeds(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${"}".repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true)
  })

  it("does not count brackets inside strings, with escaped quotes and backslashes", () => {
    const brackets = "[".repeat(100)
    expect(jsonDepthExceeds(JSON.stringify({ text: brackets }))).toBe(false)
    expect(jsonDepthExceeds(JSON.stringify({ text: `say \\"${brackets}\\" and \\\\` }))).toBe(false)
    expect(jsonDepthExceeds(JSON.stringify({ a: 'quote " then [[[', b: "back\\", c: nested(3) }))).toBe(false)
    // A quote after an even number of backslashes ends the string: the brackets after it count.
    expect(jsonDepthExceeds(`["a\\\\", ${nested(MAX_JSON_DEPTH)}]`)).toBe(true)
    expect(JSON.parse(`["a\\\\", ${nested(MAX_JSON_DEPTH)}]`)).toHaveLength(2)
    // A quote after an odd number of backslashes is escaped: the brackets after it are still in the string.
    expect(jsonDepthExceeds(`["a\\\\\\" ${nested(MAX_JSON_DEPTH)}"]`)).toBe(false)
    expect(JSON.parse(`["a\\\\\\" ${nested(MAX_JSON_DEPTH)}"]`)).toHaveLength(1)
  })

  it("agrees with the nesting JSON.parse sees, and a string of 13 MB is no obstacle", () => {
    // The object is one level, its "deep" member the others.
    const body = (depth: number) => `{"document":"data:image/png;base64,${"A".repeat(13_000_000)}","deep":${nested(depth)}}`
    expect(jsonDepthExceeds(body(MAX_JSON_DEPTH - 1))).toBe(false)
    expect(jsonDepthExceeds(body(MAX_JSON_DEPTH))).toBe(true)
    expect(jsonDepthExceeds('["unterminated')).toBe(false)
  })
})
