import { Layer } from "effect"
import { ApiClient } from "./api-client"
import { ApiConfig, type ApiConfigShape } from "./api-config"
import { ClientStorage } from "./client-storage"
import { Clock } from "./clock"
import { DeviceId } from "./device-id"
import type { HttpTransport } from "./http-transport"
import { SessionPort } from "./session-port"

/** The pipeline's own services: what every API-area service is built on. */
export type CoreServices = ClientStorage | ApiConfig | Clock | DeviceId | SessionPort | ApiClient

/**
 * Replaceable parts of the layer graph; each defaults to the live implementation. The session
 * chart provides `session`; tests provide memory storage, a test clock, an absolute base URL.
 */
export interface LayerOptions {
  readonly storage?: Layer.Layer<ClientStorage>
  readonly config?: Partial<ApiConfigShape>
  readonly clock?: Layer.Layer<Clock>
  readonly session?: Layer.Layer<SessionPort, never, ClientStorage>
  /** Another transport than fetch (the pipeline still signs and decodes). */
  readonly http?: Layer.Layer<HttpTransport>
}

/**
 * ClientStorage, ApiConfig, Clock, DeviceId, SessionPort and the ApiClient wired together, each
 * live unless replaced in `options`. API-area services are provided on top of it (app-layer.ts).
 */
export const makeCoreLayer = (options: LayerOptions = {}): Layer.Layer<CoreServices> => {
  const base = Layer.mergeAll(
    options.storage ?? ClientStorage.layer,
    options.config ? ApiConfig.layerWith(options.config) : ApiConfig.layer,
    options.clock ?? Clock.layer,
  )
  const local = Layer.mergeAll(DeviceId.layer, options.session ?? SessionPort.layerMemory()).pipe(Layer.provideMerge(base))
  const client = options.http ? ApiClient.layerWithoutHttp.pipe(Layer.provide(options.http)) : ApiClient.layer
  return client.pipe(Layer.provideMerge(local))
}
