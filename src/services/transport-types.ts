// What goes through the pipeline's transport (./http-transport.ts), apart so that the early
// answers (./early-answers.ts) can use it without importing the transport.

/** One request as the pipeline sends it: already signed, its body (if any) already JSON text. */
export interface TransportRequest {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

/** The answer, read to its end: its status, its ETag (if any) and its body's bytes. */
export interface TransportAnswer {
  readonly status: number
  readonly etag: string | null
  readonly bytes: Uint8Array
}

/** Why no answer came: the request was aborted (its fiber interrupted), or the network failed. */
export interface TransportFailure {
  readonly aborted: boolean
  readonly detail: string
}
