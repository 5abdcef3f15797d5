#!/usr/bin/env node
// Type-checks the code the docs show, so a renamed API breaks `npm test`, not the reader.
//
// Every ```ts / ```tsx block of README.md, CONTRIBUTING.md and docs/*.md is written to
// .portico/doc-snippets/<file>-<n>.ts(x) as a module of its own and compiled in one tsc
// program with the repo's base options, importing the workspace packages as an
// integrator would (node_modules/@portico/* links to the packages, resolved through their
// `source` condition). A snippet may state what it assumes with `declare const x: T`.
// A block preceded by `<!-- snippet: skip (reason) -->` is not checked: keep those few,
// and say why in the reason.
//
//   node scripts/check-doc-snippets.mjs          check (exit 1 with tsc's errors, mapped to the .md line)
//   node scripts/check-doc-snippets.mjs --list   print the blocks found
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const out = join(root, '.portico/doc-snippets')

/**
 * Guides whose snippets are not checked yet: they are sketches (fragments with `…`) being
 * rewritten in another branch; check them once their blocks are whole programs.
 */
const NOT_YET_CHECKED = new Set(['docs/writing-adapters.md', 'docs/performance.md'])

/** The Markdown files whose snippets are checked. */
export function docFiles() {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md') && !NOT_YET_CHECKED.has(`docs/${f}`))
    .map((f) => `docs/${f}`)
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((f) => existsSync(join(root, f)))
}

const FENCE = /^(\s*)```(ts|tsx|typescript)\s*$/
const SKIP = /^\s*<!--\s*snippet:\s*skip\b(.*?)-->\s*$/

/** The ```ts / ```tsx blocks of one Markdown text: `{ lang, line, code, skip }` (line is 1-based, of the first code line). */
export function extractSnippets(text) {
  const lines = text.split('\n')
  const blocks = []
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i])
    if (!open) continue
    const indent = open[1].length
    const body = []
    let j = i + 1
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]); j++) body.push(lines[j].slice(indent))
    let k = i - 1
    while (k >= 0 && lines[k].trim() === '') k--
    const skip = k >= 0 ? SKIP.exec(lines[k]) : null
    blocks.push({
      lang: open[2] === 'tsx' ? 'tsx' : 'ts',
      line: i + 2,
      code: body.join('\n'),
      skip: skip ? skip[1].trim() || 'no reason given' : undefined,
    })
    i = j
  }
  return blocks
}

/** Workspace packages by name → folder, from pnpm-workspace.yaml's globs (one level of `*`). */
function workspacePackages() {
  const globs = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split('packages:')[1]
    .split('\n')
    .map((l) => /^\s+-\s+(\S+)/.exec(l)?.[1])
    .filter(Boolean)
  const dirs = globs.flatMap((g) =>
    g.endsWith('/*') ? readdirSync(join(root, g.slice(0, -2))).map((d) => `${g.slice(0, -2)}/${d}`) : [g],
  )
  const byName = new Map()
  for (const dir of dirs) {
    const pkg = join(root, dir, 'package.json')
    if (existsSync(pkg)) byName.set(JSON.parse(readFileSync(pkg, 'utf8')).name, join(root, dir))
  }
  return byName
}

/** The package a bare specifier names (`@scope/x/sub` → `@scope/x`). */
function packageOf(spec) {
  const parts = spec.split('/')
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/** Links node_modules/<name> to the first copy a workspace package has installed (or the workspace package itself). */
function linkDependencies(names, workspace) {
  const nm = join(out, 'node_modules')
  const missing = []
  for (const name of names) {
    let target = workspace.get(name)
    if (!target) {
      for (const dir of [root, ...workspace.values()]) {
        const candidate = join(dir, 'node_modules', name)
        if (existsSync(join(candidate, 'package.json'))) {
          target = candidate
          break
        }
      }
    }
    if (!target) {
      if (!name.startsWith('@types/')) missing.push(name)
      continue
    }
    const link = join(nm, name)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(target, link, 'dir')
  }
  return missing
}

function main() {
  const list = process.argv.includes('--list')
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const files = new Map() // snippet file → { md, line }
  const specifiers = new Set(['react'])
  let skipped = 0
  for (const md of docFiles()) {
    const blocks = extractSnippets(readFileSync(join(root, md), 'utf8'))
    blocks.forEach((b, n) => {
      if (list) console.log(`${md}:${b.line} ${b.lang}${b.skip ? ` (skip: ${b.skip})` : ''}`)
      if (b.skip) {
        skipped++
        return
      }
      const name = `${md.replace(/[/.]/g, '_')}-${n + 1}.${b.lang}`
      // `export {}` makes every block a module: its names never clash with another block's.
      writeFileSync(join(out, name), `${b.code}\nexport {}\n`)
      files.set(name, { md, line: b.line })
      for (const m of b.code.matchAll(
        /\bfrom\s+['"]([^'".][^'"]*)['"]|\bimport\(\s*['"]([^'".][^'"]*)['"]/g,
      )) {
        specifiers.add(packageOf(m[1] ?? m[2]))
      }
    })
  }
  if (list) return 0
  const workspace = workspacePackages()
  const names = [...specifiers].filter((s) => !s.startsWith('node:'))
  const typeNames = names.map((n) => `@types/${n.startsWith('@') ? n.slice(1).replace('/', '__') : n}`)
  const missing = linkDependencies([...names, ...typeNames], workspace)
  if (missing.length) {
    console.error(`doc snippets import packages no workspace package has installed: ${missing.join(', ')}`)
    return 1
  }
  writeFileSync(
    join(out, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: relative(out, join(root, 'tsconfig.base.json')),
        compilerOptions: { noEmit: true, types: ['node'], noUnusedLocals: false },
        include: ['*.ts', '*.tsx'],
      },
      null,
      2,
    ),
  )
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  const r = spawnSync(process.execPath, [tsc, '-p', out, '--pretty', 'false'], { cwd: out, encoding: 'utf8' })
  const output = `${r.stdout}${r.stderr}`
  // Point each error at the Markdown line it comes from.
  const mapped = output.replace(/^([\w.-]+\.tsx?)\((\d+),(\d+)\)/gm, (all, file, line, col) => {
    const at = files.get(file)
    return at ? `${at.md}:${at.line + Number(line) - 1}:${col}` : all
  })
  if (r.status !== 0) {
    process.stdout.write(mapped.endsWith('\n') ? mapped : `${mapped}\n`)
    console.error(`doc snippets: tsc failed (${files.size} checked, ${skipped} skipped)`)
    return r.status ?? 1
  }
  console.log(`doc snippets: ${files.size} type-checked, ${skipped} skipped (marked)`)
  return 0
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main())
