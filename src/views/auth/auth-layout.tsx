import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { PlainBrandMark, PlainColorModeSwitch, PlainLanguageSwitcher, PlainLegalLinks } from "./plain-controls"

/**
 * The signed-out frame: the login side panel (welcome text, copyright with the current year,
 * Legal and Contact links) beside the page's content (spec part 1, signed-out area). Plain
 * elements styled by src/views/shell/plain.css: the sign-in page renders before Chakra loads.
 */
export function AuthLayout({ children, year }: { children: ReactNode; year: number }) {
  const { t } = useTranslation("common")
  return (
    <div className="cf-auth">
      <aside className="cf-side" aria-label={t("sidePanel.label")}>
        <PlainBrandMark inverted />
        <div className="cf-stack-4">
          <h2 className="cf-heading">{t("sidePanel.welcome")}</h2>
          <p className="cf-tagline">{t("sidePanel.tagline")}</p>
        </div>
        <div className="cf-side-foot">
          <p>{t("footer.copyright", { year })}</p>
          <PlainLegalLinks />
        </div>
      </aside>
      <main id="main" className="cf-auth-main">
        <div className="cf-auth-tools">
          <PlainLanguageSwitcher />
          <PlainColorModeSwitch />
        </div>
        <div className="cf-auth-center">
          <div className="cf-auth-box">{children}</div>
        </div>
        <p className="cf-notice">{t("syntheticNotice")}</p>
      </main>
    </div>
  )
}
