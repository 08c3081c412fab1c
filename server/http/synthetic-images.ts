/**
 * The demo world's pictures, drawn on request: instrument logos (/instrument-logos/{symbol}.svg, a
 * monogram on a colour picked from the symbol) and news pictures (/news-images/{name}.svg, an
 * abstract chart line). The seed points at these paths; nothing is stored and the same name
 * always draws the same picture. Any other name under these folders is a 404.
 */
import type { Context, Hono } from "hono"
import { hashText } from "../market/index"
import type { AppEnv } from "./context"

const NAME = /^([a-z0-9-]{1,40})\.svg$/
const SVG_HEADERS = { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" }

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
const hueOf = (name: string): number => hashText(name) % 360

/** A round logo with up to four letters of the symbol. */
export const logoSvg = (symbol: string): string => {
  const letters = escapeXml(symbol.replace(/-/g, "").slice(0, 4).toUpperCase())
  const size = letters.length <= 2 ? 30 : letters.length === 3 ? 24 : 19
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80" role="img"><circle cx="40" cy="40" r="40" fill="hsl(${hueOf(symbol)} 55% 38%)"/><text x="40" y="40" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${letters}</text></svg>`
}

/** A 16:9 picture: a soft background and a rising or falling line. */
export const newsSvg = (name: string): string => {
  const hue = hueOf(name)
  let seed = hashText(`${name}:line`)
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0
    return seed / 2 ** 32
  }
  let y = 60 + next() * 60
  const points = Array.from({ length: 17 }, (_, i) => {
    y = Math.min(150, Math.max(20, y + (next() - 0.5) * 36))
    return `${i * 20},${y.toFixed(1)}`
  }).join(" ")
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" role="img"><rect width="320" height="180" fill="hsl(${hue} 45% 92%)"/><polyline points="${points}" fill="none" stroke="hsl(${hue} 60% 35%)" stroke-width="4" stroke-linejoin="round"/></svg>`
}

/** Registers GET /instrument-logos/:file and GET /news-images/:file on the app (before the SPA fallback). */
export const mountSyntheticImages = (app: Hono<AppEnv>): void => {
  const serve = (draw: (name: string) => string) => (c: Context<AppEnv>) => {
    const name = NAME.exec(c.req.param("file") ?? "")?.[1]
    return name ? c.body(draw(name), 200, SVG_HEADERS) : c.text("Not Found", 404)
  }
  app.get("/instrument-logos/:file", serve(logoSvg))
  app.get("/news-images/:file", serve(newsSvg))
}
