/**
 * SSR (ARCHITECTURE, STYLE §13): every publishable workspace package is
 * imported under Node with no DOM, and an instance is created. Importing must
 * not touch window, document, storage or the network. Packages are found by
 * globbing the workspace's package.json files, so new packages are covered
 * automatically; an export entry without a source file fails the test rather
 * than being skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..')

interface Entry {
  pkg: string
  subpath: string
  file: string
}

/** `pnpm-workspace.yaml` patterns: plain folders or `folder/*`. */
function workspaceDirs(): string[] {
  const yaml = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8')
  const block = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? ''
  const patterns = [...block.matchAll(/^\s*-\s*['"]?([^'"\s]+)['"]?\s*$/gm)].map((m) => m[1] ?? '')
  const dirs: string[] = []
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = join(ROOT, pattern.slice(0, -2))
      let names: string[] = []
      try {
        names = readdirSync(parent)
      } catch {
        continue
      }
      for (const name of names) if (statSync(join(parent, name)).isDirectory()) dirs.push(join(parent, name))
    } else {
      dirs.push(join(ROOT, pattern))
    }
  }
  return dirs
}

interface PublicPackage {
  name: string
  dir: string
  entries: Entry[]
  /** Export subpaths whose `source` condition is absent or names no file. */
  missing: string[]
}

/** Every non-private workspace package, with its export entries (the `source` condition of each subpath). */
function publicPackages(): PublicPackage[] {
  const packages: PublicPackage[] = []
  for (const dir of workspaceDirs()) {
    let pkg: { name?: string; private?: boolean; exports?: unknown }
    try {
      pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    } catch {
      continue
    }
    if (pkg.private || !pkg.name) continue
    const found: PublicPackage = { name: pkg.name, dir, entries: [], missing: [] }
    packages.push(found)
    const exportsMap =
      typeof pkg.exports === 'string' || pkg.exports === undefined
        ? { '.': pkg.exports }
        : (pkg.exports as Record<string, unknown>)
    for (const [subpath, target] of Object.entries(exportsMap)) {
      if (subpath.endsWith('.json')) continue
      const source =
        target && typeof target === 'object' ? (target as { source?: unknown }).source : undefined
      if (typeof source === 'string' && existsSync(join(dir, source)))
        found.entries.push({ pkg: pkg.name, subpath, file: join(dir, source) })
      else found.missing.push(subpath)
    }
  }
  return packages
}

const packages = publicPackages()
const entries = packages.flatMap((p) => p.entries)
const touched: string[] = []
const saved = new Map<string, PropertyDescriptor | undefined>()
const TRAPPED = [
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'fetch',
  'WebSocket',
  'XMLHttpRequest',
  'EventSource',
]

beforeAll(() => {
  for (const name of TRAPPED) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name))
    const original = (globalThis as Record<string, unknown>)[name]
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        if (name === 'fetch') {
          // Reading fetch is fine (libraries capture it); calling it is network.
          return (...args: unknown[]) => {
            touched.push(`fetch(${String(args[0])})`)
            return typeof original === 'function'
              ? Promise.reject(new Error('no network in the SSR test'))
              : undefined
          }
        }
        touched.push(name)
        return undefined
      },
    })
  }
})

afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor)
    else delete (globalThis as Record<string, unknown>)[name]
  }
})

