/**
 * Deterministic pseudo-randomness for the synthetic market and the demo world: the same seed text
 * always gives the same sequence, on every platform (32-bit integer arithmetic only).
 *
 *   const random = createRandom("demo-world")
 *   random.int(1, 6); random.pick(["a", "b"]); random.normal()
 */

/** A 32-bit hash of a text (FNV-1a with a murmur3 finaliser, so similar texts differ widely). */
export const hashText = (text: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** mulberry32: a tiny, fast generator of uniform numbers in [0, 1) from a 32-bit seed. */
export const mulberry32 = (seed: number): (() => number) => {
  let state = seed | 0
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SQRT3 = 1.7320508075688772

/**
 * A standard normal-ish draw (mean 0, variance 1) from four uniforms (Irwin-Hall). Uses only
 * additions and one multiplication, so results are bit-identical everywhere; tails stop at +/-3.46.
 */
export const normalFrom = (next: () => number): number => (next() + next() + next() + next() - 2) * SQRT3

/** A seeded random source with the helpers the seed and the market need. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number
  /** Uniform in [min, max). */
  between(min: number, max: number): number
  /** One element of a non-empty list. */
  pick<T>(items: ReadonlyArray<T>): T
  /** True with probability p. */
  chance(p: number): boolean
  /** Standard normal-ish (see normalFrom). */
  normal(): number
  /** A shuffled copy of a list (Fisher-Yates). */
  shuffle<T>(items: ReadonlyArray<T>): T[]
}

/** A Random seeded by a text (hashed with hashText). */
export const createRandom = (seed: string): Random => {
  const next = mulberry32(hashText(seed))
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    pick: <T>(items: ReadonlyArray<T>): T => {
      if (items.length === 0) throw new RangeError("pick from an empty list")
      return items[int(0, items.length - 1)] as T
    },
    chance: (p) => next() < p,
    normal: () => normalFrom(next),
    shuffle: <T>(items: ReadonlyArray<T>): T[] => {
      const out = [...items]
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i)
        const tmp = out[i] as T
        out[i] = out[j] as T
        out[j] = tmp
      }
      return out
    },
  }
}
