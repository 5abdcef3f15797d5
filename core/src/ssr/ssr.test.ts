/**
 * SSR (ARCHITECTURE, STYLE §13): every publishable workspace package is
 * imported under Node with no DOM, and an instance is created. Importing must
 * not touch window, document, storage or the network. Packages are found by
 * globbing the workspace's package.json files, so new packages are covered
 * automatically.
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

function publishableEntries(): Entry[] {
  const entries: Entry[] = []
  for (const dir of workspaceDirs()) {
    let pkg: { name?: string; private?: boolean; exports?: Record<string, unknown> }
    try {
      pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    } catch {
      continue
    }
    if (pkg.private || !pkg.name || !pkg.exports) continue
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      if (subpath.endsWith('.json') || !target || typeof target !== 'object') continue
      const source = (target as { source?: string }).source
      // An entry whose source file is not written yet is skipped (packages land over time).
      if (source && existsSync(join(dir, source)))
        entries.push({ pkg: pkg.name, subpath, file: join(dir, source) })
    }
  }
  return entries
}

const entries = publishableEntries()
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
  it('finds the workspace packages (core at least)', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
    expect(entries.map((e) => e.pkg)).toContain('@portico/core')
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
    // Adapter and plugin factories of the imported packages that work with no arguments.
    const adapters: unknown[] = []
    const plugins: unknown[] = []
    for (const { module } of loaded) {
      for (const [name, value] of Object.entries(module)) {
        if (typeof value !== 'function' || name.startsWith('define')) continue
        const isAdapter = /^[a-z]+Adapter$/.test(name)
        const isPlugin = /^[a-z][A-Za-z]*Plugin$/.test(name)
        if (!isAdapter && !isPlugin) continue
        try {
          const made = (value as () => unknown)()
          if (made && typeof made === 'object' && 'setup' in made) (isAdapter ? adapters : plugins).push(made)
        } catch {
          // Needs options (e.g. a project id): not constructible blind.
        }
      }
    }
    const before = touched.length
    const portico = core.createPortico({
      adapters: adapters as import('../index.js').ChainAdapter[],
      plugins: plugins as import('../index.js').Plugin[],
    })
    await Promise.race([portico.ready, new Promise((r) => setTimeout(r, 5_000))])
    const state = portico.getState()
    expect(state.modal.open).toBe(false)
    expect(state.router.view).toBe('Connect')
    expect(state.connectors.filter((c) => c.installed)).toEqual([])
    expect(touched.slice(before)).toEqual([])
    portico.destroy()
  }, 30_000)
})
