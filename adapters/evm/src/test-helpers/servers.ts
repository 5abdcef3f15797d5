import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** A JSON-RPC proxy in front of a node that records every HTTP request (one entry per round trip). */
export async function startCountingProxy(target: string) {
  const requests: { methods: string[] }[] = []
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req)
    const parsed = JSON.parse(body) as { method: string } | { method: string }[]
    requests.push({ methods: (Array.isArray(parsed) ? parsed : [parsed]).map((p) => p.method) })
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' })
    res.end(await upstream.text())
  })
  const url = await listen(server)
  return {
    url,
    requests,
    reset: () => void requests.splice(0),
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** An HTTP server that accepts requests and never answers (a hung RPC). */
export async function startHangingServer() {
  let hits = 0
  const open = new Set<ServerResponse>()
  const server = createServer((_req, res) => {
    hits++
    open.add(res)
  })
  const url = await listen(server)
  return {
    url,
    get hits() {
      return hits
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of open) res.destroy()
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

/** A loopback URL nothing listens on (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  const url = await listen(server)
  await new Promise<void>((r) => server.close(() => r()))
  return url
}
