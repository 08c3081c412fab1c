/**
 * Every stable code the reference server puts in an error body (src/contract/errors.ts) is said in
 * every language (errors:codes.<code>), with the same placeholders as in English: the app shows a
 * server's refusal in the user's language by its code (src/views/hooks/failure-text.ts).
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ErrorCodes } from "../../../src/contract/errors"
import { LANGUAGES } from "../../../src/i18n/languages"

const codesOf = (lang: string): Record<string, string> =>
  (JSON.parse(readFileSync(`src/i18n/locales/${lang}/errors.json`, "utf8")) as { codes: Record<string, string> }).codes
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe("error codes in every language", () => {
  const english = codesOf("en")
  for (const { code: lang } of LANGUAGES) {
    it(`${lang}: a text for each server error code, naming the same figures as the English one`, () => {
      const texts = codesOf(lang)
      for (const code of Object.values(ErrorCodes)) {
        expect(texts[code]?.trim(), code).toBeTruthy()
        expect(placeholders(texts[code] ?? ""), code).toEqual(placeholders(english[code] ?? ""))
      }
    })
  }
})
