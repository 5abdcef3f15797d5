import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { modalCss } from './modal/styles.js'
import { viewsCss } from './modal/view-styles.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The modules a bundler puts in the first load from `entry`: relative imports and re-exports
 * followed transitively, without `import type` / `export type` (erased) and without `import()`
 * (a lazy chunk). Other packages are not followed (each has its own test).
 */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    const re = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm
    for (const m of text.matchAll(re)) {
      if (m[2]) continue
      const spec = m[3]!
      const base = resolve(dirname(file), spec)
      const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base]
      const target = candidates.find((c) => existsSync(c) && !c.endsWith('.js'))
      if (target) visit(target)
    }
  }
  visit(entry)
  return [...seen].map((f) => relative(ROOT, f)).sort()
}

// Issue 31: the button and the Connect view are the first load; every other view, the Send
// flow, NFTs, Activity, sessions and the locales other than English are lazy chunks.
const graph = staticGraph(join(ROOT, 'ui-react/src/index.ts'))

describe('first load of @portico/react', () => {
  it('has the Connect view and English, and no other view, flow, locale or the QR encoder', () => {
    expect(graph).toContain('ui-react/src/views/Connect.tsx')
    expect(graph).toContain('ui-react/src/i18n/en.ts')
    const lazy = [
      /views\/Account\.tsx$/,
      /views\/Activity\.tsx$/,
      /views\/(send|nfts|sessions|help)\//,
      /views\/(SwitchNetwork|SignMessage|ApproveTransaction|SIWXSignMessage|UnsupportedChain|Networks|ConnectingExternal|RequestStatus)\.tsx$/,
      /i18n\/locales\//,
      // The QR encoder (uqr): the root's QrCode loads it on first draw.
      /qr\/(QrCode\.tsx|qr\.ts)$/,
    ]
    expect(graph.filter((m) => lazy.some((re) => re.test(m)))).toEqual([])
  })
})

// The views' rules are a lazy sheet (view-styles.ts) that arrives with the first view other than
// Connect; what the first load draws (button, shell, Connect, its no-wallet state) must be styled
// by the first-load sheet alone, or it would paint unstyled until a lazy view opened.
describe('first-load stylesheet', () => {
  const classesOf = (css: string) => new Set([...css.matchAll(/\.([a-z][\w-]*)/g)].map((m) => m[1]!))
  const eagerCss = classesOf(modalCss)
  const lazyOnly = [...classesOf(viewsCss)].filter((c) => !eagerCss.has(c))

  it('leaves the views of Account, Send, NFTs, Activity, sessions and networks to the lazy sheet', () => {
    for (const c of ['avatar', 'token', 'activity-row', 'session-row', 'nft-grid', 'kv', 'network-dot'])
      expect(lazyOnly).toContain(c)
  })

  it('styles every class a first-load module renders', () => {
    const rendered = new Set<string>()
    for (const file of graph.filter((f) => f.endsWith('.tsx'))) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      for (const m of text.matchAll(/className=(?:"([^"]*)"|\{([^}]*)\})/g)) {
        const literals =
          m[1] !== undefined ? [m[1]] : [...m[2]!.matchAll(/['"`]([^'"`]*)['"`]/g)].map((l) => l[1]!)
        for (const lit of literals) for (const c of lit.split(/\s+/)) if (c) rendered.add(c)
      }
    }
    expect(rendered).toContain('row')
    expect([...rendered].filter((c) => lazyOnly.includes(c))).toEqual([])
  })
})

// A plugin's root entry is its registration: what it adds to a host's first load. Its views
// (`/react`) and its flow load when a view opens; a static import of them would make them eager.
describe('plugins register without their views', () => {
  const plugins = readdirSync(join(ROOT, 'plugins')).filter((p) =>
    existsSync(join(ROOT, 'plugins', p, 'src/index.ts')),
  )

  it('every plugin is checked', () => {
    expect(plugins).toEqual(
      expect.arrayContaining(['embedded-wallet', 'names', 'onramp', 'swap', 'walletconnect']),
    )
  })

  it.each(plugins)('%s: the registration entry reaches no module of its react/ views', (plugin) => {
    const graph = staticGraph(join(ROOT, 'plugins', plugin, 'src/index.ts'))
    expect(graph.filter((m) => m.includes(`plugins/${plugin}/src/react/`))).toEqual([])
  })

  // The bench's rule (bench/src/plugin-cost.ts, "eager beyond registration"): a plugin's first load
  // is its `index` and `plugin` modules; its controller, state followers and views are chunks.
  // WalletConnect is not held to it yet: its connector (pairing, session channel) is built at setup.
  it.each(plugins.filter((p) => p !== 'walletconnect'))(
    '%s: the registration entry reaches only its index and plugin modules',
    (plugin) => {
      const graph = staticGraph(join(ROOT, 'plugins', plugin, 'src/index.ts'))
      expect(graph.filter((m) => !/\/src\/(index|plugin)\.tsx?$/.test(m))).toEqual([])
    },
  )
})
