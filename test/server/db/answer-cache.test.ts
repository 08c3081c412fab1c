import { describe, expect, it } from "vitest"
import { answerCache } from "../../../server/queries/answer-cache"

// The kept answers' rules (server/queries/answer-cache.ts), with a hand-moved write count.
const deferred = <T>() => {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe("answerCache", () => {
  it("builds an answer once for requests that arrive while it is built, and keeps it while nothing changed", async () => {
    const writes = { count: 0 }
    const cache = answerCache<string>(() => writes.count)
    const gate = deferred<string>()
    let builds = 0
    const build = () => {
      builds++
      return gate.promise
    }
    const waiting = Array.from({ length: 10 }, () => cache.get("user-1", "m", build))
    gate.resolve("answer")
    expect(await Promise.all(waiting)).toEqual(Array(10).fill("answer"))
    expect(await cache.get("user-1", "m", build)).toBe("answer")
    expect(builds).toBe(1)
  })

  it("never hands a request a build begun before a write it already saw, nor another key's or moment's", async () => {
    const writes = { count: 0 }
    const cache = answerCache<string>(() => writes.count)
    const old = deferred<string>()
    const first = cache.get("user-1", "m", () => old.promise)
    // A write lands while the first answer is being built: a request after it builds its own.
    writes.count++
    const afterWrite = cache.get("user-1", "m", async () => "after the write")
    const otherUser = cache.get("user-2", "m", async () => "user 2")
    old.resolve("before the write")
    expect(await first).toBe("before the write")
    expect(await afterWrite).toBe("after the write")
    expect(await otherUser).toBe("user 2")
    // The answer built across the write was not kept; the one built after it was.
    expect(await cache.get("user-1", "m", async () => "built again")).toBe("after the write")
    // Another market moment is another answer, built while the one before is still building.
    const slow = deferred<string>()
    writes.count++
    const atM = cache.get("user-1", "m", () => slow.promise)
    expect(await cache.get("user-1", "m2", async () => "next moment")).toBe("next moment")
    slow.resolve("at m")
    expect(await atM).toBe("at m")
  })

  it("gives a failed build's error to those who waited for it, and builds again on the next request", async () => {
    const cache = answerCache<string>(() => 0)
    const gate = deferred<string>()
    const waiting = [1, 2].map(() => cache.get("user-1", "m", () => gate.promise))
    gate.reject(new Error("no such user"))
    for (const w of waiting) await expect(w).rejects.toThrow("no such user")
    expect(await cache.get("user-1", "m", async () => "found")).toBe("found")
  })

  it("builds every time without a write count (PostgreSQL)", async () => {
    const cache = answerCache<number>(undefined)
    let builds = 0
    const build = async () => ++builds
    expect(await Promise.all([1, 2, 3].map(() => cache.get("user-1", "m", build)))).toEqual([1, 2, 3])
  })
})
