import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = dirname(fileURLToPath(import.meta.url))
/** The login methods and wallet rooms: each may use `core/` (and `config.ts`), never one another. */
const ROOMS = ['email', 'social', 'farcaster', 'account', 'recovery', 'share'] as const

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return sources(p)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : []
  })
}

/** Every relative import (value or type, static or dynamic, and re-exports) of a file, resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string)
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')))
}

const files = sources(ROOT)
const graph = new Map(files.map((f) => [f, importsOf(f).filter((i) => i.startsWith(ROOT))]))
const room = (f: string) => relative(ROOT, f).split('/')[0] as string

describe('the auth rooms (issue 29: one auth/ folder, a session core, no cycles)', () => {
  it('parses a real graph: every room has files and imports core', () => {
    for (const r of [...ROOMS, 'core']) expect(files.some((f) => room(f) === r)).toBe(true)
    for (const r of ROOMS)
      expect(files.some((f) => room(f) === r && graph.get(f)?.some((i) => room(i) === 'core'))).toBe(true)
  })

  it('every import inside auth/ names a file that exists', () => {
    for (const [f, deps] of graph)
      for (const d of deps) expect(files, `${relative(ROOT, f)} → ${d}`).toContain(d)
  })

  it('core imports no login method or wallet room', () => {
    for (const [f, deps] of graph)
      if (room(f) === 'core')
        for (const d of deps) expect(['core', 'config.ts'], `${relative(ROOT, f)}`).toContain(room(d))
  })

  it('no room imports another room (only core, config.ts and itself)', () => {
    for (const [f, deps] of graph) {
      const r = room(f)
      if (!(ROOMS as readonly string[]).includes(r)) continue
      for (const d of deps)
        expect(['core', 'config.ts', r], `${relative(ROOT, f)} → ${relative(ROOT, d)}`).toContain(room(d))
    }
  })

  it('the import graph has no cycle', () => {
    const state = new Map<string, 'open' | 'done'>()
    const cycles: string[] = []
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(ROOT, p)).join(' → '))
        return
      }
      state.set(f, 'open')
      for (const d of graph.get(f) ?? []) visit(d, [...path, f])
      state.set(f, 'done')
    }
    for (const f of files) visit(f, [])
    expect(cycles).toEqual([])
  })
})
