import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react"
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  collapsibleSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  timelineSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from "@chakra-ui/react/theme"

/**
 * The component recipes the app's Chakra components use (a component without its recipe renders
 * unstyled, silently). `test/unit/app/theme.test.ts` walks every Chakra component imported under
 * src and fails when one needs a recipe that is not here. Chakra's `defaultConfig` carries all
 * ~80 of them (date picker, colour picker, tree view, ...): about 25 kB gzip on every page.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
}

export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  timeline: timelineSlotRecipe,
  tooltip: tooltipSlotRecipe,
}

/**
 * Chakra's default config, assembled as `@chakra-ui/react`'s preset does it (`defaultBaseConfig`:
 * conditions and utilities; then the theme: reset, global CSS, tokens, semantic tokens,
 * breakpoints, keyframes, text, layer and animation styles), but with only the recipes above.
 */
export const chakraConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
})

/**
 * Chartfolio's own settings over Chakra's: the spec's breakpoints (sm 576, md 768, lg 992, xl
 * 1200) and the contrast fixes below.
 */
export const chartfolioConfig = defineConfig({
  theme: {
    breakpoints: { sm: "36rem", md: "48rem", lg: "62rem", xl: "75rem", "2xl": "96rem" },
    // Chakra's red.500 error text has 3.8:1 contrast on white (axe: below WCAG AA's 4.5:1); red.700 has 6.5:1.
    // The default (gray) palette's focus ring was gray.400, 2.5:1 on white: below the 3:1 a focus
    // indicator needs (WCAG 1.4.11). A blue ring reads in both modes (blue.600 5:1 on white, blue.300 on black).
    semanticTokens: {
      colors: {
        fg: { error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.300}" } } },
        gray: { focusRing: { value: { _light: "{colors.blue.600}", _dark: "{colors.blue.300}" } } },
      },
    },
    // A solid button's hover was its colour at 90 % over the page: on white, blue.600 became too light
    // for its white text (4.3:1, axe). Darkening it instead keeps the text readable in both modes.
    recipes: {
      button: {
        variants: {
          variant: {
            solid: { _hover: { bg: "colorPalette.solid", filter: "brightness(0.88)" }, _expanded: { bg: "colorPalette.solid", filter: "brightness(0.88)" } },
          },
        },
      },
    },
  },
  globalCss: {
    "html, body": { minHeight: "100%" },
    // A table is the containing block of its visually hidden texts (srOnly is absolutely placed):
    // otherwise they escape the card that scrolls the table and widen a phone's page.
    table: { position: "relative" },
  },
})

export const system = createSystem(defaultBaseConfig, chakraConfig, chartfolioConfig)
