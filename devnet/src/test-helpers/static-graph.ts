import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'

/**
 * What a bundler puts in the first load from `entry` (a TypeScript source
 * file): the modules reached by static imports and re-exports (not
 * `import type`, not `import()`), relative to `root`, and the packages they
 * import. esbuild keeps a module in the first load as soon as the entry
 * reaches it this way, even through a re-export nothing calls, so this is the
 * graph first-load tests check (issue 31).
 */
export function staticGraph(entry: string, root: string): { modules: string[]; packages: string[] } {
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
  return { modules: [...seen].map((f) => relative(root, f)).sort(), packages: [...packages].sort() }
}
