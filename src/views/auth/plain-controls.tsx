import { useId, type ComponentProps, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { LANGUAGES } from "../../i18n/languages"
import { BrandGlyph } from "../shell/brand-glyph"
import { MoonIcon, useColorModeSwitch } from "../shell/color-mode-state"
import { useLanguageChoice } from "../shell/language-state"
import { useLegalDialog } from "../shell/legal-dialog"

/*
 * The signed-out pages' controls in plain elements styled by src/views/shell/plain.css, so the
 * sign-in page needs no Chakra (docs/decisions.md, "The signed-out pages in plain CSS"). Each
 * looks, reads and behaves as its Chakra twin did: the same roles, labels, ids and states.
 */

/** The Chartfolio word mark with its small chart glyph (as src/views/shell/brand-mark.tsx). */
export function PlainBrandMark({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation("common")
  return (
    <div className={inverted ? "cf-brand cf-brand-inverted" : "cf-brand"}>
      <BrandGlyph inverted={inverted} />
      <p className="cf-brand-name">{t("app.name")}</p>
    </div>
  )
}

/** The language switcher (as src/views/shell/language-switcher.tsx, not compact). */
export function PlainLanguageSwitcher() {
  const { label, current, choose } = useLanguageChoice()
  const id = useId()
  return (
    <div role="group" className="cf-field cf-select-field">
      <label htmlFor={id} className="cf-label">
        {label}
      </label>
      <div className="cf-select">
        <select id={id} value={current} onChange={(e) => choose(e.currentTarget.value)}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.autonym}
            </option>
          ))}
        </select>
        <div className="cf-select-indicator">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
    </div>
  )
}

/** The dark-mode switch (as src/views/shell/color-mode-switch.tsx). */
export function PlainColorModeSwitch() {
  const { dark, label, toggle } = useColorModeSwitch()
  return (
    <button type="button" className="cf-button cf-icon-button" aria-label={label} title={label} aria-pressed={dark} onClick={toggle}>
      <MoonIcon dark={dark} />
    </button>
  )
}

/** Legal (opens the Legal Agreement dialog) and Contact (a mail link), as src/views/shell/legal-links.tsx. */
export function PlainLegalLinks() {
  const { t } = useTranslation("common")
  const legal = useLegalDialog()
  return (
    <nav className="cf-legal-links" aria-label={t("footer.navLabel")}>
      <button type="button" className="cf-link" onClick={legal.open} onPointerEnter={legal.preload} onFocus={legal.preload}>
        {t("footer.legal")}
      </button>
      <a className="cf-link" href="mailto:support@chartfolio.test">
        {t("footer.contact")}
      </a>
    </nav>
  )
}

/** A failed submit's alert (as src/views/auth/form-alert.tsx). */
export function PlainFormAlert({ text }: { text: string | undefined }) {
  if (!text) return null
  return (
    <div role="alert" className="cf-alert">
      <span className="cf-alert-icon">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20ZM11 15H13V17H11V15ZM11 7H13V13H11V7Z" />
        </svg>
      </span>
      <div className="cf-alert-title">{text}</div>
    </div>
  )
}

/**
 * A required text field with its label and, while `error` is set, its error text, wired as
 * Chakra's Field did: the input is aria-invalid and names the error text as its aria-errormessage.
 */
export function PlainField({ label, error, ...input }: { label: string; error: string | undefined } & ComponentProps<"input">) {
  const id = useId()
  const errorId = `${id}-error`
  const invalid = error !== undefined
  return (
    <div role="group" className="cf-field">
      <label htmlFor={id} className="cf-label">
        {label}
      </label>
      <input {...input} id={id} required className="cf-input" aria-invalid={invalid ? true : undefined} aria-errormessage={invalid ? errorId : undefined} />
      {invalid && (
        <div id={errorId} className="cf-error-text" aria-live="polite">
          {error}
        </div>
      )}
    </div>
  )
}

/** A solid blue submit button; while `loading`, disabled with a spinner and `loadingText`. */
export function PlainSubmitButton({ loading, loadingText, children }: { loading: boolean; loadingText: string; children: ReactNode }) {
  return (
    <button type="submit" className="cf-button cf-button-solid" disabled={loading} data-loading={loading ? "" : undefined}>
      {loading ? (
        <span className="cf-button-loading">
          <span className="cf-spinner" />
          {loadingText}
        </span>
      ) : (
        children
      )}
    </button>
  )
}
