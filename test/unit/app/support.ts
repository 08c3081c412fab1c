import { makeRouter } from "../../../src/app/router"

const unused = () => {
  throw new Error("not used by this test")
}

/** The app's router with a signed-out gate and a workflow source that is never asked. */
export const testRouter = () =>
  makeRouter(
    { access: async () => "signedOut", logOut: async () => undefined },
    { get: unused, preload: async () => undefined, now: unused, start: unused, prefetchApi: unused },
  )
