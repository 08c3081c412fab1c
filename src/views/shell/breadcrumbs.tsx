import { useTranslation } from "react-i18next"

/** A breadcrumb trail; the first crumb is Instruments or Overview (spec part 1 "Layout"). Plain: ./frame.css. */
export function Breadcrumbs({ trail }: { trail: ReadonlyArray<string> }) {
  const { t } = useTranslation("common")
  if (trail.length === 0) return null
  return (
    <nav aria-label={t("breadcrumbs.label")}>
      <ol className="cf-crumbs">
        {trail.map((crumb, i) => (
          <li key={`${crumb}-${i}`} className="cf-crumb">
              {i === trail.length - 1 ? (
                <span role="link" aria-current="page" className="cf-crumb-current">
                  {crumb}
                </span>
              ) : (
                <span>{crumb}</span>
              )}
              {i < trail.length - 1 && (
              <span aria-hidden="true" className="cf-crumb-separator">
                  <svg viewBox="0 0 24 24">
                    <path d="m9 18 6-6-6-6" />
                  </svg>
                </span>
              )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
