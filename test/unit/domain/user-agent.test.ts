import { describe, expect, it } from "vitest"
import { parseUserAgent } from "../../../src/domain/user-agent"

describe("parseUserAgent", () => {
  it.each([
    [
      "Chrome on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { device: "desktop", browser: "Chrome 131", os: "Windows" },
    ],
    [
      "Edge (carries Chrome)",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      { device: "desktop", browser: "Edge 131", os: "Windows" },
    ],
    [
      "Opera (carries Chrome)",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
      { device: "desktop", browser: "Opera 115", os: "macOS" },
    ],
    ["Firefox on Linux", "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", { device: "desktop", browser: "Firefox 128", os: "Linux" }],
    [
      "Safari on macOS",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      { device: "desktop", browser: "Safari 17", os: "macOS" },
    ],
    [
      "Safari on iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      { device: "phone", browser: "Safari 17", os: "iOS 17" },
    ],
    [
      "Chrome on iPad",
      "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
      { device: "tablet", browser: "Chrome 120", os: "iOS 16" },
    ],
    [
      "Chrome on an Android phone (carries Linux)",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      { device: "phone", browser: "Chrome 131", os: "Android 14" },
    ],
    [
      "Samsung Internet on an Android tablet",
      "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36",
      { device: "tablet", browser: "Samsung Internet 23", os: "Android 13" },
    ],
    [
      "Chrome on ChromeOS",
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { device: "desktop", browser: "Chrome 131", os: "ChromeOS" },
    ],
    [
      "headless Chromium of the browser tests",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      { device: "desktop", browser: "Chrome 131", os: "Linux" },
    ],
    ["a script", "curl/8.5.0", { device: "unknown", browser: null, os: null }],
    ["no header", "", { device: "unknown", browser: null, os: null }],
    ["blank", "   ", { device: "unknown", browser: null, os: null }],
  ])("%s", (_, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected)
  })
})
