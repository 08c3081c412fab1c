// Precompresses the built web app (dist/public) for the reference server: every compressible file
// (JS, CSS, HTML, SVG, JSON; not source maps, which only developer tools fetch) above 1 kB gets a .br
// (brotli, quality 11) and a .gz (gzip, level 9) next to it, written only when smaller than the
// file. server/http/static.ts serves the variant the browser accepts (Content-Encoding, Vary).
// Runs after `vite build` in `npm run build`; idempotent (old .br/.gz are rewritten).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"

const ROOT = process.argv[2] ?? "dist/public"
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|ttf|otf|ico|webmanifest)$/
const MIN_BYTES = 1024

const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))

let count = 0
let raw = 0
let br = 0
for (const file of files(ROOT)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue
  const data = readFileSync(file)
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })
  const gzip = gzipSync(data, { level: 9 })
  if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli)
  if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip)
  count++
  raw += data.length
  br += Math.min(brotli.length, data.length)
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB -> ${(br / 1024).toFixed(0)} kB brotli`)
