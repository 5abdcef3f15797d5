import {
  assetFixture,
  createAssetFixture,
  fundingStorage,
  POLKADOT_LOCAL_CAIP_NETWORK_ID,
  POLKADOT_LOCAL_GENESIS_HASH,
  POLKADOT_LOCAL_SS58_PREFIX,
  type PolkadotFixtures,
  polkadotDevAccounts,
} from './fixtures.js'

export interface StartPolkadotDevnetOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** chopsticks' log level (pino) when `LOG_LEVEL` is not set; default `warn`. */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error'
}

export interface PolkadotDevnet {
  /** `ws://127.0.0.1:<port>` (what `@polkadot/api`'s WsProvider takes). */
  wsUrl: string
  /** Same server over HTTP JSON-RPC. */
  httpUrl: string
  port: number
  /** The placeholder genesis hash chopsticks reports (`0x45…45`). */
  genesisHash: string
  caipNetworkId: string
  ss58Prefix: number
  fixtures: PolkadotFixtures
  stop(): Promise<void>
}

/**
 * Starts chopsticks on 127.0.0.1 from the raw Rococo Asset Hub chain spec that
 * `@substrate/connect-known-chains` ships (a real runtime, executed in wasm),
 * in instant block mode: every submitted extrinsic is included in its own
 * block at once. Dev accounts are funded through `import-storage`, then Alice
 * creates the Assets-pallet fixture with a real signed extrinsic.
 *
 * @example
 * const dot = await startPolkadotDevnet()
 * const api = await ApiPromise.create({ provider: new WsProvider(dot.wsUrl) })
 * afterAll(() => dot.stop())
 */
export async function startPolkadotDevnet(opts: StartPolkadotDevnetOptions = {}): Promise<PolkadotDevnet> {
  // chopsticks reads LOG_LEVEL once, when its logger module loads.
  process.env.LOG_LEVEL ??= opts.logLevel ?? 'warn'
  const [{ chainSpec }, chopsticks] = await Promise.all([
    import('@substrate/connect-known-chains/rococo_v2_2_asset_hub'),
    import('@acala-network/chopsticks'),
  ])
  const devAccounts = await polkadotDevAccounts(POLKADOT_LOCAL_SS58_PREFIX)
  const server = await chopsticks.setupWithServer({
    genesis: JSON.parse(chainSpec),
    host: '127.0.0.1',
    port: opts.port ?? 0,
    'build-block-mode': chopsticks.BuildBlockMode.Instant,
    'import-storage': fundingStorage(devAccounts),
  } as Parameters<typeof chopsticks.setupWithServer>[0])
  const port = Number(server.addr.split(':').at(-1))
  const wsUrl = `ws://127.0.0.1:${port}`
  try {
    const asset = assetFixture(devAccounts[0]!)
    await createAssetFixture(wsUrl, asset)
    return {
      wsUrl,
      httpUrl: `http://127.0.0.1:${port}`,
      port,
      genesisHash: POLKADOT_LOCAL_GENESIS_HASH,
      caipNetworkId: POLKADOT_LOCAL_CAIP_NETWORK_ID,
      ss58Prefix: POLKADOT_LOCAL_SS58_PREFIX,
      fixtures: { devAccounts, asset },
      stop: () => server.close(),
    }
  } catch (error) {
    await server.close()
    throw error
  }
}
