import { Button, Combobox, createListCollection, HStack, Portal, Skeleton } from "@chakra-ui/react"
import { useCallback, useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { portfolioLabel } from "../../domain/labels"
import { CreatePortfolioDialog } from "../portfolios/create-portfolio-dialog"
import { usePortfolios, usePortfoliosActor } from "../portfolios/portfolios-context"

interface Option {
  readonly value: string
  readonly label: string
}

/**
 * The /dashboard subheader (spec part 1 "Portfolio selector"): the user's portfolios labelled IND or
 * CUS, currency and account number (underscores as hyphens, cut to 30 characters); placeholder
 * 'Select Portfolio'; typing filters the options, the clear button empties the selection. The
 * portfolios chart selects the first account by default; choosing sends `portfolio.select`. The
 * input text and the search text are purely visual state. Beside it, for a user who already has
 * portfolios, a 'New Portfolio' button opens the create-portfolio modal (with none, the page's own
 * prompt offers it).
 */
export function PortfolioSelector() {
  const { t } = useTranslation("dashboard")
  const actor = usePortfoliosActor()
  const accounts = usePortfolios((s) => s.context.accounts)
  const selectedId = usePortfolios((s) => s.context.selectedId)
  const loading = usePortfolios((s) => s.matches("loading"))
  const options = useMemo<Option[]>(() => (accounts ?? []).map((a) => ({ value: a.accountId, label: portfolioLabel(a, "header") })), [accounts])
  const selectedLabel = options.find((o) => o.value === selectedId)?.label ?? ""
  const [inputValue, setInputValue] = useState(selectedLabel)
  const [search, setSearch] = useState("")
  // The input follows the selection when it changes from elsewhere (the default, the portfolio area).
  useEffect(() => {
    setInputValue(selectedLabel)
    setSearch("")
  }, [selectedLabel])

  const collection = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase()
    return createListCollection({ items: needle === "" ? options : options.filter((o) => o.label.toLocaleLowerCase().includes(needle)) })
  }, [options, search])

  const [creating, setCreating] = useState(false)
  const stopCreating = useCallback(() => setCreating(false), [])

  if (loading && accounts === null) {
    return <Skeleton height="8" width={{ base: "100%", md: "20rem" }} role="status" aria-label={t("selector.loading")} />
  }
  return (
    <HStack gap="2" width={{ base: "100%", md: "auto" }}>
    <Combobox.Root
      collection={collection}
      value={selectedId ? [selectedId] : []}
      inputValue={inputValue}
      onInputValueChange={(d) => {
        setInputValue(d.inputValue)
        setSearch(d.reason === "input-change" ? d.inputValue : "")
      }}
      onValueChange={(d) => actor.send({ type: "portfolio.select", accountId: d.value[0] ?? null })}
      onOpenChange={(d) => {
        // Closing without choosing puts the chosen label back.
        if (!d.open) {
          setInputValue(selectedLabel)
          setSearch("")
        }
      }}
      openOnClick
      size="sm"
      width={{ base: "100%", md: "20rem" }}
      flex={{ base: "1", md: "none" }}
      translations={{ clearTriggerLabel: t("selector.clear"), triggerLabel: t("selector.open") }}
    >
      <Combobox.Label srOnly>{t("selector.label")}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder={t("selector.placeholder")} />
        <Combobox.IndicatorGroup>
          <Combobox.ClearTrigger />
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>{t("selector.noMatch")}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.value}>
                {item.label}
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
      {options.length > 0 && (
        <>
          <Button size="sm" variant="outline" flexShrink={0} onClick={() => setCreating(true)}>
            {t("empty.newPortfolio")}
          </Button>
          <CreatePortfolioDialog open={creating} onClose={stopCreating} />
        </>
      )}
    </HStack>
  )
}
