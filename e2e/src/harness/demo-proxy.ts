import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface DemoProxy {
  /** `http://127.0.0.1:<port>`: open the demo here. */
  url: string
  close(): Promise<void>
}

/**
 * The demo build behind a small loopback server that answers `/devnet.json`
 * with a test's own world (`devnetJson`, given this server's origin) and
 * forwards everything else to the harness's demo server (`demoUrl`).
 * WebSocket upgrades are refused: a WalletConnect relay named on this origin
 * is never reached. `options.csp` adds a `Content-Security-Policy` header to
 * every answer; the browser enforces it together with the page's own `<meta>`
 * policy (both must allow a load), so a test can take an allowance away.
 */
export async function serveDemoWith(
  demoUrl: string,
  devnetJson: (origin: string) => unknown,
  options: { csp?: string } = {},
): Promise<DemoProxy> {
  const extra: Record<string, string> = options.csp ? { 'content-security-policy': options.csp } : {}
  const target = new URL(demoUrl)
  let origin = ''
  const server: Server = createServer((req, res) => {
    if (req.url?.split('?')[0] === '/devnet.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra })
      res.end(JSON.stringify(devnetJson(origin)))
      return
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, { ...up.headers, ...extra })
        up.pipe(res)
      },
    )
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(err))
    })
    req.pipe(upstream)
  })
  server.on('upgrade', (_req, socket) => socket.destroy())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
