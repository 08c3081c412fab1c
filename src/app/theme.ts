import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react"

/** Chartfolio's Chakra system: the default tokens plus the spec's breakpoints (sm 576, md 768, lg 992, xl 1200). */
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
