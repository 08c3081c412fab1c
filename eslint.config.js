// Lint: TypeScript rules plus the layer rule of docs/architecture.md, enforced in CI.
//   domain            imports nothing of the app (and no UI or chart libraries)
//   contract          imports the domain only: a rule's one source (and no UI or chart libraries)
//   services          import contract, domain (each its own endpoint group, never the table of all)
//   machines          import contract, domain (never effect, services, views or React)
//   views             import machines, domain, contract types, i18n (never services or effect)
//   server            imports src/contract and src/domain only
// Import cycles are checked by scripts/check-cycles.mjs (npm run lint runs both).
import tseslint from "typescript-eslint"

const UI_LIBS = ["react", "react-dom", "react/*", "xstate", "@xstate/*", "i18next", "react-i18next", "@chakra-ui/*", "@tanstack/*"]
const restrict = (files, patterns, paths = []) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: patterns.map(([group, message]) => ({ group, message })),
        paths: paths.flatMap(([names, message]) => names.map((name) => ({ name, message }))),
      },
    ],
  },
})
const folders = (...names) => names.flatMap((n) => [`**/${n}`, `**/${n}/**`])

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "reports/**", "data/**", ".data/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  restrict(
    ["src/contract/**/*.ts"],
    [
      [folders("services", "machines", "views", "app", "i18n"), "The contract imports only the domain (whose rules its schemas apply)."],
      [UI_LIBS, "The contract stays free of UI and chart libraries."],
    ],
  ),
  restrict(
    ["src/domain/**/*.ts"],
    [
      [folders("contract", "services", "machines", "views", "app", "i18n"), "The domain imports nothing of the app."],
      [UI_LIBS, "The domain stays free of UI and chart libraries."],
    ],
  ),
  restrict(
    ["src/services/**/*.ts"],
    [[folders("machines", "views", "app", "i18n"), "Services sit below machines and views."]],
    [
      [
        ["../contract", "../contract/index", "../contract/endpoints", "../contract/endpoints/index"],
        "A service imports its own endpoints (contract/endpoints/<group>): the table of them all would load every feature's schemas with the API runtime.",
      ],
    ],
  ),
  restrict(
    ["src/machines/**/*.ts"],
    [
      [["effect", "effect/*"], "Machines never import effect: their I/O is a named actor provided at start-up."],
      [["react", "react-dom", "react/*", "@xstate/react"], "Machines never import React."],
      [folders("services", "views", "app"), "Machines never import services or views."],
    ],
  ),
  restrict(
    ["src/views/**/*.{ts,tsx}"],
    [
      [["effect", "effect/*"], "Views never import effect."],
      [folders("services", "app"), "Views never import services: read snapshots, send events."],
    ],
  ),
  restrict(
    ["server/**/*.ts"],
    [
      [
        ["**/src/services/**", "**/src/machines/**", "**/src/views/**", "**/src/app/**", "**/src/i18n/**"],
        "The server imports only src/contract and src/domain.",
      ],
    ],
  ),
  {
    // The first page's JavaScript stays free of effect: what renders pages takes only types from
    // the contract (whose schemas load with the API runtime, src/app/api.ts), plus its plain texts.
    files: ["src/views/**/*.{ts,tsx}", "src/machines/**/*.ts", "src/app/**/*.{ts,tsx}", "src/i18n/**/*.ts", "src/main.tsx"],
    ignores: ["src/app/api.ts", "src/app/session-link.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/contract/*", "!**/contract/messages"],
              allowTypeImports: true,
              message:
                "Import only types from the contract here (plain texts from contract/messages): its schemas would put effect in the first page's JavaScript.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/views/**/*.{ts,tsx}", "src/machines/**/*.ts"],
    rules: { "no-restricted-globals": ["error", { name: "fetch", message: "Views and machines never fetch: I/O is a named actor." }] },
  },
)
