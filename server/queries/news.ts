/** GET /overview/business-news: the business news table, newest first. */
import type { Kysely } from "kysely"
import type { NewsList } from "../../src/contract/news"
import type { DB } from "../db/schema"

/** At most this many articles (the feed keeps a few days' worth; the page has no paging). */
export const NEWS_LIMIT = 100

/** The latest business news articles, newest first. */
export const businessNews = async (db: Kysely<DB>): Promise<NewsList> => {
  const rows = await db
    .selectFrom("businessNews")
    .select(["url", "urlToImage", "title", "content", "source", "publishedAt"])
    .orderBy("publishedAt", "desc")
    .orderBy("id")
    .limit(NEWS_LIMIT)
    .execute()
  return rows.map((r) => ({ url: r.url, urlToImage: r.urlToImage, title: r.title, content: r.content, source: r.source, publishedAt: r.publishedAt }))
}
