import type { i18n as I18n } from "i18next"
import { formatErrorValues } from "../domain/error-values"
import { intlLocale, isLanguageCode } from "./languages"

/**
 * A server error said in the interface language by its stable code (`errors:codes.<code>`), or
 * undefined when the app has no text for the code. The error's `values` fill the text: money
 * formatted for the locale (`formatErrorValues`), a `field` said by its name (`errors:fields.<field>`),
 * and a `reason` picking the code's more precise text when there is one (`errors:codes.<code>_<reason>`,
 * i18next's context), e.g. `bad_request` with `{ reason: "too_long", field: "bankName", max: "140" }`.
 */
export const codedErrorText = (i18n: I18n, code: string | undefined, values: Readonly<Record<string, string | number>> | undefined): string | undefined => {
  if (!code || !i18n.exists(`errors:codes.${code}`)) return undefined
  const texts = formatErrorValues(
    Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)])),
    isLanguageCode(i18n.language) ? intlLocale(i18n.language) : "en-GB",
  )
  const { reason, field } = texts
  const named = field === undefined ? texts : { ...texts, field: i18n.t(`errors:fields.${field}`, { defaultValue: field }) }
  return i18n.t(`errors:codes.${code}`, reason === undefined ? named : { ...named, context: reason })
}
