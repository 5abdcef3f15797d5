import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

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
describe('first load of @portico/react', () => {
  const graph = staticGraph(join(ROOT, 'ui-react/src/index.ts'))

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
})
