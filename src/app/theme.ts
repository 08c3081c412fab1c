import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react"

/**
 * Chartfolio's Chakra system: Chakra's default config (its CSS reset, global styles, tokens and every
 * component recipe) with the spec's breakpoints (sm 576, md 768, lg 992, xl 1200). A system built
 * from `defaultBaseConfig` with only the recipes in use saves about 15 kB gzip but loses the reset
 * and breaks responsive styles; don't trim it without a browser test that checks the result.
 */
export const system = createSystem(
  defaultConfig,
  defineConfig({
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
        button: { variants: { variant: { solid: { _hover: { bg: "colorPalette.solid", filter: "brightness(0.88)" }, _expanded: { bg: "colorPalette.solid", filter: "brightness(0.88)" } } } } },
      },
    },
    globalCss: {
      "html, body": { minHeight: "100%" },
      // A table is the containing block of its visually hidden texts (srOnly is absolutely placed):
      // otherwise they escape the card that scrolls the table and widen a phone's page.
      table: { position: "relative" },
    },
  }),
)
