import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_LOCAL_PROJECT, loadConfig, resolveConfig } from './index.js'

describe('gateway configuration', () => {
  it('defaults: loopback, port 8787, SQLite under the data dir, a local project allowing localhost origins', () => {
    const c = resolveConfig({})
    expect(c).toMatchObject({ host: '127.0.0.1', port: 8787, dataDir: '.portico-data', bodyLimit: 65536 })
    expect(c.databaseUrl).toBeUndefined()
    expect(c.projects).toEqual([DEFAULT_LOCAL_PROJECT])
  })

  it('the file is read first, then PORT / HOST / DATABASE_URL / PORTICO_DATA_DIR / LOG_LEVEL override it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-config-'))
    const file = join(dir, 'c.json')
    writeFileSync(
      file,
      JSON.stringify({
        port: 9000,
        logLevel: 'warn',
        projects: [{ id: 'p', name: 'P', allowedOrigins: [] }],
      }),
    )
    const c = loadConfig(['--config', file], {
      PORT: '0',
      DATABASE_URL: 'postgres://x@127.0.0.1/db',
      LOG_LEVEL: 'error',
    })
    expect(c.port).toBe(0)
    expect(c.databaseUrl).toBe('postgres://x@127.0.0.1/db')
    expect(c.logLevel).toBe('error')
    expect(c.projects.map((p) => p.id)).toEqual(['p'])
    expect(loadConfig([], { PORTICO_CONFIG: file }).port).toBe(9000)
  })

  it('invalid files and values fail with a ConfigError that names the problem', () => {
    expect(() => resolveConfig({ port: 'x' })).toThrow(/\/port/)
    expect(() => resolveConfig({}, { PORT: '99999' })).toThrow(ConfigError)
    expect(() => resolveConfig({ networks: [{ caipNetworkId: 'eth', rpcUrl: 'x' }] })).toThrow(
      /caipNetworkId/,
    )
    const dup = { id: 'a', name: 'A', allowedOrigins: [] }
    expect(() => resolveConfig({ projects: [dup, dup] })).toThrow(/duplicate project id a/)
    expect(() => loadConfig(['--config', '/nonexistent.json'], {})).toThrow(/cannot read/)
    const dir = mkdtempSync(join(tmpdir(), 'portico-config-'))
    writeFileSync(join(dir, 'bad.json'), '{ nope')
    expect(() => loadConfig(['--config', join(dir, 'bad.json')], {})).toThrow(/not valid JSON/)
  })

  it('networks may be Solana: solana:<genesis-hash prefix>, RPC URL and SPL tokens by mint', () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const c = resolveConfig({
      networks: [
        { caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:8545' },
        {
          caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          rpcUrl: 'http://127.0.0.1:8899',
          tokens: [{ mint, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
        },
      ],
    })
    expect(c.networks.map((n) => n.caipNetworkId)).toEqual([
      'eip155:31337',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ])
    const bad = (tokens: unknown[]) => () =>
      resolveConfig({
        networks: [{ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'x', tokens }],
      })
    expect(bad([{ mint: '0x12', symbol: 'X', decimals: 6 }])).toThrow(/\/networks\/0\/tokens\/0\/mint/)
    expect(bad([{ mint, symbol: 'X' }])).toThrow(/decimals/)
    expect(() => resolveConfig({ networks: [{ caipNetworkId: 'solana:0OIl', rpcUrl: 'x' }] })).toThrow(
      /caipNetworkId/,
    )
    const sol = { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'x' }
    expect(() => resolveConfig({ networks: [sol, sol] })).toThrow(/duplicate network solana:5eyk/)
  })

  it('--devnet adds the anvil chains and the local SVM from devnet.json; configured networks win', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-config-'))
    const sol = 'solana:8sQ1xSEbMmCbNT9Ym5ZFMjddpnx2h5Hr'
    writeFileSync(
      join(dir, 'devnet.json'),
      JSON.stringify({
        services: {
          evm: {
            chains: [
              { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
              { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
            ],
            fixtures: {
              multicall3: `0x${'ca11'.repeat(10)}`,
              tokens: [{ address: `0x${'1'.repeat(40)}`, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
            },
          },
          solana: {
            rpcUrl: 'http://127.0.0.1:8899',
            caipNetworkId: sol,
            fixtures: { splMint: { mint: '1'.repeat(32), symbol: 'PUSD', name: 'Portico USD', decimals: 6 } },
          },
          bitcoin: {
            esploraUrl: 'http://127.0.0.1:3002',
            caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
          },
        },
      }),
    )
    writeFileSync(
      join(dir, 'c.json'),
      JSON.stringify({ networks: [{ caipNetworkId: 'eip155:31338', rpcUrl: 'http://127.0.0.1:9999' }] }),
    )
    const c = loadConfig(['--config', join(dir, 'c.json'), '--devnet', 'devnet.json'], {}, dir)
    const url = (n: (typeof c.networks)[number]) => ('esploraUrl' in n ? n.esploraUrl : n.rpcUrl)
    expect(c.networks.map((n) => [n.caipNetworkId, url(n)])).toEqual([
      ['eip155:31338', 'http://127.0.0.1:9999'],
      ['eip155:31337', 'http://127.0.0.1:8545'],
      [sol, 'http://127.0.0.1:8899'],
      ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', 'http://127.0.0.1:3002'],
    ])
    expect(c.networks[2]).toMatchObject({ tokens: [{ mint: '1'.repeat(32), symbol: 'PUSD', decimals: 6 }] })
    // The anvil chains the devnet adds are indexed (history and NFTs), from block 0 following the head.
    expect(c.networks[1]).toMatchObject({ indexer: { enabled: true, fromBlock: 0, confirmations: 0 } })
    // A network the configuration names keeps its own settings (here: no indexer).
    expect(c.networks[0]).not.toHaveProperty('indexer')
    // Without a path: the nearest .portico/devnet.json above cwd (here: none) → a ConfigError naming the fix.
    const empty = mkdtempSync(join(tmpdir(), 'portico-config-'))
    expect(() => loadConfig(['--devnet'], {}, empty)).toThrow(/portico-devnet start/)
  })
})
