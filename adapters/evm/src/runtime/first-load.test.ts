import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter.js'
import { createWindowStub } from '../dev-wallet/index.js'
import { anvil31337 } from '../networks/index.js'
import { EvmClientNotLoadedError } from '../provider/index.js'
import { createTestContext } from '../test-helpers/context.js'

const SRC = join(import.meta.dirname, '..')
const VIEM_AND_DEPS =
  /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(viem|ox|abitype|@noble\/[^/]+|@scure\/[^/]+)\//

/** Bundles a small app the way the bundle benchmark does (esbuild, ESM, splitting, minified). */
async function bundle(app: string) {
  const { metafile, outputFiles } = await build({
    stdin: { contents: app, resolveDir: SRC, loader: 'ts', sourcefile: 'app.ts' },
    outdir: join(SRC, '.first-load-out'), // nothing is written (write: false)
    write: false,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    conditions: ['source'],
    external: ['@portico/core'],
    metafile: true,
    logLevel: 'silent',
  })
  const text = outputFiles.map((f) => f.text).join('\n')
  return { ...chunks(metafile), text }
}

/** Input packages of the initial chunks (the entry + its static imports) and of the lazy ones. */
function chunks(meta: Metafile) {
  // The app's own chunk: each `await import()` target is an entry point of the metafile too.
  const entry = Object.keys(meta.outputs).find((k) =>
    /(^|\/)app\.ts$/.test(meta.outputs[k]?.entryPoint ?? ''),
  )!
  const initial = new Set<string>()
  const visit = (k: string) => {
    if (initial.has(k)) return
    initial.add(k)
    for (const imp of meta.outputs[k]?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path)
  }
  visit(entry)
  const inputs = (keys: string[]) =>
    keys.flatMap((k) => Object.entries(meta.outputs[k]?.inputs ?? {}).filter(([, v]) => v.bytesInOutput > 0))
  const packages = (list: [string, unknown][]) =>
    [...new Set(list.map(([input]) => VIEM_AND_DEPS.exec(input)?.[1]).filter(Boolean))].sort()
  const lazyKeys = Object.keys(meta.outputs).filter((k) => k.endsWith('.js') && !initial.has(k))
  const initialInputs = inputs([...initial])
  return {
    initialViem: packages(initialInputs),
    initialFiles: initialInputs.map(([input]) => input),
    lazyViem: packages(inputs(lazyKeys)),
    lazyFiles: inputs(lazyKeys).map(([input]) => input),
  }
}

describe('viem loads on first use, not with the page', () => {
  it('an app that creates the adapter, sets it up and reads presets bundles no viem code in its initial chunk', async () => {
    const app = `
      import * as evm from './index.ts'
      import { evmAdapter, mainnet, base, anvil31337, defineEvmNetwork, withRpcUrls, parseEvmChainId } from './index.ts'
      globalThis.everything = evm // every export of the entry, used or not
      const local = withRpcUrls(defineEvmNetwork({ id: 5, name: 'x', rpcUrls: ['http://127.0.0.1:1'] }), ['http://127.0.0.1:2'])
      const adapter = evmAdapter({ networks: [mainnet, base, anvil31337, local] })
      adapter.setup(globalThis.ctx)
      globalThis.out = [adapter, adapter.getConnectors(), adapter.parseUnits('1', 18), parseEvmChainId('eip155:1')]
      globalThis.later = () => Promise.all([adapter.connect({ connectorId: 'x' }), adapter.getBalance({ address: '0x', caipNetworkId: 'eip155:1' })])
    `
    const { initialViem, initialFiles, lazyViem, lazyFiles } = await bundle(app)
    expect(initialViem).toEqual([])
    expect(initialFiles.some((f) => f.endsWith('adapter.ts'))).toBe(true)
    expect(initialFiles.some((f) => /runtime\/(runtime|balances)\.ts$/.test(f))).toBe(false)
    expect(initialFiles.some((f) => f.endsWith('transport/transport.ts'))).toBe(false)
    // What the adapter loads later: viem and its dependencies, in the lazy chunk.
    expect(lazyViem).toEqual(expect.arrayContaining(['viem', 'ox', 'abitype']))
    expect(lazyFiles.some((f) => f.endsWith('runtime/balances.ts'))).toBe(true)
    expect(lazyFiles.some((f) => f.endsWith('transport/transport.ts'))).toBe(true)
  })

  it('presets the app does not import are dropped (pure calls)', async () => {
    const { text, initialViem } = await bundle(`
      import { evmAdapter, mainnet } from './index.ts'
      globalThis.adapter = evmAdapter({ networks: [mainnet] })
    `)
    expect(initialViem).toEqual([])
    expect(text).toContain('https://eth.merkle.io')
    for (const url of ['sepolia.drpc.org', 'mainnet.base.org', 'rpc.linea.build', '127.0.0.1:8546']) {
      expect(text).not.toContain(url)
    }
  })

  it('an app that builds its own client from the ./transport entry gets viem in its initial chunk', async () => {
    const { initialViem } = await bundle(`
      import { mainnet } from './index.ts'
      import { createEvmPublicClient } from './transport/index.ts'
      globalThis.client = createEvmPublicClient(mainnet)
    `)
    expect(initialViem).toContain('viem')
  })

  it('getPublicClient throws a typed error until the adapter has loaded viem; loadPublicClient loads it once per adapter', async () => {
    const adapter = evmAdapter({ networks: [anvil31337], window: createWindowStub() })
    adapter.setup(createTestContext({ isBrowser: true }).ctx)
    expect(() => adapter.getPublicClient('eip155:31337')).toThrow(EvmClientNotLoadedError)
    expect(() => adapter.getPublicClient('eip155:1')).toThrow(/Network not found|not found/i)
    await expect(adapter.loadPublicClient('eip155:1')).rejects.toThrow(/not found/i)
    const [a, b] = await Promise.all([
      adapter.loadPublicClient('eip155:31337'),
      adapter.loadPublicClient('eip155:31337'),
    ])
    expect(a).toBe(b)
    expect(adapter.getPublicClient('eip155:31337')).toBe(a)
    expect(a.chain?.id).toBe(31337)
    // Another adapter keeps its own clients.
    const other = evmAdapter({ networks: [anvil31337] })
    expect(() => other.getPublicClient('eip155:31337')).toThrow(EvmClientNotLoadedError)
    expect(await other.loadPublicClient('eip155:31337')).not.toBe(a)
    adapter.destroy?.()
    other.destroy?.()
  })
})
