import { Box, DataList, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { Instrument } from "../../contract/instruments"
import { formatCompactMoney } from "../../domain/compact-money"
import { formatDate } from "../../domain/dates"
import { formatMoney, formatNumber, formatPercent } from "../../domain/format"
import { newsSnippet, newsTitle } from "../../domain/news"
import { recommendation } from "../../domain/recommendation"
import { valueAnalysis } from "../../domain/value-analysis"
import { useIntlLocale } from "../shared/locale"
import { useEnumLabel } from "../shared/enum-label"

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3" borderWidth="1px" borderRadius="md" padding="4">
      <Heading as="h2" size="md" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

function Figures({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue justifyContent="flex-end" fontVariantNumeric="tabular-nums">
            {value === "" ? "—" : value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}

/** The fundamentals panel: the quote figures, money and numbers in the chosen locale. */
export function FundamentalsSection({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation("instruments")
  const locale = useIntlLocale()
  const q = instrument.quote
  const money = (value: string) => formatMoney(value, q.currency, locale, { fraction: "fixed" })
  const change = `${formatMoney(q.priceChange, q.currency, locale, { fraction: "fixed", signDisplay: "exceptZero" })} (${formatPercent(q.priceChangePercent, locale, { signDisplay: "exceptZero" })})`
  return (
    <Section id="instrument-fundamentals" title={t("fundamentals.title")}>
      <Figures
        rows={[
          [t("fundamentals.last"), money(q.last)],
          [t("fundamentals.change"), change],
          [t("fundamentals.bid"), money(q.bid)],
          [t("fundamentals.ask"), money(q.ask)],
          [t("fundamentals.open"), money(q.open)],
          [t("fundamentals.high"), money(q.high)],
          [t("fundamentals.low"), money(q.low)],
          [t("fundamentals.previousClose"), money(q.previousClose)],
          [t("fundamentals.volume"), formatNumber(q.totalDailyVolume, locale, { compact: true })],
          [t("fundamentals.week52High"), money(q.week52High)],
          [t("fundamentals.week52Low"), money(q.week52Low)],
          [t("fundamentals.marketCap"), q.marketCap === null ? "" : formatCompactMoney(q.marketCap, q.currency, locale)],
        ]}
      />
    </Section>
  )
}

const STAR_MAX = 5

/** Value analysis, the research ratings and the recommendation by star rating. */
export function AnalysisSection({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation("instruments")
  const locale = useIntlLocale()
  const label = useEnumLabel()
  const ratings = instrument.analysis?.EquityResearchRatingsEntity ?? null
  const value = valueAnalysis(ratings?.PricetoFairValue)
  const advice = recommendation(ratings?.StarRating)
  const stars = ratings?.StarRating
  return (
    <Section id="instrument-analysis" title={t("analysis.title")}>
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          {t("analysis.value")}
        </Text>
        <Text fontWeight="semibold" color={value === "under-valued" ? "green.fg" : value === "over-valued" ? "red.fg" : undefined}>
          {t(`analysis.values.${value}`)}
        </Text>
      </Stack>
      <Figures
        rows={[
          [t("analysis.fairValue"), ratings?.FairValue == null ? "" : formatMoney(ratings.FairValue, instrument.currency, locale, { fraction: "fixed" })],
          [t("analysis.priceToFairValue"), ratings?.PricetoFairValue == null ? "" : formatNumber(ratings.PricetoFairValue, locale)],
          [
            t("analysis.starRating"),
            stars == null
              ? ""
              : `${"★".repeat(Math.max(0, Math.min(STAR_MAX, Math.round(stars))))}${"☆".repeat(STAR_MAX - Math.max(0, Math.min(STAR_MAX, Math.round(stars))))} ${t("analysis.stars", { value: formatNumber(stars, locale), max: STAR_MAX })}`,
          ],
          [t("analysis.uncertainty"), label("uncertainty", ratings?.Uncertainty)],
          [t("analysis.moatTrend"), label("moatTrend", ratings?.MoatTrend)],
        ]}
      />
      <Stack gap="1" as="section" aria-labelledby="instrument-recommendation">
        <Heading as="h3" size="sm" id="instrument-recommendation">
          {t("recommendation.title")}
        </Heading>
        <Text>
          {advice.action === "none"
            ? t(advice.reason === "none" ? "recommendation.none" : "recommendation.noneAvailable")
            : t("recommendation.text", { action: t(`recommendation.actions.${advice.action}`), reason: t(`recommendation.reasons.${advice.reason}`) })}
        </Text>
      </Stack>
    </Section>
  )
}

/** The instrument's news: title (a link to the article), date and a 150-character snippet. */
export function NewsSection({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation("instruments")
  const locale = useIntlLocale()
  return (
    <Section id="instrument-news" title={t("news.title")}>
      {instrument.news.length === 0 ? (
        <Text color="fg.muted">{t("news.none")}</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" margin="0" padding="0">
          {instrument.news.map((n) => (
            <Box as="li" key={`${n.url}-${n.date}`}>
              <Stack as="article" gap="1">
                <Link href={n.url} target="_blank" rel="noopener noreferrer" fontWeight="semibold" colorPalette="blue">
                  {newsTitle(n.title)}
                </Link>
                <Text fontSize="xs" color="fg.muted">
                  {formatDate(n.date, locale)}
                </Text>
                <Text fontSize="sm">{newsSnippet(n.content)}</Text>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  )
}

/** The asset description: what the instrument is, with the issuer's address, phone and website. */
export function AboutSection({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation("instruments")
  return (
    <Section id="instrument-about" title={t("about.title", { name: instrument.name })}>
      {instrument.description && <Text fontSize="sm">{instrument.description}</Text>}
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <DataList.Item>
          <DataList.ItemLabel>{t("about.address")}</DataList.ItemLabel>
          <DataList.ItemValue>{instrument.meta.address ?? "—"}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t("about.phone")}</DataList.ItemLabel>
          <DataList.ItemValue>
            {instrument.meta.phone ? <Link href={`tel:${instrument.meta.phone.replace(/[^\d+]/g, "")}`}>{instrument.meta.phone}</Link> : "—"}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t("about.website")}</DataList.ItemLabel>
          <DataList.ItemValue>
            {instrument.url ? (
              <HStack>
                <Link href={instrument.url} target="_blank" rel="noopener noreferrer" colorPalette="blue">
                  {instrument.url.replace(/^https?:\/\//, "")}
                </Link>
              </HStack>
            ) : (
              "—"
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Section>
  )
}
