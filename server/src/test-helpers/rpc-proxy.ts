// A loopback JSON-RPC proxy in front of anvil that counts the methods it
// forwards (batches included), so tests can assert how many RPC calls a
// request cost. Tests may also make it refuse calls with a JSON-RPC error
// (a provider's range limit) or rewrite answers (a provider that disagrees
// with itself), per call inside a batch.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RpcCall {
  jsonrpc: '2.0'
  id: number | string
  method: string
  params?: unknown[]
}

export interface RpcProxyHooks {
  /** A JSON-RPC error to answer instead of forwarding the call; undefined forwards it. */
  refuse?: (call: RpcCall) => { code: number; message: string } | undefined
  /** Rewrites the upstream result of a forwarded call. */
  rewrite?: (call: RpcCall, result: unknown) => unknown
}

export interface RpcProxy {
  url: string
  /** method → number of calls forwarded since the last reset. */
  counts: Map<string, number>
  /** Every call received since the last reset, in order (refused ones included). */
  calls: RpcCall[]
  /** Hooks in force; tests change them while the proxy runs. */
  hooks: RpcProxyHooks
  reset(): void
  close(): Promise<void>
}

export async function startRpcProxy(target: string, hooks: RpcProxyHooks = {}): Promise<RpcProxy> {
  const counts = new Map<string, number>()
  const calls: RpcCall[] = []
  const proxy = { hooks }
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    let parsed: RpcCall | RpcCall[]
    try {
      parsed = JSON.parse(body)
    } catch {
      res.writeHead(400).end()
      return
    }
    const batch = Array.isArray(parsed) ? parsed : [parsed]
    const answers = new Map<RpcCall, unknown>()
    const forward: RpcCall[] = []
    for (const call of batch) {
      calls.push(call)
      const error = proxy.hooks.refuse?.(call)
      if (error) answers.set(call, { jsonrpc: '2.0', id: call.id, error })
      else {
        counts.set(call.method, (counts.get(call.method) ?? 0) + 1)
        forward.push(call)
      }
    }
    if (forward.length > 0) {
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A single call stays a single call (not every node takes batches).
        body: JSON.stringify(Array.isArray(parsed) ? forward : forward[0]),
      })
      const answer = (await upstream.json()) as unknown
      const results = (Array.isArray(answer) ? answer : [answer]) as {
        id: number | string
        result?: unknown
      }[]
      for (const call of forward) {
        const r = results.find((x) => x.id === call.id)
        const rewrite = proxy.hooks.rewrite
        answers.set(call, r && 'result' in r && rewrite ? { ...r, result: rewrite(call, r.result) } : r)
      }
    }
    const out = batch.map((c) => answers.get(c))
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(Array.isArray(parsed) ? out : out[0]))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    calls,
    get hooks() {
      return proxy.hooks
    },
    set hooks(h: RpcProxyHooks) {
      proxy.hooks = h
    },
    reset: () => {
      counts.clear()
      calls.length = 0
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
