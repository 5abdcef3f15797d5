import Type, { type Static } from 'typebox'

// The `networks` entries of the configuration: one schema per namespace, their types,
// and the guards that tell them apart.

const EvmAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })

export const TokenConfigSchema = Type.Object({
  address: EvmAddress,
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 77 }),
  iconUrl: Type.Optional(Type.String()),
})

export const NetworkConfigSchema = Type.Object({
  /** CAIP-2 id, e.g. `eip155:31337`. */
  caipNetworkId: Type.String({ pattern: '^eip155:[0-9]{1,12}$' }),
  name: Type.Optional(Type.String()),
  rpcUrl: Type.String({ minLength: 1 }),
  wsUrl: Type.Optional(Type.String()),
  nativeCurrency: Type.Optional(
    Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  ),
  /** Multicall3 address; balances are read through one aggregate3 call per chain. */
  multicall3: Type.Optional(EvmAddress),
  tokens: Type.Optional(Type.Array(TokenConfigSchema)),
  /**
   * A local development chain (anvil, hardhat, geth --dev): blocks are final
   * at once, so the indexer may follow the head (`confirmations: 0`) and start
   * at block 0. Chain ids 1337, 31337 and 31338 count as devnets unless this
   * says `false`; any other chain is a real chain unless this says `true`.
   */
  devnet: Type.Optional(Type.Boolean()),
  indexer: Type.Optional(
    Type.Object({
      enabled: Type.Optional(Type.Boolean()),
      /** First block to index. Required on a real chain (never a silent 0); a devnet starts at 0. */
      fromBlock: Type.Optional(Type.Integer({ minimum: 0 })),
      /**
       * Blocks indexed stop this many below the head, so a re-org shallower
       * than this never reaches the history (default 12; a devnet 0). 0 only on a devnet.
       */
      confirmations: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
      pollIntervalMs: Type.Optional(Type.Integer({ minimum: 10 })),
      /** Largest block range read in one step; halved while the provider refuses a range, grown back after. */
      batchBlocks: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    }),
  ),
  /**
   * ENS on this network (identity falls back to its primary names): the
   * Universal Resolver to call. `eip155:1` uses viem's built-in mainnet
   * resolver unless this says otherwise; `false` turns ENS off.
   */
  ens: Type.Optional(
    Type.Union([Type.Object({ universalResolver: Type.Optional(EvmAddress) }), Type.Literal(false)]),
  ),
  /** Uniswap V2-style DEX for /v1/convert: its Router02. Without it: "Network not supported for Swaps". */
  swap: Type.Optional(Type.Object({ router: EvmAddress })),
})

const Base58 = '[1-9A-HJ-NP-Za-km-z]'

/** An SPL token whose balance the gateway reads on a Solana network. */
export const SplTokenConfigSchema = Type.Object({
  /** Mint address (base58, 32–44 characters). */
  mint: Type.String({ pattern: `^${Base58}{32,44}$` }),
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  iconUrl: Type.Optional(Type.String()),
})

/** A Solana network: native SOL (9 decimals unless `nativeCurrency` says otherwise) and the listed SPL tokens. */
export const SolanaNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `solana:` + the first 32 characters of the genesis hash. */
  caipNetworkId: Type.String({ pattern: `^solana:${Base58}{1,32}$` }),
  name: Type.Optional(Type.String()),
  rpcUrl: Type.String({ minLength: 1 }),
  wsUrl: Type.Optional(Type.String()),
  nativeCurrency: Type.Optional(
    Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  ),
  tokens: Type.Optional(Type.Array(SplTokenConfigSchema)),
})

/** A Bitcoin network read through an Esplora-compatible REST API (balances: the address's UTXOs). */
export const BitcoinNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `bip122:` + the first 32 hex characters of the genesis block hash. */
  caipNetworkId: Type.String({ pattern: '^bip122:[0-9a-f]{32}$' }),
  name: Type.Optional(Type.String()),
  /** Base URL of the Esplora API (`/address/:a/utxo`…), e.g. the devnet's `services.bitcoin.esploraUrl`. */
  esploraUrl: Type.String({ minLength: 1 }),
  nativeCurrency: Type.Optional(
    Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  ),
})

/** A coin of a Cosmos network the gateway reports (the first is the native, fee coin). */
export const CosmosCurrencyConfigSchema = Type.Object({
  denom: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$' }),
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 36 }),
  iconUrl: Type.Optional(Type.String()),
})

