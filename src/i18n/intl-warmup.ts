/**
 * Loads the browser's number and date formatting data for `locale` on another thread. A page's first
 * Intl.NumberFormat initialises that data on the thread that asks: about 80-105 ms of the main thread
 * at 4x CPU throttling (the first DateTimeFormat about 17-22 ms more), landing in the render of the
 * first figures (the dashboard's largest paint). The data is the page's, not the thread's: once a
 * worker has built a formatter, the main thread's first one costs about 5 ms
 * (issue 14's sixth pass, in docs/performance.md's git history). Optional: where workers are missing or refused, nothing happens.
 */
export const warmIntlOffThread = (locale: string): void => {
  if (typeof Worker !== "function") return
  try {
    new Worker(new URL("./intl-warmup.worker.ts", import.meta.url), { type: "module" }).postMessage(locale)
  } catch {
    // Only a head start: the formatters work the same without it.
  }
}