describe('SSR: every package imports under Node without a DOM', () => {
  it('finds every public workspace package, each export entry with its source file', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
    const names = packages.map((p) => p.name)
    expect(names).toContain('@portico/core')
    // The packages that exist today; new ones join through pnpm-workspace.yaml without a change here.
    for (const [name, dir] of [
      ['@portico/adapter-evm', 'adapters/evm'],
      ['@portico/adapter-solana', 'adapters/solana'],
      ['@portico/react', 'ui-react'],
      ['@portico/plugin-walletconnect', 'plugins/walletconnect'],
      ['@portico/server', 'server'],
    ] as const) {
      if (existsSync(join(ROOT, dir, 'package.json'))) expect(names).toContain(name)
    }
    // A declared entry with no source file would be silently left out of this test.
    expect(
      packages.filter((p) => p.missing.length > 0).map((p) => `${p.name}: ${p.missing.join(', ')}`),
    ).toEqual([])
    for (const p of packages) expect(p.entries.length, p.name).toBeGreaterThan(0)
  })

  const loaded: { entry: Entry; module: Record<string, unknown> }[] = []

  it.each(entries.map((e) => [`${e.pkg}${e.subpath === '.' ? '' : e.subpath.slice(1)}`, e] as const))(
    'importing %s touches no window, document, storage or network',
    async (_name, entry) => {
      const before = touched.length
      const module = (await import(/* @vite-ignore */ entry.file)) as Record<string, unknown>
      expect(Object.keys(module).length).toBeGreaterThan(0)
      expect(touched.slice(before)).toEqual([])
      loaded.push({ entry, module })
    },
    60_000,
  )

  it('an instance is created without a DOM (memory storage, no discovery, no network)', async () => {
    const core = (await import('../index.js')) as typeof import('../index.js')
    // Network presets the packages export (objects shaped like the core Network).
    const networks = loaded.flatMap(({ module }) =>
      Object.values(module).filter(
        (v): v is import('../index.js').Network =>
          typeof v === 'object' && v !== null && 'caipNetworkId' in v && 'chainNamespace' in v,
      ),
    )
    // Cosmos ships network factories, not presets: its local hub on loopback URLs stands in (never fetched).
    for (const { module } of loaded) {
      const factory = module.cosmosLocalHub as
        | ((urls: { rpcUrl: string; restUrl: string }) => import('../index.js').Network)
        | undefined
      if (factory) networks.push(factory({ rpcUrl: 'http://127.0.0.1:1', restUrl: 'http://127.0.0.1:1' }))
    }
    // Adapter and plugin factories of the imported packages: with no arguments, or (adapters) with the
    // exported network presets when they need networks.
    const adapters: unknown[] = []
    const plugins: unknown[] = []
    const adapterFactories: string[] = []
    const notBuilt: string[] = []
    for (const { entry, module } of loaded) {
      for (const [name, value] of Object.entries(module)) {
        if (typeof value !== 'function' || name.startsWith('define')) continue
        const isAdapter = /^[a-z]+Adapter$/.test(name)
        const isPlugin = /^[a-z][A-Za-z]*Plugin$/.test(name)
        if (!isAdapter && !isPlugin) continue
        if (isAdapter) adapterFactories.push(`${entry.pkg}:${name}`)
        // An adapter takes the presets of its own namespace: try each namespace's presets in turn.
        const byNamespace = [...new Set(networks.map((n) => n.chainNamespace))].map((ns) =>
          networks.filter((n) => n.chainNamespace === ns),
        )
        // Its own namespace's presets first (Polkadot's also needs the app name its extensions show).
        const attempts: unknown[][] = isAdapter
          ? [
              ...byNamespace.flatMap((group) => [
                [{ networks: group }],
                [{ networks: group, appName: 'Portico SSR' }],
              ]),
              [],
              [{ appName: 'Portico SSR' }],
            ]
          : [[]]
        let made: unknown
        for (const args of attempts) {
          try {
            const candidate = (value as (...a: unknown[]) => unknown)(...args)
            // Presets of another namespace do not count, even when an adapter does not refuse them.
            const given = (args[0] as { networks?: { chainNamespace: string }[] } | undefined)?.networks
            if (given && (candidate as { namespace?: string }).namespace !== given[0]?.chainNamespace)
              continue
            made = candidate
            break
          } catch {
            // Needs options (e.g. networks or a project id): try the next way, else not constructible blind.
          }
        }
        if (made && typeof made === 'object' && 'setup' in made) (isAdapter ? adapters : plugins).push(made)
        else notBuilt.push(`${entry.pkg}:${name}`)
      }
    }
    // Every adapter package takes part in the instance, not just its import.
    expect(notBuilt.filter((n) => adapterFactories.includes(n))).toEqual([])
    expect(adapters.length).toBe(adapterFactories.length)
    const before = touched.length
    const portico = core.createPortico({
      adapters: adapters as import('../index.js').ChainAdapter[],
      plugins: plugins as import('../index.js').Plugin[],
    })
    await Promise.race([portico.ready, new Promise((r) => setTimeout(r, 5_000))])
    const state = portico.getState()
    expect(state.modal.open).toBe(false)
    expect(state.router.view).toBe('Connect')
    const namespaces = (adapters as { namespace: string }[]).map((a) => a.namespace)
    expect(new Set(state.networks.all.map((n) => n.chainNamespace))).toEqual(new Set(namespaces))
    expect(state.connectors.filter((c) => c.installed)).toEqual([])
    expect(touched.slice(before)).toEqual([])
    portico.destroy()
  }, 30_000)
})
