import { useTranslation } from "react-i18next"

/** Says that prices and figures of the reference server's demo world are synthetic. */
export function SyntheticNotice() {
  const { t } = useTranslation("common")
  return <p className="cf-notice">{t("syntheticNotice")}</p>
}
