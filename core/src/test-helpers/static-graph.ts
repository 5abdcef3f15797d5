import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'

/**
 * The modules a source file reaches through static `import` / `export … from`
 * (type-only ones skipped; `import()` is not followed), relative to `root`:
 * what a bundler that splits by module puts in the first load with it.
 */
export function staticImports(entry: string, root: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(
      /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm,
    )) {
      if (m[1]) continue
      const target = resolve(dirname(file), m[2]!).replace(/\.js$/, '.ts')
      if (existsSync(target)) visit(target)
    }
  }
  visit(entry)
  return [...seen].map((f) => relative(root, f)).sort()
}
