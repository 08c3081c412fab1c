import { HStack, IconButton, Menu, Portal } from "@chakra-ui/react"
import { useTranslation } from "react-i18next"
import type { AccountList } from "../../contract/accounts"
import { PortfolioCombobox } from "../portfolios/portfolio-combobox"

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
 * The portfolio area's account selector (spec part 2 "Portfolio area"): the shared portfolio
 * combobox (placeholder 'Select Portfolio...') and a small menu beside it offering 'New Portfolio'.
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
  return (
    <HStack gap="2" width={{ base: "100%", md: "22rem" }}>
      <PortfolioCombobox ns="portfolio" accounts={accounts} selectedId={selectedId} onSelect={onSelect} layout={{ flex: "1" }} />
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
