import i18next, { type BackendModule, type ReadCallback } from "i18next"
import { initReactI18next } from "react-i18next"
import { DEFAULT_LANGUAGE, START_NAMESPACES, type LanguageCode } from "./languages"

// Each language/namespace JSON is its own chunk: only the chosen language is downloaded.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json")

const lazyBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`./locales/${language}/${namespace}.json`]
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false)
      return
    }
    load().then(
      (module) => callback(null, module.default),
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
