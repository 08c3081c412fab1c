/**
 * Work under way that a second caller may join instead of doing it again: `join(key, stamp, start)`
 * answers the result of the work begun for `key` at the same `stamp` (what it was built from: a
 * write count, a market moment), else starts it. Work begun at another stamp is never joined, so a
 * caller that has seen a change starts afresh. Finished work is forgotten (keeping answers is the
 * caller's business).
 */
export interface UnderWay<R> {
  readonly join: (key: string, stamp: string, start: () => Promise<R>) => Promise<R>
}

export const underWay = <R>(): UnderWay<R> => {
  const begun = new Map<string, { readonly stamp: string; readonly value: Promise<R> }>()
  return {
    join: async (key, stamp, start) => {
      const found = begun.get(key)
      if (found && found.stamp === stamp) return found.value
      const value = start()
      begun.set(key, { stamp, value })
      try {
        return await value
      } finally {
        if (begun.get(key)?.value === value) begun.delete(key)
      }
    },
  }
}
