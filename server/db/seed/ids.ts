/**
 * Stable ids for seeded rows: `seedId("account", "demo-ngn")` is the same UUID on every seed, so
 * links (bookmarks, tests, README examples) keep working after `--reset`. Name-based, version 5
 * style (SHA-1 of a namespace and the name), so ids do not depend on the order rows are built in.
 */
import { createHash } from "node:crypto"

const NAMESPACE = "chartfolio-demo-world-v1"

/** A UUID derived from a kind and a name. */
export const seedId = (kind: string, name: string): string => {
  const bytes = createHash("sha1").update(`${NAMESPACE}/${kind}/${name}`).digest()
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.subarray(0, 16).toString("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/** A string of `length` digits derived from a name (account numbers, nubans). */
export const seedDigits = (name: string, length: number): string => {
  let out = ""
  let round = 0
  while (out.length < length) {
    const digest = createHash("sha256").update(`${NAMESPACE}/digits/${name}/${round++}`).digest()
    for (const byte of digest) if (byte < 250 && out.length < length) out += String(byte % 10)
  }
  return out
}

/** An upper-case reference like "PAY-7K2Q9X4M" derived from a name. */
export const seedRef = (prefix: string, name: string, length = 8): string => {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
  const digest = createHash("sha256").update(`${NAMESPACE}/ref/${prefix}/${name}`).digest()
  let out = ""
  for (let i = 0; i < length; i++) out += alphabet[(digest[i] as number) % alphabet.length]
  return `${prefix}-${out}`
}
