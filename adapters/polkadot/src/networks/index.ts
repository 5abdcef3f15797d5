import { type CaipNetworkId, InvalidCaipNetworkIdError, type Network } from '@portico/core'

/** An Assets-pallet token a network offers as a token balance. */
export interface PolkadotAssetToken {
  /** Asset id in the Assets pallet. */
  id: number
  /** Shown when the chain has no metadata for the asset; on-chain metadata wins. */
  symbol?: string
  name?: string
  decimals?: number
}

/**
 * A Polkadot-SDK network: a core `Network` plus what the adapter needs to
 * encode addresses and read balances. `nativeCurrency` is the fallback when
 * the node's `system.properties` has no token symbol / decimals.
 */
export interface PolkadotNetwork extends Network {
  chainNamespace: 'polkadot'
  /** 0x-hex genesis hash (the CAIP-2 reference is its first 32 hex characters). */
  genesisHash: `0x${string}`
  /** SS58 prefix addresses are shown with on this network. */
  ss58Prefix: number
  /** Assets-pallet tokens read as token balances. */
  assetTokens?: readonly PolkadotAssetToken[]
}

/**
 * CAIP-2 id of a Polkadot-SDK chain: `polkadot:` + the first 32 hex characters
 * of its genesis hash. Anything but a 0x-prefixed 32-byte hex hash is a
 * configuration mistake, reported as the typed `InvalidCaipNetworkIdError`.
 */
export function polkadotCaipNetworkId(genesisHash: string): CaipNetworkId {
  if (typeof genesisHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(genesisHash))
    throw new InvalidCaipNetworkIdError(genesisHash)
  return `polkadot:${genesisHash.slice(2, 34).toLowerCase()}`
}

/** True for a network object this adapter can serve (namespace, genesis hash and prefix present). */
export function isPolkadotNetwork(network: Network): network is PolkadotNetwork {
  const n = network as Partial<PolkadotNetwork>
  return (
    network.chainNamespace === 'polkadot' &&
    typeof n.genesisHash === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(n.genesisHash) &&
    Number.isInteger(n.ss58Prefix)
  )
}

function preset(p: {
  genesisHash: `0x${string}`
  name: string
  ss58Prefix: number
  symbol: string
  decimals: number
  rpc: string
  explorer?: string
  testnet: boolean
}): PolkadotNetwork {
  const caipNetworkId = polkadotCaipNetworkId(p.genesisHash)
  return {
    id: caipNetworkId.slice('polkadot:'.length),
    name: p.name,
    chainNamespace: 'polkadot',
    caipNetworkId,
    genesisHash: p.genesisHash,
    ss58Prefix: p.ss58Prefix,
    nativeCurrency: { name: p.symbol, symbol: p.symbol, decimals: p.decimals },
    rpcUrls: { default: { http: [], webSocket: [p.rpc] } },
    ...(p.explorer
      ? {
          blockExplorers: { default: { name: 'Subscan', url: p.explorer } },
          // Subscan's pages: an account by SS58 address, an extrinsic by its hash.
          explorerPaths: { address: '/account/{address}', transaction: '/extrinsic/{hash}' },
        }
      : {}),
    testnet: p.testnet,
  }
}

/** Polkadot relay chain (DOT, 10 decimals, prefix 0). */
export const polkadotMainnet: PolkadotNetwork = preset({
  genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  name: 'Polkadot',
  ss58Prefix: 0,
  symbol: 'DOT',
  decimals: 10,
  rpc: 'wss://rpc.polkadot.io',
  explorer: 'https://polkadot.subscan.io',
  testnet: false,
})

/** Kusama relay chain (KSM, 12 decimals, prefix 2). */
export const kusamaMainnet: PolkadotNetwork = preset({
  genesisHash: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  name: 'Kusama',
  ss58Prefix: 2,
  symbol: 'KSM',
  decimals: 12,
  rpc: 'wss://kusama-rpc.polkadot.io',
  explorer: 'https://kusama.subscan.io',
  testnet: false,
})

/**
 * The placeholder genesis hash a chopsticks devnet started from a raw chain
 * spec reports (`0x45` × 32). It is not the spec's real genesis: two such
 * devnets share the same CAIP-2 id, so configure one of them per app.
 */
export const CHOPSTICKS_GENESIS_HASH = `0x${'45'.repeat(32)}` as const

/**
 * Portico's local chopsticks devnet (`portico-devnet start`, Rococo Asset Hub
 * runtime): ROC with 12 decimals, SS58 prefix 2 (the runtime's), the PDUSD
 * Assets token (id 1984). Its genesis hash is chopsticks' placeholder
 * `0x4545…45`, so its CAIP-2 id is `polkadot:45454545454545454545454545454545`.
 *
 * @example
 * const local = polkadotLocal({ wsUrl: devnet.services.polkadot.wsUrl })
 * polkadotAdapter({ networks: [local], appName: 'My app' })
 */
export function polkadotLocal(params: {
  wsUrl: string
  name?: string
  assetTokens?: readonly PolkadotAssetToken[]
}): PolkadotNetwork {
  return {
    ...preset({
      genesisHash: CHOPSTICKS_GENESIS_HASH,
      name: params.name ?? 'Polkadot Local',
      ss58Prefix: 2,
      symbol: 'ROC',
      decimals: 12,
      rpc: params.wsUrl,
      testnet: true,
    }),
    assetTokens: params.assetTokens ?? [{ id: 1984, symbol: 'PDUSD', name: 'Portico Dot USD', decimals: 6 }],
  }
}
