import { Combobox, createListCollection, Portal, type ComboboxRootProps } from "@chakra-ui/react"
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import type { AccountList } from "../../contract/accounts"
import { portfolioLabel } from "../../domain/labels"

interface Option {
  readonly value: string
  readonly label: string
}

/**
 * The searchable, clearable portfolio choice of the /dashboard subheader and of the portfolio area
 * (spec part 1 "Portfolio selector", part 2 "Portfolio area"): labels IND or CUS, currency and
 * account number, cut to 30 characters; typing filters them; `onSelect(null)` is the clear button.
 * Its texts are `selector.*` of the caller's namespace (the two placeholders differ). What the
 * input shows and the search text are purely visual state.
 */
export function PortfolioCombobox({
  ns,
  accounts,
  selectedId,
  onSelect,
  layout,
}: {
  ns: "dashboard" | "portfolio"
  accounts: AccountList
  selectedId: string | null
  onSelect: (accountId: string | null) => void
  layout?: Pick<ComboboxRootProps, "width" | "flex">
}) {
  const { t } = useTranslation(ns)
  const options = useMemo<Option[]>(() => accounts.map((a) => ({ value: a.accountId, label: portfolioLabel(a, "header") })), [accounts])
  const selectedLabel = options.find((o) => o.value === selectedId)?.label ?? ""
  const [inputValue, setInputValue] = useState(selectedLabel)
  const [search, setSearch] = useState("")
  // The input follows the selection when it changes from elsewhere (the default, the route, another page).
  useEffect(() => {
    setInputValue(selectedLabel)
    setSearch("")
  }, [selectedLabel])

  const collection = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase()
    return createListCollection({ items: needle === "" ? options : options.filter((o) => o.label.toLocaleLowerCase().includes(needle)) })
  }, [options, search])

  return (
    <Combobox.Root
      collection={collection}
      value={selectedId ? [selectedId] : []}
      inputValue={inputValue}
      onInputValueChange={(d) => {
        setInputValue(d.inputValue)
        setSearch(d.reason === "input-change" ? d.inputValue : "")
      }}
      onValueChange={(d) => onSelect(d.value[0] ?? null)}
      onOpenChange={(d) => {
        // Closing without choosing puts the chosen label back.
        if (!d.open) {
          setInputValue(selectedLabel)
          setSearch("")
        }
      }}
      openOnClick
      size="sm"
      {...layout}
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
  )
}
