// The bench's wallet directory: 5,000 generated entries, answered over loopback
// HTTP with the gateway's query semantics (server/src/directory/directory.ts), on
// the same origin as the built AllWallets app.
import { readFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

export const DIRECTORY_SIZE = 5_000
/** As core's constants (SPEC §9). */
export const WALLETS_PER_PAGE = 40
export const SEARCH_RESULTS_LIMIT = 100
export const FEATURED = ['w-0007', 'w-0042', 'w-0420', 'w-4200']

export interface Entry {
  id: string
  name: string
  rdns: string
  chains: string[]
  certified: boolean
}

const ADJECTIVES = [
  'Amber',
  'Bright',
  'Cobalt',
  'Delta',
  'Ember',
  'Frost',
  'Golden',
  'Harbor',
  'Iron',
  'Jade',
]
const NOUNS = ['Vault', 'Wallet', 'Keys', 'Safe', 'Pocket', 'Purse', 'Ledger', 'Chest', 'Box', 'Pass']

/** Deterministic directory: "Amber Vault 0001" … ; one in five also lists Solana. */
export function generateDirectory(size = DIRECTORY_SIZE): Entry[] {
  return Array.from({ length: size }, (_, i) => {
    const n = String(i + 1).padStart(4, '0')
    return {
      id: `w-${n}`,
      name: `${ADJECTIVES[i % 10]} ${NOUNS[Math.floor(i / 10) % 10]} ${n}`,
      rdns: `com.bench.w${n}`,
      chains: i % 5 === 0 ? ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] : ['eip155:1'],
      certified: i % 3 === 0,
    }
  })
}

interface Query {
  page: number
  entries: number
  include?: string[]
  exclude?: string[]
  chains?: string[]
  search?: string
  badge_type?: string
}

/** The gateway's filter-then-page semantics (server/src/directory/directory.ts). */
export function queryDirectory(all: readonly Entry[], q: Query): { count: number; data: Entry[] } {
  let list = [...all]
  if (q.include?.length) list = list.filter((w) => q.include!.includes(w.id))
  if (q.exclude?.length) {
    const set = new Set(q.exclude)
    list = list.filter((w) => !set.has(w.id))
  }
  if (q.chains?.length)
    list = list.filter((w) =>
      q.chains!.some(
        (c) =>
          w.chains.includes(c) || (c.startsWith('eip155:') && w.chains.some((x) => x.startsWith('eip155:'))),
      ),
    )
  if (q.search) {
    const s = q.search.toLowerCase()
    list = list.filter((w) => w.name.toLowerCase().includes(s) || w.id.includes(s) || w.rdns.includes(s))
  }
  if (q.badge_type === 'certified') list = list.filter((w) => w.certified)
  const start = (q.page - 1) * q.entries
  return { count: list.length, data: list.slice(start, start + q.entries) }
}

export const APP = `
import { evmAdapter, mainnet } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { walletConnectPlugin } from '@portico/plugin-walletconnect'
import { PorticoModal, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({
  adapters: [evmAdapter({ networks: [mainnet] })],
  directoryUrl: location.origin,
  projectId: 'bench',
  plugins: [walletConnectPlugin({ relayUrl: 'ws://127.0.0.1:9', featuredWalletIds: ${JSON.stringify(FEATURED)} })],
})
;(window as unknown as { __portico: unknown }).__portico = portico
createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <PorticoModal />
  </PorticoProvider>,
)
`

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

/** The built app and the directory API on one loopback origin (port 0). */
export async function serve(root: string, directory: readonly Entry[]) {
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/v1/wallets') {
      const p = url.searchParams
      const list = (k: string) => (p.get(k) ? p.get(k)!.split(',') : undefined)
      const found = queryDirectory(directory, {
        page: Number(p.get('page') ?? 1),
        entries: Math.min(100, Number(p.get('entries') ?? WALLETS_PER_PAGE)),
        include: list('include'),
        exclude: list('exclude'),
        chains: list('chains'),
        search: p.get('search')?.trim() || undefined,
        badge_type: p.get('badge_type') ?? undefined,
      })
      return json(res, 200, {
        count: found.count,
        data: found.data.map((w) => ({
          id: w.id,
          name: w.name,
          image_id: w.id,
          image_url: `http://${req.headers.host}/v1/images/wallet/${w.id}`,
          mobile_link: null,
          desktop_link: null,
          webapp_link: null,
          rdns: w.rdns,
          chains: w.chains,
        })),
      })
    }
    if (url.pathname.startsWith('/v1/images/')) {
      const hue = Number.parseInt(url.pathname.slice(-4), 10) % 360 || 0
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' })
      return void res.end(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="hsl(${hue} 60% 50%)"/></svg>`,
      )
    }
    if (url.pathname.startsWith('/v1/')) return json(res, 404, { error: 'not found' })
    const file = normalize(join(root, url.pathname === '/' ? 'index.html' : url.pathname))
    if (!file.startsWith(root + sep)) return void res.writeHead(403).end()
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
