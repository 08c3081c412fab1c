import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { PlainBrandMark, PlainColorModeSwitch, PlainLanguageSwitcher, PlainLegalLinks } from "../auth/plain-controls"
import { Breadcrumbs } from "./breadcrumbs"
import { MobileMenu } from "./mobile-menu"
import { SideMenu } from "./side-menu"
import { SyntheticNotice } from "./synthetic-notice"
import "./frame.css"

/**
 * The signed-in frame (spec part 1 "Layout"): header with a route-dependent subheader slot and
 * breadcrumbs, the side menu, the page, and the footer with Legal and Contact. Plain elements
 * (./frame.css): a page shows its frame before Chakra has loaded, and the pages that need Chakra
 * load it below the frame (docs/decisions.md, "The signed-in frame in plain CSS").
 */
export function AppLayout({
  children,
  subheader,
  trail,
  headerEnd,
  year,
}: {
  children: ReactNode
  subheader?: ReactNode
  trail: ReadonlyArray<string>
  headerEnd?: ReactNode
  year: number
}) {
  const { t } = useTranslation("common")
  return (
    <div className="cf-frame">
      <aside className="cf-aside">
        <div className="cf-aside-brand">
          <PlainBrandMark inverted />
        </div>
        <SideMenu />
      </aside>
      <div className="cf-frame-column">
        {/* On a phone (360 px) everything fits in one row: the word mark gives way to its glyph, the language's label is read but not shown. */}
        <header className="cf-header">
          <MobileMenu />
          <div className="cf-header-brand">
            <PlainBrandMark />
          </div>
          <div className="cf-grow" />
          <PlainLanguageSwitcher compact />
          <PlainColorModeSwitch />
          {headerEnd}
        </header>
        <section aria-label={t("subheader.label")} className="cf-subheader">
          <Breadcrumbs trail={trail} />
          {subheader}
        </section>
        <main id="main" className="cf-main">
          {children}
        </main>
        <footer className="cf-footer">
          <p className="cf-footer-copy">{t("footer.copyright", { year })}</p>
          <SyntheticNotice />
          <PlainLegalLinks />
        </footer>
      </div>
    </div>
  )
}
