import { createReadStream, statSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

/** The strict policy the CSP test page is served with: no inline, no eval, nothing off-origin. */
export const STRICT_CSP = "default-src 'self'"

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
}

export interface StaticServerOptions {
  /** Folder to serve (a Vite `dist/`). Unknown paths without an extension fall back to index.html. */
  root: string
  /** Send `Content-Security-Policy: default-src 'self'` with every response (the CSP test page). */
  csp?: boolean
  /** Reverse-proxy prefixes to loopback targets, e.g. `{ '/rpc/31337': 'http://127.0.0.1:8545' }`. */
  proxy?: Record<string, string>
  /** Extra JSON documents served at fixed paths (runtime config); a function gets the server's origin. */
  json?: Record<string, unknown | ((origin: string) => unknown)>
  /**
   * `root` is complete once this settles (a build still running): requests for its files wait
   * for it, and get a 503 with the reason when it rejects. The server listens at once.
   */
  ready?: Promise<unknown>
}

export interface StaticServer {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * A small static file server on 127.0.0.1 (port 0, read back). With `csp`
 * every response carries `Content-Security-Policy: default-src 'self'`, so the
 * CSP test page is the same build under the strictest header; `proxy` lets
 * same-origin paths reach loopback services, so such a page (whose
 * connect-src is then 'self') can still talk to the devnet.
 */
export async function startStaticServer(opts: StaticServerOptions): Promise<StaticServer> {
  const proxies = Object.entries(opts.proxy ?? {}).sort((a, b) => b[0].length - a[0].length)
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' })
      res.end(String(err))
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = decodeURIComponent(url.pathname)
    const headers: Record<string, string> = { 'cache-control': 'no-store' }
    if (opts.csp) headers['content-security-policy'] = STRICT_CSP
    for (const [prefix, target] of proxies) {
      if (path === prefix || path.startsWith(`${prefix}/`))
        return proxy(req, res, target, path.slice(prefix.length))
    }
    if (opts.json && path in opts.json) {
      const doc = opts.json[path]
      res.writeHead(200, { ...headers, 'content-type': MIME['.json']! })
      res.end(JSON.stringify(typeof doc === 'function' ? doc(origin) : doc))
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end()
      return
    }
    if (opts.ready) {
      const failed = await opts.ready.then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      if (failed !== undefined) {
        res.writeHead(503, { ...headers, 'content-type': 'text/plain' }).end(failed)
        return
      }
    }
    let file = normalize(join(opts.root, path))
    if (file !== opts.root && !file.startsWith(opts.root + sep)) {
      res.writeHead(403, headers).end()
      return
    }
    let stat = statOrNull(file)
    if (stat?.isDirectory()) {
      file = join(file, 'index.html')
      stat = statOrNull(file)
    }
    if (!stat && !extname(path)) {
      file = join(opts.root, 'index.html')
      stat = statOrNull(file)
    }
    if (!stat) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, {
      ...headers,
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'content-length': String(stat.size),
    })
    if (req.method === 'HEAD') return void res.end()
    createReadStream(file).pipe(res)
  }

  function proxy(req: IncomingMessage, res: ServerResponse, target: string, rest: string) {
    const to = new URL(target)
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(to.hostname))
      throw new Error(`proxy target ${target} is not loopback`)
    const upstream = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: `${to.pathname.replace(/\/$/, '')}${rest}` || '/',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, {
          'content-type': up.headers['content-type'] ?? 'application/json',
          ...(opts.csp ? { 'content-security-policy': STRICT_CSP } : {}),
        })
        up.pipe(res)
      },
    )
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(err))
    })
    req.pipe(upstream)
  }

  let origin = ''
  // No WebSocket service here: an upgrade (e.g. a WalletConnect relay probe pointed at this
  // origin) is refused, so the page sees a closed relay instead of reaching anything else.
  server.on('upgrade', (_req, socket) => socket.destroy())

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function statOrNull(file: string) {
  try {
    return statSync(file)
  } catch {
    return null
  }
}
