import { afterEach } from "vitest"
import { makeAppLayer } from "../../src/services/app-layer"
import { makeAppRuntime } from "../../src/services/bridge"
import { ClientStorage } from "../../src/services/client-storage"
import { startTestServer, type Routes } from "./test-server"

/**
 * Call at a test file's top level: `setup(routes)` starts a test server answering `routes` and the
 * app's runtime (memory storage) pointed at it; `onCleanup` adds something else to undo (an actor
 * to stop). All of it is undone after each test, last first.
 */
export const useTestRuntime = () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  const onCleanup = (cleanup: () => Promise<void>) => void cleanups.push(cleanup)
  const setup = async (routes: Routes) => {
    const server = await startTestServer(routes)
    onCleanup(server.close)
    const runtime = makeAppRuntime(makeAppLayer({ storage: ClientStorage.layerMemory(), config: { baseUrl: `${server.origin}/api` } }))
    onCleanup(runtime.dispose)
    return { server, runtime }
  }
  return { setup, onCleanup }
}
