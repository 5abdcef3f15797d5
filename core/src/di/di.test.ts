import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createPortico } from '../portico/index.js'
import { createMemoryStorage } from '../storage/index.js'
import { createInstanceContainer, registerSingleton, TOKENS } from './index.js'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const ROOT = resolve(HERE, '../../..')

function sourceFiles(dir: string, out: string[] = []): string[] {
  let names: string[] = []
  try {
    names = readdirSync(dir)
  } catch {
    return out
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sourceFiles(path, out)
    else if (/\.(ts|tsx|js|mjs)$/.test(name)) out.push(path)
  }
  return out
}

describe('DI: one tsyringe child container per instance', () => {
  it('singletons are per container; nothing is registered on the root container', async () => {
    // Imported here: tsyringe needs the Reflect shim that ./index.js loads first.
    const { container } = await import('tsyringe')
    const a = createInstanceContainer()
    const b = createInstanceContainer()
    registerSingleton(a, TOKENS.Logger, () => ({ id: 'a' }))
    registerSingleton(b, TOKENS.Logger, () => ({ id: 'b' }))
    expect(a.resolve(TOKENS.Logger)).toBe(a.resolve(TOKENS.Logger))
    expect(a.resolve(TOKENS.Logger)).not.toBe(b.resolve(TOKENS.Logger))
    createPortico({ storage: createMemoryStorage() })
    for (const token of Object.values(TOKENS)) expect(container.isRegistered(token)).toBe(false)
  })

  it('the plugin context exposes the instance container with the services registered by token', async () => {
    let resolved: unknown
    const portico = createPortico({
      storage: createMemoryStorage(),
      plugins: [
        {
          id: 'probe',
          setup: (ctx) => {
            resolved = (ctx.container as { resolve(token: symbol): unknown }).resolve(TOKENS.Router)
          },
        },
      ],
    })
    await portico.ready
    expect(resolved).toBe(portico.router)
  })

  it('no package ships the reflect-metadata polyfill: core/src/di/reflect.ts defines what tsyringe reads', () => {
    const dirs = ['core/src', 'adapters', 'plugins', 'ui-react/src', 'server/src', 'examples', 'bridges']
    const importers = dirs
      .flatMap((d) => sourceFiles(join(ROOT, d)))
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) =>
        /from\s+['"]reflect-metadata['"]|import\s+['"]reflect-metadata['"]/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(ROOT, file))
    expect(importers).toEqual([])
    const pkg = JSON.parse(readFileSync(join(ROOT, 'core/package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(Object.keys(pkg.dependencies)).not.toContain('reflect-metadata')
  })

  it('the Reflect shim: metadata defined on a class is read back, also through a subclass (getMetadata walks prototypes)', async () => {
    await import('./index.js')
    const R = Reflect as unknown as {
      defineMetadata(k: unknown, v: unknown, t: object): void
      getOwnMetadata(k: unknown, t: object): unknown
      getMetadata(k: unknown, t: object): unknown
      metadata(k: unknown, v: unknown): (t: object) => void
    }
    class Base {}
    class Child extends Base {}
    R.defineMetadata('design:paramtypes', [String], Base)
    expect(R.getOwnMetadata('design:paramtypes', Base)).toEqual([String])
    expect(R.getOwnMetadata('design:paramtypes', Child)).toBeUndefined()
    expect(R.getMetadata('design:paramtypes', Child)).toEqual([String])
    R.metadata('injectionTokens', { 0: 'token' })(Child)
    expect(R.getOwnMetadata('injectionTokens', Child)).toEqual({ 0: 'token' })
  })

  it('tsyringe builds a class from the tokens its constructor is given (no decorator metadata needed)', async () => {
    const { inject, injectable } = await import('tsyringe')
    const c = createInstanceContainer()
    registerSingleton(c, TOKENS.Logger, () => ({ id: 'logger' }))
    class NeedsLogger {
      constructor(readonly logger: { id: string }) {}
    }
    // What `@injectable()` + `@inject(TOKENS.Logger)` do on a compiled class.
    inject(TOKENS.Logger)(NeedsLogger, undefined, 0)
    injectable()(NeedsLogger)
    expect(c.resolve(NeedsLogger).logger.id).toBe('logger')
  })

  it('package.json lists the reflect module as the only side-effect files', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'core/package.json'), 'utf8')) as { sideEffects: string[] }
    expect(pkg.sideEffects).toEqual(['./src/di/reflect.ts', './dist/di/reflect.js'])
  })
})
