#!/usr/bin/env node
// The API reference: TypeDoc over every published package's entry points (the `source`
// condition of each `exports` entry), into docs/api/ (generated, not checked in).
//
//   node scripts/api-docs.mjs            build docs/api/ (HTML)
//   node scripts/api-docs.mjs --check    convert without writing HTML and fail on any validation
//                                        warning: an export without a doc comment, a broken
//                                        {@link}, a type that is used but not exported
//
// Why TypeDoc and not API Extractor: TypeDoc reads the TypeScript sources as they are (no
// .d.ts rollup per package, no per-package config) and validates links and missing comments
// itself (`validation` + `treatValidationWarningsAsErrors`).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const check = process.argv.includes('--check')
const work = join(root, '.portico/api-docs')

/** Published (non-private) workspace packages: `{ dir, name, entries: [{ subpath, file }] }`. */
export function publishedPackages() {
  const globs = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split('packages:')[1]
    .split('\n')
    .map((l) => /^\s+-\s+(\S+)/.exec(l)?.[1])
    .filter(Boolean)
  const dirs = globs.flatMap((g) =>
    g.endsWith('/*') ? readdirSync(join(root, g.slice(0, -2))).map((d) => `${g.slice(0, -2)}/${d}`) : [g],
  )
  const out = []
  for (const dir of dirs) {
    const file = join(root, dir, 'package.json')
    if (!existsSync(file)) continue
    const pkg = JSON.parse(readFileSync(file, 'utf8'))
    if (pkg.private) continue
    const entries = Object.entries(pkg.exports ?? {})
      .filter(([, v]) => typeof v === 'object' && v && typeof v.source === 'string')
      .map(([subpath, v]) => ({ subpath, file: join(dir, v.source) }))
    out.push({ dir, name: pkg.name, entries })
  }
  return out
}

function main() {
  // `--only @portico/html,@portico/core`: a quicker run over some packages (while adding comments).
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice(7)
    .split(',')
  const packages = publishedPackages().filter((p) => !only || only.includes(p.name))
  mkdirSync(work, { recursive: true })
  const rel = (p) => relative(work, join(root, p))
  // One program over the published packages' sources (tests and test helpers left out).
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: rel('tsconfig.base.json'),
        compilerOptions: { noEmit: true, types: ['node', 'vite/client'] },
        include: packages.map((p) => rel(`${p.dir}/src`)),
        exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test-helpers/**', '**/fuzz/**', '**/node_modules/**'],
      },
      null,
      2,
    ),
  )
  const entryPoints = packages.flatMap((p) => p.entries.map((e) => join(root, e.file)))
  const options = {
    $schema: 'https://typedoc.org/schema.json',
    name: 'Portico API',
    entryPoints,
    entryPointStrategy: 'resolve',
    tsconfig: join(work, 'tsconfig.json'),
    out: join(root, 'docs/api'),
    readme: 'none',
    excludePrivate: true,
    excludeInternal: true,
    excludeExternals: true,
    disableSources: true,
    githubPages: false,
    validation: {
      notExported: false,
      invalidLink: true,
      rewrittenLink: true,
      notDocumented: true,
      unusedMergeModuleWith: true,
    },
    requiredToBeDocumented: ['Enum', 'Variable', 'Function', 'Class', 'Interface', 'TypeAlias'],
    treatValidationWarningsAsErrors: check,
    // The check only validates: `npm test` type-checks the sources in its own step and needs no HTML.
    ...(check ? { emit: 'none', skipErrorChecking: true } : {}),
    treatWarningsAsErrors: false,
    logLevel: 'Warn',
    plugin: [join(import.meta.dirname, 'typedoc-package-names.mjs')],
  }
  writeFileSync(join(work, 'typedoc.json'), JSON.stringify(options, null, 2))
  // TypeDoc names a module by its folder (`core/src/dev-wallet`); the plugin renames it to the import path.
  const names = Object.fromEntries(
    packages.flatMap((p) =>
      p.entries.map((e) => [e.file.replace(/\/index\.tsx?$/, ''), p.name + e.subpath.slice(1)]),
    ),
  )
  const typedoc = join(root, 'node_modules/typedoc/bin/typedoc')
  const r = spawnSync(process.execPath, [typedoc, '--options', join(work, 'typedoc.json')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORTICO_API_MODULE_NAMES: JSON.stringify(names) },
  })
  if (r.status === 0 && !check) console.log(`API reference: ${relative(root, options.out)}/index.html`)
  return r.status ?? 1
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main())