/** A Cosmos SDK network: bank balances read over its REST (LCD) API. */
export const CosmosNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `cosmos:<chain id>`. */
  caipNetworkId: Type.String({ pattern: '^cosmos:[-_a-zA-Z0-9]{1,32}$' }),
  name: Type.Optional(Type.String()),
  /** REST (gRPC-gateway) base URL: `<restUrl>/cosmos/bank/v1beta1/balances/<address>`. */
  restUrl: Type.String({ minLength: 1 }),
  /** CometBFT RPC URL (listed for clients; balances use `restUrl`). */
  rpcUrl: Type.Optional(Type.String()),
  bech32Prefix: Type.String({ pattern: '^[a-z][a-z0-9]{0,31}$' }),
  /** Coins reported, native first; denoms not listed are not reported. */
  currencies: Type.Array(CosmosCurrencyConfigSchema, { minItems: 1 }),
})

/** An Assets-pallet token whose balance the gateway reads on a Polkadot network. */
export const PolkadotAssetConfigSchema = Type.Object({
  id: Type.Integer({ minimum: 0, maximum: 4294967295 }),
  symbol: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  iconUrl: Type.Optional(Type.String()),
})

/** A Polkadot-SDK network: the native token of `nativeCurrency` and the listed Assets-pallet tokens. */
export const PolkadotNetworkConfigSchema = Type.Object({
  /** CAIP-2 id: `polkadot:` + the first 32 hex characters of the genesis hash. */
  caipNetworkId: Type.String({ pattern: '^polkadot:[0-9a-f]{32}$' }),
  name: Type.Optional(Type.String()),
  /** HTTP JSON-RPC URL of a node. */
  rpcUrl: Type.String({ minLength: 1 }),
  wsUrl: Type.Optional(Type.String()),
  /** SS58 prefix of the network's addresses. */
  ss58Prefix: Type.Integer({ minimum: 0, maximum: 16383 }),
  nativeCurrency: Type.Object({ name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  tokens: Type.Optional(Type.Array(PolkadotAssetConfigSchema)),
  /**
   * How many recent blocks the history reads (Substrate nodes keep no address
   * index): default 600 (an hour of 6-second blocks).
   */
  historyBlocks: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
})

export type NetworkConfig = Static<typeof NetworkConfigSchema>
export type TokenConfig = Static<typeof TokenConfigSchema>
export type SolanaNetworkConfig = Static<typeof SolanaNetworkConfigSchema>
export type SplTokenConfig = Static<typeof SplTokenConfigSchema>
export type CosmosNetworkConfig = Static<typeof CosmosNetworkConfigSchema>
export type PolkadotNetworkConfig = Static<typeof PolkadotNetworkConfigSchema>

export type BitcoinNetworkConfig = Static<typeof BitcoinNetworkConfigSchema>
type AnyNetworkConfig =
  | NetworkConfig
  | SolanaNetworkConfig
  | BitcoinNetworkConfig
  | CosmosNetworkConfig
  | PolkadotNetworkConfig

/** True for a Solana network entry of `networks`. */
export function isSolanaNetwork(n: AnyNetworkConfig): n is SolanaNetworkConfig {
  return n.caipNetworkId.startsWith('solana:')
}

/** True for a Bitcoin network entry of `networks`. */
export function isBitcoinNetwork(n: AnyNetworkConfig): n is BitcoinNetworkConfig {
  return n.caipNetworkId.startsWith('bip122:')
}

/** True for a Cosmos network entry of `networks`. */
export function isCosmosNetwork(n: AnyNetworkConfig): n is CosmosNetworkConfig {
  return n.caipNetworkId.startsWith('cosmos:')
}

/** True for a Polkadot network entry of `networks`. */
export function isPolkadotNetwork(n: AnyNetworkConfig): n is PolkadotNetworkConfig {
  return n.caipNetworkId.startsWith('polkadot:')
}

/** Chain ids of local development chains (anvil / hardhat 31337, geth --dev / ganache 1337, the local world's 31338). */
export const DEVNET_CHAIN_IDS: ReadonlySet<number> = new Set([1337, 31337, 31338])

/** Confirmations the indexer waits for on a real chain when the configuration names none. */
export const DEFAULT_CONFIRMATIONS = 12

/** Whether an EVM network is a local development chain (its `devnet` flag, else its chain id). */
export function isDevnetNetwork(n: NetworkConfig): boolean {
  return n.devnet ?? DEVNET_CHAIN_IDS.has(Number(n.caipNetworkId.slice('eip155:'.length)))
}

/** True for an EVM network entry of `networks`. */
export function isEvmNetwork(n: AnyNetworkConfig): n is NetworkConfig {
  return n.caipNetworkId.startsWith('eip155:')
}
