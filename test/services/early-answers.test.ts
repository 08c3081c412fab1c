import { Effect, Layer } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { apiServices } from "../../src/app/api"
import { firstLoadPaths } from "../../src/app/first-answers"
import portfolios from "../../src/app/workflows/portfolios"
import { PUBLIC_CLIENT_KEY, SignatureHeaders, verify } from "../../src/contract/signature"
import { makeAppLayer } from "../../src/services/app-layer"
import { ClientStorage } from "../../src/services/client-storage"
import { dropEarlyAnswers, EARLY_ANSWER_MS, sendEarly, takeEarlyAnswer } from "../../src/services/early-answers"
import { HttpTransport, type TransportRequest } from "../../src/services/http-transport"
import { makeJsonStorage, memoryStorage } from "../../src/services/json-storage"

// The first answers of a signed-in visit (src/services/early-answers.ts): sent by the start-up
// before the API runtime has loaded, taken once by the pipeline's first GET of the same URL.

const URL_A = "http://app.test/api/users/account"
const TOKEN = "token-abc"
const NOW = Date.UTC(2026, 10, 29, 9, 0, 0)

const answering = (status = 200, body = '{"ok":true}') => {
  const sent: Array<{ url: string; headers: Record<string, string> }> = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), headers: init?.headers as Record<string, string> })
    return new Response(body, { status, headers: { etag: '"v1"' } })
  })
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch }
}

const send = (fetch: typeof globalThis.fetch, urls: ReadonlyArray<string> = [URL_A], now = NOW) =>
  sendEarly({ urls, token: TOKEN, deviceId: "device-1", now, fetch })

const pipelineGet = (url: string, headers: Record<string, string> = {}): TransportRequest => ({
  method: "GET",
  url,
  headers: { Authorization: `Bearer ${TOKEN}`, ...headers },
})

afterEach(() => {
  dropEarlyAnswers()
  vi.unstubAllGlobals()
})

describe("early answers", () => {
  it("are sent signed with the session's token, as the pipeline signs", async () => {
    const { sent, fetch } = answering()
    send(fetch)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    const { headers } = sent[0]!
    expect(headers["Authorization"]).toBe(`Bearer ${TOKEN}`)
    expect(headers[SignatureHeaders.deviceId]).toBe("device-1")
    expect(headers[SignatureHeaders.timestamp]).toBe(String(NOW))
    const input = { method: "GET", target: "/api/users/account", timestamp: NOW, nonce: headers[SignatureHeaders.nonce]!, body: "" }
    expect(await verify(TOKEN, input, headers[SignatureHeaders.signature]!)).toBe(true)
    expect(await verify(PUBLIC_CLIENT_KEY, input, headers[SignatureHeaders.signature]!)).toBe(false)
  })

  it("answer the first GET of the URL with the same token, once", async () => {
    const { fetch } = answering(200, '{"n":1}')
    send(fetch)
    const answer = await takeEarlyAnswer(pipelineGet(URL_A), NOW + 100)
    expect(answer?.status).toBe(200)
    expect(answer?.etag).toBe('"v1"')
    expect(new TextDecoder().decode(answer!.bytes)).toBe('{"n":1}')
    expect(takeEarlyAnswer(pipelineGet(URL_A), NOW + 200)).toBeNull()
  })

  it("answer nothing to another token, another URL, a revalidation, a POST or a late request", () => {
    const { fetch } = answering()
    const cases: Array<[TransportRequest, number]> = [
      [pipelineGet(URL_A, { Authorization: "Bearer another-user" }), NOW],
      [{ method: "GET", url: URL_A, headers: {} }, NOW],
      [pipelineGet(`${URL_A}/other`), NOW],
      [pipelineGet(URL_A, { "If-None-Match": '"v1"' }), NOW],
      [{ ...pipelineGet(URL_A), method: "POST", body: "{}" }, NOW],
      [pipelineGet(URL_A), NOW + EARLY_ANSWER_MS + 1],
    ]
    for (const [request, at] of cases) {
      send(fetch)
      expect(takeEarlyAnswer(request, at), `${request.method} ${request.url} ${JSON.stringify(request.headers)} at +${at - NOW}`).toBeNull()
    }
  })

  it("keep an error status for the pipeline to read (a revoked token's 401)", async () => {
    send(answering(401, '{"code":"unauthorized"}').fetch)
    expect((await takeEarlyAnswer(pipelineGet(URL_A), NOW))?.status).toBe(401)
  })

  it("are used by the live transport instead of the network, which it uses when the early request failed", async () => {
    const network = answering(200, '{"from":"network"}')
    vi.stubGlobal("fetch", network.fetch)
    const transport = (request: TransportRequest) =>
      Effect.runPromise(
        Effect.provide(
          HttpTransport.use((http) => http.send(request)),
          HttpTransport.layer,
        ),
      )

    // The live transport reads the real clock: the answers are sent now, not at the fixed NOW.
    send(answering(200, '{"from":"early"}').fetch, [URL_A], Date.now())
    const early = await transport(pipelineGet(URL_A))
    expect(new TextDecoder().decode(early.bytes)).toBe('{"from":"early"}')
    expect(network.sent).toHaveLength(0)

    const failing = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")))
    send(failing as unknown as typeof globalThis.fetch, [URL_A], Date.now())
    const fallback = await transport(pipelineGet(URL_A))
    expect(new TextDecoder().decode(fallback.bytes)).toBe('{"from":"network"}')
    expect(network.sent.map((s) => s.url)).toEqual([URL_A])
  })

  it("are the GETs the portfolios workflow's first load sends (with and without a remembered account)", async () => {
    for (const hint of [null, "A2"]) {
      const storage = makeJsonStorage(memoryStorage)
      if (hint !== null) storage.set("hint.portfolioSelection", hint)
      const asked: string[] = []
      // Every answer comes a little later and is a failure: the load's first requests all leave, and nothing follows them.
      const recording = Layer.succeed(
        HttpTransport,
        HttpTransport.of({
          send: (request) =>
            Effect.sync(() => asked.push(`${request.method} ${request.url}`)).pipe(
              Effect.andThen(Effect.sleep("20 millis")),
              Effect.as({ status: 503, etag: null, bytes: new Uint8Array() }),
            ),
        }),
      )
      const layer = makeAppLayer({ storage: ClientStorage.layerFrom(storage), config: { baseUrl: "http://app.test/api" }, http: recording })
      const program = portfolios.calls!.loadPortfolios!(apiServices)({ accountId: null })
      await Effect.runPromise(Effect.provide(Effect.exit(program), layer) as Effect.Effect<unknown>)
      expect(asked.sort()).toEqual(
        firstLoadPaths(hint)
          .map((path) => `GET http://app.test/api${path}`)
          .sort(),
      )
    }
  })
})
