// Lint: TypeScript rules plus the layer rule of docs/architecture.md, enforced in CI.
//   contract, domain  import nothing of the app
//   services          import contract, domain
//   machines          import contract, domain (never effect, services, views or React)
//   views             import machines, domain, contract types, i18n (never services or effect)
//   server            imports contract and domain only
// and no import cycles anywhere.
import importX, { createNodeResolver } from "eslint-plugin-import-x"
import tseslint from "typescript-eslint"

const zone = (target, from, message) => ({ target, from, message })

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "reports/**", "data/**", ".data/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: { "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"], "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] }, "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })] },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            zone("./src/views", "./src/services", "Views never import services: read snapshots, send events."),
            zone("./src/machines", "./src/services", "Machines never import services: their I/O is a named actor provided at start-up."),
            zone("./src/machines", "./src/views", "Machines never import views."),
            zone("./src/contract", ["./src/domain", "./src/services", "./src/machines", "./src/views", "./src/app", "./src/i18n"], "The contract imports nothing of the app."),
            zone("./src/domain", ["./src/contract", "./src/services", "./src/machines", "./src/views", "./src/app", "./src/i18n"], "The domain imports nothing of the app."),
            zone("./src/services", ["./src/machines", "./src/views", "./src/app"], "Services sit below machines and views."),
            zone("./server", ["./src/services", "./src/machines", "./src/views", "./src/app", "./src/i18n"], "The server imports only src/contract and src/domain."),
          ],
        },
      ],
    },
  },
  {
    files: ["src/views/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["effect", "effect/*"], message: "Views never import effect." },
        { group: ["**/services/**", "**/services"], message: "Views never import services." },
      ] }],
      "no-restricted-globals": ["error", { name: "fetch", message: "Views never fetch: send an event to a machine." }],
    },
  },
  {
    files: ["src/machines/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["effect", "effect/*"], message: "Machines never import effect." },
        { group: ["react", "react-dom", "react/*", "@xstate/react"], message: "Machines never import React." },
        { group: ["**/services/**", "**/services", "**/views/**", "**/views"], message: "Machines never import services or views." },
      ] }],
      "no-restricted-globals": ["error", { name: "fetch", message: "Machines never fetch: invoke a named actor." }],
    },
  },
  {
    files: ["src/contract/**/*.ts", "src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["react", "react-dom", "xstate", "@xstate/*", "i18next", "react-i18next", "@chakra-ui/*"], message: "contract and domain stay free of UI and chart libraries." },
      ] }],
    },
  },
)
