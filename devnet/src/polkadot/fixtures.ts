// @polkadot/* load on first use: importing @portico/devnet stays light for EVM and Solana tests.

/**
 * Genesis hash the devnet answers. chopsticks started from a raw chain spec
 * has no real block 0 and reports this fixed placeholder (`0x45` × 32), so the
 * CAIP-2 reference is its first 32 hex characters.
 */
export const POLKADOT_LOCAL_GENESIS_HASH = `0x${'45'.repeat(32)}` as const
export const POLKADOT_LOCAL_CAIP_NETWORK_ID = `polkadot:${'45'.repeat(16)}` as const
/** The runtime's `system.ss58Prefix` constant (the 2021 Asset Hub "statemine" runtime says 2). */
export const POLKADOT_LOCAL_SS58_PREFIX = 2
/** Native token of the spec (`properties`): ROC with 12 decimals. */
export const POLKADOT_LOCAL_TOKEN = { symbol: 'ROC', decimals: 12 } as const
/** One ROC in plancks. */
export const ROC = 10n ** 12n

export interface PolkadotDevAccount {
  /** Keyring name: `Alice`, `Bob`… (secret URI `//Alice`). */
  name: string
  uri: string
  /** SS58 with the devnet's prefix (2). */
  address: string
  /** 0x-hex sr25519 public key. */
  publicKey: string
  /**
   * Free balance funded at genesis, in plancks. Alice's is lower once the
   * devnet runs: she paid the asset deposit and the fixture's fee.
   */
  free: bigint
}

export interface PolkadotAssetFixture {
  /** Assets-pallet id. */
  id: number
  name: string
  symbol: string
  decimals: number
  /** Owner / issuer / admin: Alice. */
  owner: string
  minBalance: bigint
  /** Alice's holding (all of the supply). */
  devAmount: bigint
}

export interface PolkadotFixtures {
  /** Funded sr25519 dev accounts; index 0 (Alice) also owns the asset. The last one (Ferdie) holds nothing. */
  devAccounts: PolkadotDevAccount[]
  asset: PolkadotAssetFixture
}

const DEV_FUNDS: [string, bigint][] = [
  ['Alice', 10_000n * ROC],
  ['Bob', 1_000n * ROC],
  ['Charlie', 100n * ROC],
  ['Dave', 100n * ROC],
  ['Eve', 100n * ROC],
  ['Ferdie', 0n],
]

/** The asset fixture: "Portico Dot USD" (PDUSD, 6 decimals), 1234.5 held by Alice. */
export const ASSET_FIXTURE = { id: 1984, name: 'Portico Dot USD', symbol: 'PDUSD', decimals: 6 } as const
const ASSET_DEV_AMOUNT = 1_234_500_000n
const ASSET_MIN_BALANCE = 1_000n

/** The dev accounts (keyring `//Alice`… sr25519), encoded with `ss58Prefix`. */
export async function polkadotDevAccounts(
  ss58Prefix = POLKADOT_LOCAL_SS58_PREFIX,
): Promise<PolkadotDevAccount[]> {
  const [{ Keyring }, { cryptoWaitReady }] = await Promise.all([
    import('@polkadot/keyring'),
    import('@polkadot/util-crypto'),
  ])
  await cryptoWaitReady()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: ss58Prefix })
  return DEV_FUNDS.map(([name, free]) => {
    const pair = keyring.addFromUri(`//${name}`)
    const publicKey = `0x${Buffer.from(pair.publicKey).toString('hex')}`
    return { name, uri: `//${name}`, address: pair.address, publicKey, free }
  })
}

/** chopsticks `import-storage` that funds the dev accounts before block 1 (no extrinsic needed). */
export function fundingStorage(accounts: readonly PolkadotDevAccount[]): Record<string, unknown> {
  return {
    System: {
      Account: accounts
        .filter((a) => a.free > 0n)
        .map((a) => [[a.address], { providers: 1, data: { free: a.free.toString() } }]),
    },
  }
}

export function assetFixture(owner: PolkadotDevAccount): PolkadotAssetFixture {
  return {
    ...ASSET_FIXTURE,
    owner: owner.address,
    minBalance: ASSET_MIN_BALANCE,
    devAmount: ASSET_DEV_AMOUNT,
  }
}

/**
 * Creates the asset on chain the way a user would: Alice signs one
 * `utility.batchAll(assets.create, assets.setMetadata, assets.mint)` through
 * the node's own RPC, so the Assets pallet of the real runtime validates it.
 */
export async function createAssetFixture(wsUrl: string, asset: PolkadotAssetFixture): Promise<void> {
  const [{ ApiPromise, WsProvider }, { Keyring }] = await Promise.all([
    import('@polkadot/api'),
    import('@polkadot/keyring'),
  ])
  const api = await ApiPromise.create({
    provider: new WsProvider(wsUrl),
    noInitWarn: true,
    throwOnConnect: true,
  })
  try {
    const keyring = new Keyring({ type: 'sr25519', ss58Format: api.registry.chainSS58 })
    const alice = keyring.addFromUri('//Alice')
    const batch = api.tx.utility.batchAll([
      api.tx.assets.create(asset.id, alice.address, asset.minBalance),
      api.tx.assets.setMetadata(asset.id, asset.name, asset.symbol, asset.decimals),
      api.tx.assets.mint(asset.id, alice.address, asset.devAmount),
    ])
    // Submit without watching: chopsticks' submit-and-watch can miss the
    // in-block notice under load, so wait for the asset to exist instead.
    await batch.signAndSend(alice)
    const deadline = Date.now() + 60_000
    for (;;) {
      const [details, metadata] = await Promise.all([
        api.query.assets.asset(asset.id),
        api.query.assets.metadata(asset.id),
      ])
      const created = (details as unknown as { isSome: boolean }).isSome
      const named = (metadata as unknown as { symbol: { toUtf8(): string } }).symbol.toUtf8() === asset.symbol
      if (created && named) break
      if (Date.now() > deadline) throw new Error('asset fixture: not created in 60 s')
      await new Promise((r) => setTimeout(r, 200))
    }
  } finally {
    await api.disconnect()
  }
}
