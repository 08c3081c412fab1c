/**
 * The interface languages (spec part 1 section 1) with their autonyms, which are shown as they are
 * in every language so a reader can always find their own.
 */
export const LANGUAGES = [
  { code: "en", autonym: "English", intl: "en-GB" },
  { code: "zh", autonym: "中文", intl: "zh-CN" },
  { code: "es", autonym: "Español", intl: "es-ES" },
  { code: "ja", autonym: "日本語", intl: "ja-JP" },
  { code: "de", autonym: "Deutsch", intl: "de-DE" },
  { code: "fr", autonym: "Français", intl: "fr-FR" },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]["code"]
export const DEFAULT_LANGUAGE: LanguageCode = "en"

export const isLanguageCode = (value: unknown): value is LanguageCode => typeof value === "string" && LANGUAGES.some((l) => l.code === value)

/** The BCP 47 locale Intl uses for a language (numbers, money, dates). */
export const intlLocale = (code: LanguageCode): string => LANGUAGES.find((l) => l.code === code)?.intl ?? "en-GB"

/**
 * Translation namespaces, one per area or workflow; each is a JSON file per language, loaded on
 * demand. Those not in START_NAMESPACES or SIGNED_IN_NAMESPACES (below) load with the workflow
 * modules that name them in their `texts` (src/app/workflow.ts), with their route or host: a new
 * namespace is one of these unless listed there.
 */
export const NAMESPACES = [
  "common",
  "auth",
  "forms",
  "errors",
  "dev",
  "dashboard",
  "instruments",
  "portfolio",
  "orders",
  "account",
  "workflows",
  "explorer",
  "watchlist",
  "alerts",
  "notifications",
] as const
export type Namespace = (typeof NAMESPACES)[number]

/** Namespaces loaded before the first render, whatever the page (the first page's workflows' texts, src/app/registry.ts). */
export const START_NAMESPACES: ReadonlyArray<Namespace> = ["common", "auth", "forms"]

/**
 * Namespaces shown only once something has failed (the server's error codes, the error pages):
 * loaded as soon as the first page is idle, not before it renders (src/main.tsx), and by a view that
 * needs them sooner. The first page's workflows may name them in their `texts`.
 */
export const AFTER_PAINT_NAMESPACES: ReadonlyArray<Namespace> = ["errors"]

/**
 * Namespaces of the signed-in frame and its pages: not loaded at start (the signed-out pages never
 * show them), but by the signed-in area's route, which the router awaits before it renders.
 */
export const SIGNED_IN_NAMESPACES: ReadonlyArray<Namespace> = ["dashboard", "instruments", "portfolio", "orders"]

/**
 * The language to show: the stored choice when it is one of the six, else the browser's first
 * preferred language that is, else English. (Storage is untrusted input: anything else is ignored.)
 */
export const preferredLanguage = (stored: unknown, browserLanguages: ReadonlyArray<string | undefined>): LanguageCode => {
  if (isLanguageCode(stored)) return stored
  for (const tag of browserLanguages) {
    const base = tag?.toLowerCase().split("-")[0]
    if (isLanguageCode(base)) return base
  }
  return DEFAULT_LANGUAGE
}
