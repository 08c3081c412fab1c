// Effect-free, so that the early first answers (src/app/first-answers.ts) can use it without the
// API runtime.

/** Fills `:name` placeholders of a path template, percent-encoding each value. */
export const buildPath = (template: string, params: Readonly<Record<string, string | number>> = {}): string =>
  template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`)
    return encodeURIComponent(String(value))
  })

/** The API base every path is relative to. */
export const API_BASE = "/api"
