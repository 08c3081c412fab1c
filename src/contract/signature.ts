/**
 * Request signing shared by the browser client and the reference server (architecture.md,
 * "The request pipeline"). Every request carries:
 *
 *   X-Timestamp  milliseconds since the epoch
 *   X-Nonce      128 random bits, base64url
 *   X-Device-Id  the device identifier kept locally
 *   X-Signature  v1=<base64url HMAC-SHA256(key, canonical)>
 *
 * where canonical = METHOD \n path?sorted-query \n timestamp \n nonce \n hex SHA-256 of the body,
 * and key is the access token while signed in, the public client key before.
 * Uses only WebCrypto, so the same code runs in the browser and in Node.
 */

export const SIGNATURE_VERSION = "v1"
/** Allowed clock skew, and how long a nonce is remembered (both sides of now). */
export const SIGNATURE_WINDOW_MS = 300_000
/** The key used to sign before there is an access token. Public by design: it gives integrity, not secrecy. */
export const PUBLIC_CLIENT_KEY = "chartfolio-public-client-key-v1"

export const SignatureHeaders = {
  timestamp: "X-Timestamp",
  nonce: "X-Nonce",
  deviceId: "X-Device-Id",
  signature: "X-Signature",
} as const

const encoder = new TextEncoder()

const toHex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("")

/** base64url without padding. */
export const toBase64Url = (bytes: ArrayBuffer | Uint8Array): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let binary = ""
  for (const b of view) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

/** A fresh 128-bit nonce, base64url. */
export const newNonce = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(16)))

/**
 * The path and query as signed: the query's parameters sorted by name, then value, each
 * percent-encoded. `pathWithQuery` is what goes on the wire after the origin (e.g. `/api/x?b=2&a=1`).
 */
export const canonicalTarget = (pathWithQuery: string): string => {
  const q = pathWithQuery.indexOf("?")
  if (q < 0) return pathWithQuery
  const path = pathWithQuery.slice(0, q)
  const params = [...new URLSearchParams(pathWithQuery.slice(q + 1))]
  if (params.length === 0) return path
  params.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
  return `${path}?${params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`
}

export interface SignatureInput {
  readonly method: string
  /** Path and query as sent, after the origin. */
  readonly target: string
  readonly timestamp: number
  readonly nonce: string
  /** The exact body text sent ("" for none). */
  readonly body: string
}

/** The signed text: method, canonical target, timestamp, nonce and the body's SHA-256 (hex), one a line. */
export const canonicalText = (input: SignatureInput, bodyHashHex: string): string =>
  [input.method.toUpperCase(), canonicalTarget(input.target), String(input.timestamp), input.nonce, bodyHashHex].join("\n")

export const canonicalString = async (input: SignatureInput): Promise<string> =>
  canonicalText(input, toHex(await crypto.subtle.digest("SHA-256", encoder.encode(input.body))))

// Imported keys by key text: a client signs every request with the same token, so importing it
// once saves a WebCrypto round trip per request. A few keys only (the token and the public key).
const importedKeys = new Map<string, Promise<CryptoKey>>()
const IMPORTED_KEYS_KEPT = 4

const hmacKey = (key: string): Promise<CryptoKey> => {
  const known = importedKeys.get(key)
  if (known) return known
  const imported = crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"])
  if (importedKeys.size >= IMPORTED_KEYS_KEPT) importedKeys.delete(importedKeys.keys().next().value as string)
  importedKeys.set(key, imported)
  // A key that failed to import is not kept.
  imported.catch(() => importedKeys.delete(key))
  return imported
}

/** The X-Signature header value for a request. */
export const sign = async (key: string, input: SignatureInput): Promise<string> => {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(key), encoder.encode(await canonicalString(input)))
  return `${SIGNATURE_VERSION}=${toBase64Url(mac)}`
}

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4)
  try {
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
  } catch {
    return null
  }
}

/**
 * Checks an X-Signature header value. HMAC verification through WebCrypto compares in constant time.
 */
export const verify = async (key: string, input: SignatureInput, header: string): Promise<boolean> => {
  const prefix = `${SIGNATURE_VERSION}=`
  if (!header.startsWith(prefix)) return false
  const mac = fromBase64Url(header.slice(prefix.length))
  if (!mac || mac.length !== 32) return false
  return crypto.subtle.verify("HMAC", await hmacKey(key), mac, encoder.encode(await canonicalString(input)))
}
