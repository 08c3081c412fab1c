import i18next, { type BackendModule, type ReadCallback } from "i18next"
import { initReactI18next } from "react-i18next"
import { routeTexts, signedIn, start } from "virtual:chartfolio-locales"
import { AFTER_PAINT_NAMESPACES, DEFAULT_LANGUAGE, SIGNED_IN_NAMESPACES, START_NAMESPACES, type LanguageCode } from "./languages"

/**
 * A namespace's texts in a language. Only the chosen language is downloaded: its start namespaces
 * in one chunk, the signed-in area's in another, every other namespace in its own chunk, through a small table of
 * their imports that loads with the first of them (vite.config.ts, `localeLoaders`).
 */
const readTexts = async (language: string, namespace: string): Promise<Record<string, unknown>> => {
  const combined = (START_NAMESPACES as ReadonlyArray<string>).includes(namespace)
    ? start
    : (SIGNED_IN_NAMESPACES as ReadonlyArray<string>).includes(namespace)
      ? signedIn
      : null
  const texts = combined
    ? (await combined[language]?.())?.default[namespace]
    : await (await routeTexts()).loaders[`${language}/${namespace}`]?.().then((m) => m.default)
  if (!texts) throw new Error(`No translations for ${language}/${namespace}`)
  return texts
}

/**
 * Loads the texts that wait for the first paint (AFTER_PAINT_NAMESPACES) and the other namespaces'
 * import table (call when idle): the first signed-in page then waits for its own texts only.
 */
export const loadAfterPaintTexts = () => {
  routeTexts().catch(() => undefined) // a failed load is tried again, and reported, by the namespace that needs it
  void i18next.loadNamespaces([...AFTER_PAINT_NAMESPACES])
}

const lazyBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    readTexts(language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/**
 * Starts i18next in the stored language with the namespaces every page may show loaded before the
 * first render (no flash of keys); the signed-in area's and single routes' namespaces load with
 * their routes (./languages.ts). Call once from the app wiring; views use `useTranslation(ns)`.
 */
export const initI18n = async (language: LanguageCode) => {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: ["en", "zh", "es", "ja", "de", "fr"],
      ns: [...START_NAMESPACES],
      defaultNS: "common",
      // i18next's defaults, stated: every key is a path ("ns:a.b"), never a sentence, so i18next skips
      // its per-call test of whether a key looks like natural language (a regular expression per t()).
      keySeparator: ".",
      nsSeparator: ":",
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
  document.documentElement.lang = language
  return i18next
}
