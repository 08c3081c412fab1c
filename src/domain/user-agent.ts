/**
 * What the Security page says of a session's browser (issue 35): the kind of device, the browser
 * and the operating system read from a User-Agent header. A small parser of the common browsers
 * (no database of devices): anything it does not recognise is null, which the page shows as
 * 'Unknown'. Order matters: Edge and Opera carry "Chrome", Chrome carries "Safari", Android
 * carries "Linux".
 */

export type DeviceKind = "desktop" | "phone" | "tablet" | "unknown"

export interface UserAgentInfo {
  readonly device: DeviceKind
  /** The browser and its major version ("Firefox 128"), or null when not recognised. */
  readonly browser: string | null
  /** The operating system ("Windows", "macOS", "iOS 17", "Android 14", "Linux"), or null. */
  readonly os: string | null
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\bChromium\/(\d+)/, "Chromium"],
  [/\b(?:Headless)?Chrome\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[.\d]*(?: Mobile\/\S+)? Safari\//, "Safari"],
]

const browserOf = (ua: string): string | null => {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua)
    if (match) return `${name} ${match[1]}`
  }
  return null
}

const osOf = (ua: string): string | null => {
  const ios = /\b(?:iPhone|iPad|iPod)\b.*? OS (\d+)[_\d]* like Mac OS X/.exec(ua)
  if (ios) return `iOS ${ios[1]}`
  const android = /\bAndroid (\d+)/.exec(ua)
  if (android) return `Android ${android[1]}`
  if (/\bAndroid\b/.test(ua)) return "Android"
  if (/\bWindows NT\b/.test(ua)) return "Windows"
  if (/\bCrOS\b/.test(ua)) return "ChromeOS"
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return "macOS"
  if (/\bLinux\b|\bX11\b/.test(ua)) return "Linux"
  return null
}

const deviceOf = (ua: string, os: string | null): DeviceKind => {
  if (/\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))) return "tablet"
  if (/\biPhone\b|\biPod\b|\bMobile\b/.test(ua)) return "phone"
  if (os !== null) return "desktop"
  return "unknown"
}

/** The device, browser and OS of a User-Agent header ("" or an unknown client: unknown, null, null). */
export const parseUserAgent = (userAgent: string): UserAgentInfo => {
  const ua = userAgent.trim()
  if (ua === "") return { device: "unknown", browser: null, os: null }
  const os = osOf(ua)
  return { device: deviceOf(ua, os), browser: browserOf(ua), os }
}
