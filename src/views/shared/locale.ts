import { useTranslation } from "react-i18next"
import { intlLocale, isLanguageCode } from "../../i18n/languages"

/** The Intl locale of the chosen interface language (numbers, money and dates). */
export const useIntlLocale = (): string => {
  const { i18n } = useTranslation()
  return isLanguageCode(i18n.language) ? intlLocale(i18n.language) : "en-GB"
}
