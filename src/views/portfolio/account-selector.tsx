import { Combobox, createListCollection, HStack, IconButton, Menu, Portal } from "@chakra-ui/react"
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import type { AccountList } from "../../contract/accounts"
import { portfolioLabel } from "../../domain/labels"

interface Option {
  readonly value: string
  readonly label: string
}

/** Three dots, the small menu's trigger icon. */
function DotsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="19" r="2" fill="currentColor" />
    </svg>
  )
}

/**
 * The portfolio area's account selector (spec part 2 "Portfolio area"): searchable (typing filters
 * the labels), clearable, placeholder 'Select Portfolio...', each label cut to 30 characters; a
 * small menu beside it offers 'New Portfolio'. `onSelect(null)` is the clear button. What the
 * input shows and the search text are purely visual state.
 */
export function AccountSelector({
  accounts,
  selectedId,
  onSelect,
  onNewPortfolio,
}: {
  accounts: AccountList
  selectedId: string | null
  onSelect: (accountId: string | null) => void
  onNewPortfolio: () => void
}) {
  const { t } = useTranslation("portfolio")
  const options = useMemo<Option[]>(() => accounts.map((a) => ({ value: a.accountId, label: portfolioLabel(a, "header") })), [accounts])
  const selectedLabel = options.find((o) => o.value === selectedId)?.label ?? ""
  const [inputValue, setInputValue] = useState(selectedLabel)
  const [search, setSearch] = useState("")
  // The input follows the selection when it changes from outside (the route, another page).
  useEffect(() => {
    setInputValue(selectedLabel)
    setSearch("")
  }, [selectedLabel])

  const collection = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase()
    const items = needle === "" ? options : options.filter((o) => o.label.toLocaleLowerCase().includes(needle))
    return createListCollection({ items })
  }, [options, search])

  return (
    <HStack gap="2" width={{ base: "100%", md: "22rem" }}>
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
        flex="1"
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
      <Menu.Root>
        <Menu.Trigger asChild>
          <IconButton aria-label={t("selector.menu")} variant="ghost" size="sm">
            <DotsIcon />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="new-portfolio" onSelect={onNewPortfolio}>
                {t("selector.newPortfolio")}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </HStack>
  )
}
