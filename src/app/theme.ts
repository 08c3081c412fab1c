import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from "@chakra-ui/react"
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme"

/**
 * Chartfolio's Chakra system: Chakra's tokens and styles with only the recipes of the components
 * the app uses (the default system carries every component's recipe, about 150 kB of JavaScript
 * on the sign-in page's critical path). When a view starts using another Chakra component that
 * has a recipe (Table, Tabs, Select, Menu, ...), add its recipe here; the unit test
 * test/unit/theme.test.ts fails until you do. Breakpoints are the spec's (sm 576, md 768, lg 992,
 * xl 1200).
 */
export const system = createSystem(
  mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      globalCss,
      theme: {
        breakpoints: { sm: "36rem", md: "48rem", lg: "62rem", xl: "75rem", "2xl": "96rem" },
        keyframes,
        tokens,
        semanticTokens,
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: buttonRecipe,
          checkmark: checkmarkRecipe,
          container: containerRecipe,
          heading: headingRecipe,
          input: inputRecipe,
          link: linkRecipe,
          skeleton: skeletonRecipe,
          spinner: spinnerRecipe,
        },
        slotRecipes: {
          alert: alertSlotRecipe,
          avatar: avatarSlotRecipe,
          breadcrumb: breadcrumbSlotRecipe,
          checkbox: checkboxSlotRecipe,
          dialog: dialogSlotRecipe,
          drawer: drawerSlotRecipe,
          field: fieldSlotRecipe,
          nativeSelect: nativeSelectSlotRecipe,
          popover: popoverSlotRecipe,
        },
      },
    }),
    defineConfig({ globalCss: { "html, body": { minHeight: "100%" } } }),
  ),
)
