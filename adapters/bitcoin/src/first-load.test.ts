import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = dirname(fileURLToPath(import.meta.url))

/**
 * What a bundler puts in the first load from `entry`: the modules reached by static imports
 * and re-exports (not `import type`, not `import()`), and the packages they import.
 */
function staticGraph(entry: string): { modules: string[]; packages: string[] } {
  const seen = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    const re = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm
    for (const m of text.matchAll(re)) {
      if (m[2]) continue
      const spec = m[3]!
      if (!spec.startsWith('.')) {
        packages.add(spec)
        continue
      }
      const target = resolve(dirname(file), spec).replace(/\.js$/, '.ts')
      if (existsSync(target)) visit(target)
    }
  }
  visit(entry)
  return { modules: [...seen].map((f) => relative(SRC, f)).sort(), packages: [...packages].sort() }
}

// Issue 31: a page that registers the Bitcoin adapter loads its registration, address checks and
// Esplora reads up front; bitcoinjs-lib (PSBTs, messages) loads with the first send or signature.
describe('first load of @portico/adapter-bitcoin', () => {
  const graph = staticGraph(join(SRC, 'index.ts'))

  it('reaches neither bitcoinjs-lib nor a secp256k1 backend', () => {
    expect(graph.packages.filter((p) => /bitcoinjs-lib|secp256k1|@noble\/curves|bip174/.test(p))).toEqual([])
  })

  it('reaches no PSBT or message module (they are the adapter runtime, an import() away)', () => {
    expect(
      graph.modules.filter((m) =>
        /^(psbt|message)\/|adapter\/(send|payment|sign-psbt|sign-message|runtime)\.ts$|address\/script\.ts$/.test(
          m,
        ),
      ),
    ).toEqual([])
  })

  it('the /psbt entry has them (servers, signers, tests import from there)', () => {
    const psbt = staticGraph(join(SRC, 'psbt/entry.ts'))
    expect(psbt.packages).toContain('bitcoinjs-lib')
  })
})
