import { Link, LinkOverlay, Text } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { NewsItem } from "../../contract/news"
import { formatDate } from "../../domain/dates"
import { newsTitle } from "../../domain/news"

/**
 * A business news article's title (the text before ' - ') as a link opening the article in a new
 * tab, with a screen-reader note that it does. `overlay` stretches the link over the nearest
 * `LinkBox`, so a whole article card is clickable while the link's name stays the title.
 */
export function NewsLink({ item, overlay = false }: { item: NewsItem; overlay?: boolean }) {
  const { t } = useTranslation("dashboard")
  const Anchor = overlay ? LinkOverlay : Link
  return (
    <Anchor href={item.url} target="_blank" rel="noopener noreferrer" fontWeight="semibold">
      {newsTitle(item.title)}
      <Text as="span" srOnly>
        {" "}
        {t("news.newTab")}
      </Text>
    </Anchor>
  )
}

/** An article's source name and published date (medium style in the chosen language's locale). */
export function NewsByline({ item, locale }: { item: NewsItem; locale: string }) {
  return (
    <Text fontSize="xs" color="fg.muted">
      {item.source} · {formatDate(item.publishedAt, locale)}
    </Text>
  )
}
