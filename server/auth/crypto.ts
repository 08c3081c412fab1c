/**
 * Secrets of the authentication flows: random bearer values, one-time codes, and the hashes they
 * are stored as. Node's crypto (CSPRNG, constant-time comparison).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto"

/** 32 random bytes, base64url without padding (256 bits): access tokens and reset refs. */
export const randomSecret = (): string => randomBytes(32).toString("base64url")

/** Hex SHA-256 of a text: how tokens, refs and device ids are stored and looked up. */
export const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")

/** A uniformly random 6-digit code, leading zeros kept ("004213"). */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0")

/** A fresh salt for `codeHash`. */
export const newSalt = (): string => randomBytes(16).toString("base64url")

/** The stored form of a one-time code: hex SHA-256 of salt and code. */
export const codeHash = (salt: string, code: string): string => sha256Hex(`${salt}:${code}`)

/** Whether two hex digests are equal, in time independent of where they differ. */
export const sameDigest = (a: string, b: string): boolean => {
  const left = Buffer.from(a, "hex")
  const right = Buffer.from(b, "hex")
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}
