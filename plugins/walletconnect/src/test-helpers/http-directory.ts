import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WalletDirectoryEntry } from '@portico/core'

/** One GET /v1/wallets the directory received. */
export interface DirectoryHit {
  page: number
  entries: number
  search?: string
  include?: string[]
  /** True when the client closed the connection before the answer (an aborted fetch). */
  aborted: boolean
  answered: boolean
}

/**
 * A wallet directory over real HTTP on 127.0.0.1 (port 0) with the gateway's
 * GET /v1/wallets semantics (page / entries / include / exclude / chains /
 * search by name), so the views run through core's real `WalletDirectoryClient`
 * and `fetch`: aborts are real closed connections, seen here as `aborted`.
 * `delay(hit)` holds an answer back (ms) to let a test act while it is in flight.
 */
export async function startHttpDirectory(
  wallets: readonly WalletDirectoryEntry[],
  delay: (hit: DirectoryHit) => number = () => 0,
) {
  const hits: DirectoryHit[] = []
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    })
    res.end(JSON.stringify(body))
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' })
      return void res.end()
    }
    if (url.pathname !== '/v1/wallets') return json(res, 404, { error: 'not found' })
    const p = url.searchParams
    const csv = (k: string) => (p.get(k) ? p.get(k)!.split(',') : undefined)
    const hit: DirectoryHit = {
      page: Number(p.get('page') ?? 1),
      entries: Number(p.get('entries') ?? 40),
      search: p.get('search') ?? undefined,
      include: csv('include'),
      aborted: false,
      answered: false,
    }
    hits.push(hit)
    res.on('close', () => {
      if (!hit.answered) hit.aborted = true
    })
    let list = [...wallets]
    const include = csv('include')
    const exclude = csv('exclude')
    const chains = csv('chains')
    if (include) list = list.filter((w) => include.includes(w.id))
    if (exclude) list = list.filter((w) => !exclude.includes(w.id))
    if (chains) list = list.filter((w) => !w.chains || w.chains.some((c) => chains.includes(c)))
    if (hit.search) {
      const q = hit.search.toLowerCase()
      list = list.filter((w) => w.name.toLowerCase().includes(q))
    }
    const start = (hit.page - 1) * hit.entries
    const body = { count: list.length, data: list.slice(start, start + hit.entries) }
    setTimeout(() => {
      if (hit.aborted) return
      hit.answered = true
      json(res, 200, body)
    }, delay(hit))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
