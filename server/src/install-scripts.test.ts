import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const dir = join(import.meta.dirname, '..', 'scripts')

describe('install scripts', () => {
  it('every package an install script runs through npx is pinned to an exact version', () => {
    const runs: string[] = []
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs'))) {
      const text = readFileSync(join(dir, file), 'utf8')
      const constants = new Map([...text.matchAll(/const (\w+) = '([^']+)'/g)].map((m) => [m[1]!, m[2]!]))
      for (const call of text.matchAll(/spawnSync\('npx', \[([^\]]*)\]/g)) {
        const args = call[1]!.split(',').map((a) => a.trim())
        const pkg = args.find((a) => a !== "'-y'" && a !== "'--yes'")!
        runs.push(pkg.startsWith("'") ? pkg.slice(1, -1) : (constants.get(pkg) ?? pkg))
      }
    }
    expect(runs.length).toBeGreaterThan(0)
    for (const spec of runs) expect(spec, spec).toMatch(/^(@[\w.-]+\/)?[\w.-]+@\d+\.\d+\.\d+$/)
  })
})
