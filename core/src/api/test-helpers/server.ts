/**
 * A real HTTP server on 127.0.0.1 (port 0) for the API client tests: records
 * every request (method, path, query, JSON body) and answers from a route table.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  headers: IncomingMessage['headers']
}

export interface Reply {
  status?: number
  body?: unknown
  /** Delay before answering, in ms (to observe de-duplication and aborts). */
  delayMs?: number
}

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>

export interface TestServer {
  url: string
  requests: RecordedRequest[]
  /** Route key `METHOD /path` (exact path) → handler; unmatched → 404 `{ code, message }`. */
  routes: Map<string, Handler>
  on(route: string, handler: Handler | Reply): void
  reset(): void
  close(): Promise<void>
}

/**
 * `cors`: answer like the gateway does for a page on another origin (a
 * browser-like test environment enforces it): every reply allows the caller's
 * origin and a CORS preflight is answered 204 without being recorded.
 */
export async function startTestServer(options: { cors?: boolean } = {}): Promise<TestServer> {
  const requests: RecordedRequest[] = []
  const routes = new Map<string, Handler>()
  const server: Server = createServer(async (req, res) => {
    if (options.cors) {
      res.setHeader('access-control-allow-origin', req.headers.origin ?? '*')
      if (req.method === 'OPTIONS') {
        res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
        res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*')
        res.statusCode = 204
        return res.end()
      }
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      body = raw
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: req.headers,
    }
    requests.push(recorded)
    const handler = routes.get(`${recorded.method} ${recorded.path}`)
    const reply: Reply = handler
      ? await handler(recorded)
      : { status: 404, body: { code: 'not_found', message: `No route ${recorded.method} ${recorded.path}` } }
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs))
    if (res.destroyed) return
    res.statusCode = reply.status ?? 200
    if (reply.body === undefined) return res.end()
    res.setHeader('content-type', 'application/json')
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler)
    },
    reset() {
      requests.length = 0
      routes.clear()
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
