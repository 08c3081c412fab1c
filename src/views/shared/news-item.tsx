import { useTranslation } from "react-i18next"
import type { NewsItem } from "../../contract/news"
import { formatDate } from "../../domain/dates"
import { newsTitle } from "../../domain/news"
import "./plain-parts.css"

/**
 * A business news article's title (the text before ' - ') as a link opening the article in a new
 * tab, with a screen-reader note that it does. `overlay` stretches the link over the nearest
 * positioned ancestor (a Chakra `LinkBox`, whose rule keeps this link under its other links), so a
 * whole article card is clickable while the link's name stays the title. Plain elements
 * (./plain-parts.css), the looks of Chakra's Link and LinkOverlay.
 */
export function NewsLink({ item, overlay = false }: { item: NewsItem; overlay?: boolean }) {
  const { t } = useTranslation("dashboard")
  return (
    <a
      href={item.url}
      target="_blank"
      rel="noopener noreferrer"
      className={overlay ? "chakra-linkbox__overlay cf-link-overlay" : "cf-link cf-link-gray cf-link-strong"}
    >
      {newsTitle(item.title)}
      <span className="cf-sr-only">
        {" "}
        {t("news.newTab")}
      </span>
    </a>
  )
}

/** An article's source name and published date (medium style in the chosen language's locale). */
export function NewsByline({ item, locale }: { item: NewsItem; locale: string }) {
  return (
    <p className="cf-text-xs cf-muted">
      {item.source} · {formatDate(item.publishedAt, locale)}
    </p>
  )
}
