/**
 * A failed call as charts see it: the request pipeline rejects an actor with a typed error that has
 * a `_tag`, a `text` in the spec's order and, for server answers, the `status` and stable `code`.
 * Charts keep this plain shape so they stay free of effect.
 */
export interface Failure {
  readonly tag: string
  readonly text: string
  readonly status?: number
  readonly code?: string
  /** The figures the server's text names (decimal strings, a currency), to say it by `code`. */
  readonly values?: Readonly<Record<string, string>>
}

const stringRecord = (value: unknown): Record<string, string> | null =>
  value && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string")
    ? (value as Record<string, string>)
    : null

/** Reads a rejected actor's error into a `Failure` (anything unknown becomes a generic failure). */
export const toFailure = (error: unknown): Failure => {
  if (error && typeof error === "object") {
    const e = error as { _tag?: unknown; text?: unknown; status?: unknown; code?: unknown; message?: unknown; values?: unknown }
    const values = stringRecord(e.values)
    return {
      tag: typeof e._tag === "string" ? e._tag : "UnknownError",
      text: typeof e.text === "string" ? e.text : typeof e.message === "string" ? e.message : "",
      ...(typeof e.status === "number" ? { status: e.status } : {}),
      ...(typeof e.code === "string" ? { code: e.code } : {}),
      ...(values ? { values } : {}),
    }
  }
  return { tag: "UnknownError", text: String(error ?? "") }
}

/** A request the client cancelled itself ('Cancel Request'): never shown. */
export const isSilentFailure = (f: Failure): boolean => f.tag === "RequestCancelled"

/** What a chart asks the app to show as a toast; `code` lets the view translate server errors. */
export interface Notice {
  readonly kind: "success" | "error"
  /** An i18n key (namespace:key) when the text is the app's own. */
  readonly key?: string
  /** A server or pipeline text, shown as it is when no translation by `code` exists. */
  readonly text?: string
  readonly code?: string
  readonly values?: Readonly<Record<string, string | number>>
}

/** Codes the app translates pipeline failures by (errors:codes.*), for failures without a server code. */
const PIPELINE_CODES: Readonly<Record<string, string>> = { NetworkError: "network", DecodeError: "decode" }

/**
 * A failed call as an error toast: the server's text, with the code the app translates it by (the
 * server's own, or `network` / `decode` for a failure of the connection or of the answer's shape).
 */
export const failureNotice = (error: unknown): Notice => {
  const f = toFailure(error)
  const code = f.code ?? PIPELINE_CODES[f.tag]
  return { kind: "error", text: f.text, ...(code ? { code } : {}), ...(f.values ? { values: f.values } : {}) }
}
