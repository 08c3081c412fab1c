import { Context, Layer } from "effect"
import { apiBaseUrl, buildApiBaseUrl } from "./api-base"
import { PUBLIC_CLIENT_KEY } from "../contract/signature"

/** Where the API lives and which key signs requests before sign-in. */
export interface ApiConfigShape {
  /** Prefix of every endpoint path: "/api" (same origin) or an absolute URL for a partner deployment. */
  readonly baseUrl: string
  /** The public client key used to sign requests while no session is active. */
  readonly clientKey: string
}

/**
 * The request pipeline's configuration. `layer` reads the build-time `VITE_API_BASE_URL`
 * (default "/api") and uses PUBLIC_CLIENT_KEY; `layerWith({ baseUrl })` sets values explicitly
 * (tests, a partner build). A trailing slash on the base URL is ignored.
 */
export class ApiConfig extends Context.Service<ApiConfig, ApiConfigShape>()("chartfolio/services/ApiConfig") {
  static readonly layerWith = (config: Partial<ApiConfigShape> = {}): Layer.Layer<ApiConfig> =>
    Layer.succeed(
      ApiConfig,
      ApiConfig.of({
        baseUrl: apiBaseUrl(config.baseUrl),
        clientKey: config.clientKey ?? PUBLIC_CLIENT_KEY,
      }),
    )

  static readonly layer: Layer.Layer<ApiConfig> = ApiConfig.layerWith({ baseUrl: buildApiBaseUrl() })
}
