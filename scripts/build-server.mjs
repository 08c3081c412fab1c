// Bundles the reference server (server/main.ts and what it imports from src/contract and
// src/domain) into dist/server/main.js. Packages stay external: PGlite's .wasm/.data files,
// argon2's native binary and sharp's (libvips, for uploaded images) are loaded from node_modules as
// installed by `npm ci`.
import { build } from "esbuild"

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
})
console.log("server bundle: dist/server/main.js")
