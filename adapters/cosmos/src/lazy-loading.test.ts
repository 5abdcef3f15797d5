import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = fileURLToPath(new URL('.', import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/**
 * Runs a script in a fresh Node process whose module loader records every
 * CosmJS module it loads, and returns the script's output plus that list.
 */
async function withLoadLog(script: string): Promise<{ out: string; cosmjs: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'portico-lazy-'))
  try {
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `export async function load(url, context, next) {
  if (/[/\\\\]@cosmjs[/\\\\]|[/\\\\]cosmjs-types[/\\\\]/.test(url)) process.stderr.write('COSMJS ' + url + '\\n')
  return next(url, context)
}\n`,
    )
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)})\n`,
    )
    writeFileSync(join(dir, 'main.mts'), script)
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile(
        process.execPath,
        [
          '--conditions',
          'source',
          '--import',
          tsx,
          '--import',
          join(dir, 'register.mjs'),
          join(dir, 'main.mts'),
        ],
        { cwd: here, timeout: 60_000 },
        (error, stdout, stderr) =>
          error ? reject(Object.assign(error, { stderr })) : resolve({ stdout, stderr }),
      )
    })
    return { out: stdout, cosmjs: stderr.split('\n').filter((l) => l.startsWith('COSMJS ')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const entry = JSON.stringify(pathToFileURL(join(here, 'index.ts')).href)
const devEntry = JSON.stringify(pathToFileURL(join(here, 'dev-wallet', 'index.ts')).href)
const create = `
const { cosmosAdapter, cosmosLocalHub } = await import(${entry})
const { createCosmosDevWallet } = await import(${devEntry})
const adapter = cosmosAdapter({ networks: [cosmosLocalHub({ rpcUrl: 'http://127.0.0.1:9/r', restUrl: 'http://127.0.0.1:9/x' })] })
const dev = createCosmosDevWallet({ chains: [{ chainId: 'portico-hub-1', bech32Prefix: 'cosmos' }] })
console.log('created', adapter.namespace)
`

describe('CosmJS loads lazily (STYLE: vendor SDKs are imported when first needed)', () => {
  it('importing the adapter and the dev wallet and creating both loads no CosmJS module', async () => {
    const { out, cosmjs } = await withLoadLog(create)
    expect(out).toContain('created cosmos')
    expect(cosmjs).toEqual([])
  }, 120_000)

  it('the first key read loads CosmJS (the loader log does see it)', async () => {
    const { out, cosmjs } = await withLoadLog(
      `${create}\nconsole.log((await dev.keplr.getKey('portico-hub-1')).bech32Address.slice(0, 7))\n`,
    )
    expect(out).toContain('cosmos1')
    expect(cosmjs.some((l) => l.includes('@cosmjs/amino'))).toBe(true)
  }, 120_000)
})
