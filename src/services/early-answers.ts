import { PUBLIC_CLIENT_KEY } from "../contract/signature"
import type { TransportAnswer, TransportRequest } from "./transport-types"
import { signedHeaders } from "./signed-headers"

/**
 * The first answers of a signed-in visit, asked for before the API runtime has loaded.
 *
 * A signed-in page renders once its frame's first load (the portfolios workflow's) has answered.
 * That load's requests would otherwise leave only once the app's JavaScript has run, the API
 * runtime has loaded and the route's loader has started the workflow (decision 0229). The start-up
 * (src/main.tsx, src/app/first-answers.ts) sends the same GETs as soon as the session chart has
 * restored a signed-in session, signed as the pipeline signs them (`signedHeaders`), and keeps
 * their answers here. The live transport (`HttpTransport.layer`) answers the pipeline's first GET
 * of the same URL, with the same bearer token, from here, once, within `EARLY_ANSWER_MS` of
 * sending; the pipeline then reads it like any answer (status, 401, schema). Anything else goes to
 * the network: another token (a new sign-in), a request that revalidates (If-None-Match), an early
 * request that failed, an answer nobody asked for in time (dropped).
 */
export const EARLY_ANSWER_MS = 10_000

interface Early {
  readonly authorization: string
  readonly sentAt: number
  readonly answer: Promise<TransportAnswer | null>
}

const early = new Map<string, Early>()

export interface EarlyRequests {
  /** Absolute URLs, as the pipeline resolves them. */
  readonly urls: ReadonlyArray<string>
  readonly token: string
  readonly deviceId: string
  readonly now: number
  readonly fetch?: typeof fetch
}

/** Sends the GETs and keeps their answers (a failed one is kept as null: the pipeline then fetches). */
export const sendEarly = (requests: EarlyRequests): void => {
  const send = requests.fetch ?? fetch
  for (const url of requests.urls) {
    const { pathname, search } = new URL(url)
    const answer = signedHeaders({
      method: "GET",
      target: `${pathname}${search}`,
      body: "",
      timestamp: requests.now,
      token: requests.token,
      clientKey: PUBLIC_CLIENT_KEY, // (unused: the token signs)
      deviceId: requests.deviceId,
    })
      .then((headers) => send(url, { headers }))
      .then(async (response): Promise<TransportAnswer> => ({
        status: response.status,
        etag: response.headers.get("etag"),
        bytes: new Uint8Array(await response.arrayBuffer()),
      }))
      .catch(() => null)
    early.set(url, { authorization: `Bearer ${requests.token}`, sentAt: requests.now, answer })
  }
}

/**
 * The early answer to this request, taken (a second request of the URL goes to the network), or
 * null when there is none for it: not a plain GET, another bearer token, or sent too long ago.
 */
export const takeEarlyAnswer = (request: TransportRequest, now: number = Date.now()): Promise<TransportAnswer | null> | null => {
  const kept = early.get(request.url)
  if (!kept) return null
  early.delete(request.url)
  const plainGet = request.method === "GET" && request.body === undefined && request.headers["If-None-Match"] === undefined
  if (!plainGet || request.headers["Authorization"] !== kept.authorization || now - kept.sentAt > EARLY_ANSWER_MS) return null
  return kept.answer
}

/** Drops every kept answer (tests; a sign-out needs none: another token never matches). */
export const dropEarlyAnswers = (): void => early.clear()
