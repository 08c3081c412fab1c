/**
 * The translation loaders, generated from ./languages.ts by vite.config.ts (`localeLoaders`); each
 * namespace's value is its JSON file's object.
 */
declare module "virtual:chartfolio-locales" {
  /** Per language, an import of its START_NAMESPACES in one module (one chunk: `i18n-<lang>-start`). */
  export const start: Readonly<Record<string, () => Promise<{ readonly default: Readonly<Record<string, Record<string, unknown>>> }>>>
  /** Per language, an import of its SIGNED_IN_NAMESPACES in one module (one chunk: `i18n-<lang>-signed-in`). */
  export const signedIn: Readonly<Record<string, () => Promise<{ readonly default: Readonly<Record<string, Record<string, unknown>>> }>>>
  /** An import of the loaders of every other namespace, by "<language>/<namespace>". */
  export const routeTexts: () => Promise<{
    readonly loaders: Readonly<Record<string, () => Promise<{ readonly default: Record<string, unknown> }>>>
  }>
}
