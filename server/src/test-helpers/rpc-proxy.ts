// A loopback JSON-RPC proxy in front of anvil that counts the methods it
// forwards (batches included), so tests can assert how many RPC calls a
// request cost.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RpcProxy {
  url: string
  /** method → number of calls forwarded since the last reset. */
  counts: Map<string, number>
  reset(): void
  close(): Promise<void>
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const counts = new Map<string, number>()
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    try {
      const parsed = JSON.parse(body)
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        counts.set(m.method, (counts.get(m.method) ?? 0) + 1)
      }
    } catch {}
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' })
    res.end(await upstream.text())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    reset: () => counts.clear(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
