/**
 * An in-memory sliding-window rate limiter for the authentication endpoints. In memory is enough
 * for the embedded database, which one process holds exclusively (the data-directory lock); a
 * deployment running several API processes against one PostgreSQL counts per process, so the
 * effective limit is the configured one times the number of processes.
 */
import { RateLimitedError } from "./errors"
import type { RateLimit } from "./settings"

/** One counter to check: a key (e.g. "sign-in:account:ada@example.com") and its limit. */
export interface RateLimitKey {
  readonly key: string
  readonly limit: RateLimit
}

/** The limiter `createRateLimiter` returns. */
export interface RateLimiter {
  /**
   * Records one attempt under every key, or throws `RateLimitedError` (429, Retry-After) when any
   * key already holds its limit inside its window; a refused attempt is not recorded.
   */
  readonly hit: (keys: ReadonlyArray<RateLimitKey>, now: number) => void
}

const PRUNE_EVERY = 1_000

/** A fresh limiter with empty counters (one per app). */
export const createRateLimiter = (): RateLimiter => {
  const attempts = new Map<string, { times: number[]; windowMs: number }>()
  let sincePrune = 0

  const prune = (now: number): void => {
    for (const [key, entry] of attempts) {
      const newest = entry.times[entry.times.length - 1]
      if (newest === undefined || newest <= now - entry.windowMs) attempts.delete(key)
    }
  }

  return {
    hit: (keys, now) => {
      if (++sincePrune >= PRUNE_EVERY) {
        sincePrune = 0
        prune(now)
      }
      let waitMs = 0
      const live = keys.map(({ key, limit }) => {
        const entry = attempts.get(key) ?? { times: [], windowMs: limit.windowMs }
        entry.windowMs = limit.windowMs
        entry.times = entry.times.filter((t) => t > now - limit.windowMs)
        const oldest = entry.times[0]
        if (entry.times.length >= limit.limit && oldest !== undefined) waitMs = Math.max(waitMs, oldest + limit.windowMs - now)
        attempts.set(key, entry)
        return entry
      })
      if (waitMs > 0) throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)))
      for (const entry of live) entry.times.push(now)
    },
  }
}
