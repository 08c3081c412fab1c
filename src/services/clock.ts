import { Context, Effect, Layer } from "effect"

/**
 * Wall-clock time in milliseconds for session expiry. A service of its own (rather than effect's
 * Clock) so a test can set and move the time the pipeline sees without touching Effect's
 * scheduler: `const clock = Clock.makeTest(start)`, provide `clock.layer`, then `clock.set(ms)` or
 * `clock.advance(ms)`.
 */
export class Clock extends Context.Service<Clock, { now(): Effect.Effect<number> }>()("chartfolio/services/Clock") {
  static readonly layer: Layer.Layer<Clock> = Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => Date.now()) }))

  /** A clock that stands still until told to move. */
  static readonly makeTest = (start: number): TestClockHandle => {
    let current = start
    return {
      layer: Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => current) })),
      set: (ms) => {
        current = ms
      },
      advance: (ms) => {
        current += ms
      },
      now: () => current,
    }
  }
}

/** A controllable clock for tests, from `Clock.makeTest`. */
export interface TestClockHandle {
  readonly layer: Layer.Layer<Clock>
  set(ms: number): void
  advance(ms: number): void
  now(): number
}
