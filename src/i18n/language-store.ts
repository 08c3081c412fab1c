import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "./languages"

/**
 * The interface language kept locally under the app's versioned key family (the same key the
 * ClientStorage service calls "language"). Changing it reloads the page in the new language
 * (spec part 1 section 1). Survives logout.
 */
export const LANGUAGE_STORAGE_KEY = "chartfolio.v1.language"

const storage = (): Storage | null => {
  try {
    return typeof window === "undefined" ? null : window.localStorage
  } catch {
    return null
  }
}

/** The stored language, else the browser's preferred one if supported, else English. */
export const storedLanguage = (): LanguageCode => {
  try {
    const raw = storage()?.getItem(LANGUAGE_STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (isLanguageCode(parsed)) return parsed
  } catch {
    // A corrupt value falls through to the browser's preference.
  }
  const preferred = typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language]
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split("-")[0]
    if (isLanguageCode(base)) return base
  }
  return DEFAULT_LANGUAGE
}

/** Stores the choice and reloads the page in that language. */
export const chooseLanguage = (code: LanguageCode): void => {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, JSON.stringify(code))
  window.location.reload()
}
