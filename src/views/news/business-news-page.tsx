import { Button, EmptyState, Heading, HStack, LinkBox, SimpleGrid, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { newsContent } from "../../domain/news"
import { useIntlLocale } from "../shared/locale"
import { businessNewsMachine } from "../../machines/business-news.machine"
import { useWorkflowActor } from "../workflows"
import { NewsByline, NewsLink } from "../shared/news-item"
import { NewsImage } from "./news-image"
import { TAG } from "../../machines/kit"

/** How many skeleton articles show while the news loads. */
const SKELETONS = 6

/**
 * /business-news (spec part 2 sections 2 and 8): the business news, newest first. Each article is
 * a card opening the article in a new tab, with its image (a fallback when none or broken), the
 * title (before ' - '), the content (before '[+'), the source and the published date. No search
 * box; an empty state when there is no news; skeletons while loading; a failure is an error toast
 * (from the chart) and a retry here.
 */
export function BusinessNewsPage() {
  const { t } = useTranslation("dashboard")
  const locale = useIntlLocale()
  const actor = useWorkflowActor(businessNewsMachine)
  const phase = useSelector(actor, (s) => (s.hasTag(TAG.loading) ? "loading" : s.hasTag(TAG.failed) ? "failed" : "shown"))
  const news = useSelector(actor, (s) => s.context.news)
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t("news.pageTitle")}
      </Heading>
      {phase === "loading" && (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" role="status" aria-label={t("news.loading")}>
          {Array.from({ length: SKELETONS }, (_, i) => (
            // A news card's parts (image, a two-line title, the snippet, the byline): the footer
            // stays below the fold while the news loads instead of being pushed down when it comes.
            <Stack key={i} gap="2" borderWidth="1px" borderRadius="md" padding="3">
              <Skeleton aspectRatio={16 / 9} width="full" />
              <SkeletonText noOfLines={2} />
              <SkeletonText noOfLines={4} gap="2" />
              <Skeleton height="4" width="50%" />
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {phase === "failed" && (
        <HStack gap="3" wrap="wrap">
          <Text color="fg.muted">{t("news.failed")}</Text>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: "news.retry" })}>
            {t("news.retry")}
          </Button>
        </HStack>
      )}
      {phase === "shown" && news.length === 0 && (
        <EmptyState.Root size="md" borderWidth="1px" borderRadius="md">
          <EmptyState.Content>
            <EmptyState.Title>{t("news.none")}</EmptyState.Title>
            <EmptyState.Description>{t("news.emptyHelp")}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {phase === "shown" && news.length > 0 && (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyleType="none" margin="0" padding="0" aria-label={t("news.pageTitle")}>
          {news.map((item) => (
            <LinkBox
              as="li"
              key={item.url}
              display="flex"
              flexDirection="column"
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              padding="3"
              minWidth="0"
              _hover={{ bg: "bg.subtle" }}
              _focusWithin={{ outline: "2px solid", outlineColor: "colorPalette.focusRing", outlineOffset: "2px" }}
            >
              <NewsImage src={item.urlToImage} />
              <NewsLink item={item} overlay />
              <Text fontSize="sm">{newsContent(item.content)}</Text>
              <NewsByline item={item} locale={locale} />
            </LinkBox>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
