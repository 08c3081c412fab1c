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
    },
    globalCss: {
      "html, body": { minHeight: "100%" },
    },
  }),
)
