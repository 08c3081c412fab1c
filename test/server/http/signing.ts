import { newNonce, PUBLIC_CLIENT_KEY, sign, SignatureHeaders } from "../../../src/contract/signature"

/** What a test request signs; anything left out is a fresh, valid value. */
export interface SignSpec {
  readonly method?: string
  readonly target: string
  readonly body?: string
  /** The HMAC key; default the public client key (the token when `token` is given). */
  readonly key?: string
  /** Sends `Authorization: Bearer <token>` and, unless `key` says otherwise, signs with it. */
  readonly token?: string
  readonly timestamp: number
  readonly nonce?: string
  readonly deviceId?: string
}

/** The headers a well-behaved client sends for `spec`. */
export const signedHeaders = async (spec: SignSpec): Promise<Record<string, string>> => {
  const nonce = spec.nonce ?? newNonce()
  const key = spec.key ?? spec.token ?? PUBLIC_CLIENT_KEY
  const signature = await sign(key, { method: spec.method ?? "GET", target: spec.target, timestamp: spec.timestamp, nonce, body: spec.body ?? "" })
  return {
    [SignatureHeaders.timestamp]: String(spec.timestamp),
    [SignatureHeaders.nonce]: nonce,
    [SignatureHeaders.deviceId]: spec.deviceId ?? "test-device",
    [SignatureHeaders.signature]: signature,
    ...(spec.token !== undefined ? { Authorization: `Bearer ${spec.token}` } : {}),
    ...(spec.body !== undefined ? { "Content-Type": "application/json" } : {}),
  }
}

/** A RequestInit for `app.request(spec.target, init)` signed as `spec` says. */
export const signedInit = async (spec: SignSpec): Promise<RequestInit> => ({
  method: spec.method ?? "GET",
  headers: await signedHeaders(spec),
  ...(spec.body !== undefined ? { body: spec.body } : {}),
})
