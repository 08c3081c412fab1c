import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { SignatureHeaders, verify } from "../../src/contract/signature"

/** One request as the test server received it. */
export interface RecordedRequest {
  readonly method: string
  /** Path and query exactly as on the wire. */
  readonly url: string
  readonly headers: IncomingHttpHeaders
  readonly body: string
}

/** A canned answer, or "hang" to never answer (the test then waits for the client to abort). */
export type Reply =
  { readonly status: number; readonly body?: string; readonly contentType?: string; readonly headers?: Readonly<Record<string, string>> } | "hang"

/** Answers a request by path (without the query). */
export type Routes = Readonly<Record<string, (request: RecordedRequest) => Reply>>

/** A JSON answer. */
export const json = (status: number, value: unknown): Reply => ({ status, body: JSON.stringify(value) })

/**
 * A real HTTP server on 127.0.0.1 (random port) that records every request and answers from
 * `routes`; unknown paths get a 404 with an ErrorBody. `aborted` resolves when a client drops a
 * request the server was holding ("hang").
 */
export const startTestServer = async (routes: Routes) => {
  const requests: Array<RecordedRequest> = []
  const held: Array<ServerResponse> = []
  let notifyAborted: () => void = () => {}
  const aborted = new Promise<void>((resolve) => {
    notifyAborted = resolve
  })
  let notifyHeld: () => void = () => {}
  const holding = new Promise<void>((resolve) => {
    notifyHeld = resolve
  })

  const server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      }
      requests.push(recorded)
      const path = recorded.url.split("?")[0] ?? ""
      const route = routes[path]
      const reply: Reply = route ? route(recorded) : json(404, { code: "not_found", error: `No route ${path}` })
      if (reply === "hang") {
        held.push(res)
        res.on("close", () => {
          if (!res.writableEnded) notifyAborted()
        })
        notifyHeld()
        return
      }
      res.writeHead(reply.status, { "Content-Type": reply.contentType ?? "application/json", ...reply.headers })
      res.end(reply.body ?? "")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    /** Resolves once the server holds a "hang" request open. */
    holding,
    aborted,
    close: async () => {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The value of a header (first one when repeated). */
export const header = (request: RecordedRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

/** True when the request's X-Signature verifies with `key` over what the server received. */
export const signedWith = (request: RecordedRequest, key: string): Promise<boolean> =>
  verify(
    key,
    {
      method: request.method,
      target: request.url,
      timestamp: Number(header(request, SignatureHeaders.timestamp)),
      nonce: header(request, SignatureHeaders.nonce) ?? "",
      body: request.body,
    },
    header(request, SignatureHeaders.signature) ?? "",
  )
