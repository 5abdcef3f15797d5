// AllWallets with a 5,000-entry wallet directory (issue 6): first render (open →
// the first page of rows on screen, lazy view chunk included) and search
// keystroke → results on screen (the 300 ms debounce included: what a visitor
// waits), median and p95, in Chromium. The directory is a loopback HTTP server
// answering GET /v1/wallets with the gateway's query semantics
// (server/src/directory/directory.ts) over generated entries.
//
//   tsx src/allwallets.ts [--runs N] [--source]     (also run at the end of `npm run bench`)
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { buildApp, OUT_DIR } from './bundle.js'
import { launchChromium, median } from './latency.js'

export const DIRECTORY_SIZE = 5_000
/** As core's constants (SPEC §9). */
const WALLETS_PER_PAGE = 40
const SEARCH_RESULTS_LIMIT = 100
const FEATURED = ['w-0007', 'w-0042', 'w-0420', 'w-4200']

interface Entry {
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

const APP = `
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
async function serve(root: string, directory: readonly Entry[]) {
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

/**
 * In the page (kept as source text: tsx's helpers must not leak into it): ms from
 * the action to the first frame after the expected rows are in the modal's shadow root.
 */
const IN_PAGE = `({ action, expect }) => new Promise((resolve, reject) => {
  const root = document.querySelector('[data-portico-modal]')?.shadowRoot
  if (!root) return reject(new Error('no modal shadow root'))
  const done = () => {
    const view = root.querySelector('[data-view="AllWallets"]')
    const box = view?.querySelector('[role="listbox"]')
    const rows = view ? view.querySelectorAll('[data-wallet-id]') : []
    if (!box || rows.length < expect.minRows) return false
    if (expect.count !== undefined && box.getAttribute('data-count') !== String(expect.count)) return false
    if (expect.firstId && rows[0].getAttribute('data-wallet-id') !== expect.firstId) return false
    return true
  }
  const timeout = setTimeout(() => reject(new Error('AllWallets not ready: ' + JSON.stringify(expect))), 15000)
  let t0 = 0
  const observer = new MutationObserver(() => {
    if (!done()) return
    observer.disconnect()
    requestAnimationFrame(() => { clearTimeout(timeout); resolve(performance.now() - t0) })
  })
  observer.observe(root, { subtree: true, childList: true, attributes: true })
  t0 = performance.now()
  if (action === 'open') void window.__portico.open({ view: 'AllWallets' })
  else {
    const input = root.querySelector('[data-view="AllWallets"] input[type="search"]')
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, action.search)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  }
})`

async function timeInPage(
  page: Page,
  action: 'open' | { search: string },
  expect: { count?: number; minRows: number; firstId?: string },
): Promise<number> {
  return (await page.evaluate(`(${IN_PAGE})(${JSON.stringify({ action, expect })})`)) as number
}

function percentile(values: number[], p: number): number {
  const v = [...values].sort((a, b) => a - b)
  return v[Math.min(v.length - 1, Math.ceil((p / 100) * v.length) - 1)]!
}

export interface AllWalletsReport {
  entries: number
  runs: number
  firstRender: { median: number; p95: number; samples: number[] }
  reopen: { median: number; p95: number; samples: number[] }
  search: { median: number; p95: number; samples: number[] }
}

/** Builds the app, serves it with the 5,000-entry directory and measures in Chromium. */
export async function benchAllWallets(
  options: { runs?: number; fromSource?: boolean; browser?: Browser } = {},
): Promise<AllWalletsReport> {
  const runs = options.runs ?? 20
  const srcDir = join(OUT_DIR, '../allwallets-src')
  mkdirSync(srcDir, { recursive: true })
  const entry = join(srcDir, 'app.tsx')
  writeFileSync(entry, APP)
  const built = await buildApp({
    app: 'allwallets',
    entry,
    conditions: options.fromSource ? ['source'] : [],
  })
  statSync(join(built.dir, 'index.html'))
  const directory = generateDirectory()
  const server = await serve(built.dir, directory)
  const browser = options.browser ?? (await launchChromium())
  const firstRender: number[] = []
  const search: number[] = []
  const reopen: number[] = []
  // Queries with different result sizes: a name word (capped at 100), a number prefix, one wallet.
  const queries = ['ember', 'pocket 01', '4321']
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      await page.goto(server.url)
      await page.waitForFunction(() => Boolean((window as { __portico?: unknown }).__portico))
      // First render: open → the first page (featured + 40) listed, rows on screen.
      firstRender.push(
        await timeInPage(page, 'open', {
          count: WALLETS_PER_PAGE + FEATURED.length,
          minRows: 8,
          firstId: FEATURED[0],
        }),
      )
      if (i === 0) await page.screenshot({ path: join(OUT_DIR, '../allwallets-first-render.png') })
      for (const q of queries) {
        const expected = queryDirectory(directory, {
          page: 1,
          entries: SEARCH_RESULTS_LIMIT,
          search: q,
          chains: ['eip155:1'],
        })
        search.push(
          await timeInPage(
            page,
            { search: q },
            {
              count: Math.min(expected.data.length, SEARCH_RESULTS_LIMIT),
              minRows: Math.min(expected.data.length, 1),
              firstId: expected.data[0]?.id,
            },
          ),
        )
        if (i === 0 && q === queries[0])
          await page.screenshot({ path: join(OUT_DIR, '../allwallets-search.png') })
      }
      // Reopen in the same page: view chunk cached, the list (and its requests) rebuilt.
      await page.evaluate('window.__portico.close()')
      reopen.push(
        await timeInPage(page, 'open', {
          count: WALLETS_PER_PAGE + FEATURED.length,
          minRows: 8,
          firstId: FEATURED[0],
        }),
      )
      await context.close()
    }
  } finally {
    if (!options.browser) await browser.close()
    await server.close()
  }
  const stats = (s: number[]) => ({ median: median(s), p95: percentile(s, 95), samples: s })
  return {
    entries: directory.length,
    runs,
    firstRender: stats(firstRender),
    reopen: stats(reopen),
    search: stats(search),
  }
}

export function formatAllWallets(r: AllWalletsReport): string {
  const ms = (v: number) => `${v.toFixed(0)} ms`
  return [
    `AllWallets with ${r.entries.toLocaleString('en')} directory entries (Chromium, loopback directory, ${r.runs} fresh pages)`,
    `  first render (open → first page of rows painted, lazy view chunk included): median ${ms(r.firstRender.median)}, p95 ${ms(r.firstRender.p95)}`,
    `  reopen in the same page (view chunk cached, directory fetched again): median ${ms(r.reopen.median)}, p95 ${ms(r.reopen.p95)}`,
    `  search keystroke → results painted (300 ms debounce included; ${r.search.samples.length} searches): median ${ms(r.search.median)}, p95 ${ms(r.search.p95)}`,
  ].join('\n')
}

/** `npm run bench` calls this at the end; also runnable alone. */
export async function runAllWalletsBench(options: { runs?: number; fromSource?: boolean } = {}) {
  console.log(`\n▶ AllWallets with ${DIRECTORY_SIZE.toLocaleString('en')} wallets`)
  const report = await benchAllWallets(options)
  console.log(formatAllWallets(report))
  console.log(`  screenshots: ${join(OUT_DIR, '..')}/allwallets-{first-render,search}.png`)
  return report
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const runs = Number(args[args.indexOf('--runs') + 1]) || Number(process.env.BENCH_RUNS) || 20
  await runAllWalletsBench({ runs, fromSource: args.includes('--source') })
}
