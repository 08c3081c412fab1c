import { shorten, TRUNCATION } from "./truncate"

/**
 * A news title without its source suffix: the text before the last " - " ("Rates rise - Reuters"
 * -> "Rates rise"). The last separator is used because feeds append the source, while a headline
 * may contain " - " itself. A title without the separator is returned trimmed.
 */
export const newsTitle = (title: string | null | undefined): string => {
  const text = title ?? ""
  const at = text.lastIndexOf(" - ")
  return (at > 0 ? text.slice(0, at) : text).trim()
}

/** News content without the feed's "[+1234 chars]" marker: the text before the first "[+", trimmed. */
export const newsContent = (content: string | null | undefined): string => {
  const text = content ?? ""
  const at = text.indexOf("[+")
  return (at >= 0 ? text.slice(0, at) : text).trim()
}

/** The snippet of a news item for the latest-news card and instrument news: `newsContent` in at most 150 characters, cut at a word with "…". */
export const newsSnippet = (content: string | null | undefined): string => shorten(newsContent(content), TRUNCATION.newsSnippet)
