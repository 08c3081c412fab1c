/**
 * Letting other requests in between the steps of a large one. The server has one JavaScript thread:
 * a 13 MB upload body is decoded, hashed twice and parsed in steps of a few tens of milliseconds
 * each, and the steps of one request (and of several uploads arriving together) would otherwise run
 * back to back, since the embedded database answers within the same turn of the event loop. Between
 * steps of a body above LARGE_BODY_CHARS the route or middleware waits one turn (setImmediate), so
 * a waiting /api/health or a signed GET is answered in between (issue 30: health p99 during uploads).
 */
import { setImmediate } from "node:timers/promises"

/** Bodies at least this long (characters) yield between their steps: only document uploads come near it. */
export const LARGE_BODY_CHARS = 1_000_000

/** Waits one turn of the event loop when `text` is a large body; resolves at once otherwise. */
export const yieldIfLarge = async (text: string): Promise<void> => {
  if (text.length >= LARGE_BODY_CHARS) await setImmediate()
}
