import type { CaipNetworkId, Network } from '@portico/core'
import { BECH32_PREFIX } from '../address/index.js'
import type { KeplrChainInfo } from '../keplr/index.js'

/** A coin of a Cosmos chain: its base denom and how wallets display it. */
export interface CosmosCurrency {
  /** On-chain denom (`uatom`, `ibc/…`). */
  denom: string
  /** Display symbol (`ATOM`). */
  symbol: string
  /** Decimals from `denom` to the display unit (6 for micro-denoms). */
  decimals: number
  name?: string
}

/** What a Cosmos network adds to a Portico network. */
export interface CosmosChainConfig {
  chainId: string
  bech32Prefix: string
  /** REST (LCD) URL, given to wallets that need it to add the chain. */
  restUrl: string
  /** Every coin the app shows, the fee coin first. */
  currencies: readonly CosmosCurrency[]
  /** Gas price in the fee coin (decimal string, e.g. `0.025`); where the chain has a fee market, its fallback for wallets' chain info. */
  gasPrice: string
  /**
   * The chain's fee market, when it has one: `skip-feemarket` (Skip's
   * x/feemarket, its `GasPrice` query) or `osmosis-eip` (Osmosis's x/txfees
   * EIP-1559, its `GetEipBaseFee` query) — fees are priced with the chain's
   * answer instead of `gasPrice`.
   */
  feeMarket?: CosmosFeeMarket
  /** SLIP-44 coin type (118 for most Cosmos SDK chains). */
  coinType?: number
}

/** The fee markets the adapter reads: Skip's x/feemarket and Osmosis's x/txfees EIP-1559. */
export type CosmosFeeMarket = 'skip-feemarket' | 'osmosis-eip'
const FEE_MARKETS: readonly string[] = ['skip-feemarket', 'osmosis-eip'] satisfies CosmosFeeMarket[]

/** A Cosmos network: CAIP-2 `cosmos:<chain-id>`, plus the chain's prefix, currencies and gas price. */
export interface CosmosNetwork extends Network {
  chainNamespace: 'cosmos'
  cosmos: CosmosChainConfig
}

/** CAIP-2 id of a Cosmos chain: `cosmos:<chain id>` (CAIP-5 allows `[-_a-zA-Z0-9]{1,32}`). */
export function cosmosCaipNetworkId(chainId: string): CaipNetworkId {
  if (!/^[-_a-zA-Z0-9]{1,32}$/.test(chainId)) throw new Error(`"${chainId}" is not a CAIP-2 Cosmos chain id`)
  return `cosmos:${chainId}`
}

/**
 * Builds a Cosmos network definition; checks the chain id, prefix, currencies
 * and gas price so a misconfiguration fails at startup, not at the first send.
 *
 * @example
 * const hub = defineCosmosNetwork({ chainId: 'cosmoshub-4', name: 'Cosmos Hub', bech32Prefix: 'cosmos',
 *   rpcUrl: 'https://rpc.example', restUrl: 'https://rest.example', gasPrice: '0.025',
 *   currencies: [{ denom: 'uatom', symbol: 'ATOM', decimals: 6 }] })
 */
export function defineCosmosNetwork(params: {
  chainId: string
  name: string
  bech32Prefix: string
  rpcUrl: string
  restUrl: string
  currencies: readonly CosmosCurrency[]
  gasPrice: string
  feeMarket?: CosmosFeeMarket
  coinType?: number
  testnet?: boolean
  blockExplorer?: { name: string; url: string }
}): CosmosNetwork {
  const caipNetworkId = cosmosCaipNetworkId(params.chainId)
  if (!BECH32_PREFIX.test(params.bech32Prefix)) throw new Error(`bad bech32 prefix "${params.bech32Prefix}"`)
  const fee = params.currencies[0]
  if (!fee) throw new Error(`${params.chainId}: at least one currency (the fee coin) is needed`)
  for (const c of params.currencies) {
    if (!Number.isInteger(c.decimals) || c.decimals < 0 || c.decimals > 36)
      throw new Error(`bad decimals for ${c.denom}`)
  }
  if (!/^\d+(\.\d{1,18})?$/.test(params.gasPrice)) throw new Error(`bad gas price "${params.gasPrice}"`)
  if (params.feeMarket !== undefined && !FEE_MARKETS.includes(params.feeMarket))
    throw new Error(`unknown fee market "${String(params.feeMarket)}"`)
  return {
    id: params.chainId,
    name: params.name,
    chainNamespace: 'cosmos',
    caipNetworkId,
    nativeCurrency: { name: fee.name ?? fee.symbol, symbol: fee.symbol, decimals: fee.decimals },
    rpcUrls: { default: { http: [params.rpcUrl] } },
    ...(params.blockExplorer
      ? {
          blockExplorers: { default: params.blockExplorer },
          explorerPaths: { address: '/account/{address}', transaction: '/tx/{hash}' },
        }
      : {}),
    nativeTokenAddress: fee.denom,
    testnet: params.testnet ?? false,
    cosmos: {
      chainId: params.chainId,
      bech32Prefix: params.bech32Prefix,
      restUrl: params.restUrl,
      currencies: params.currencies,
      gasPrice: params.gasPrice,
      ...(params.feeMarket ? { feeMarket: params.feeMarket } : {}),
      coinType: params.coinType ?? 118,
    },
  }
}

/** The Portico simulator's hub-like chain (`portico-hub-1`, prefix `cosmos`, ATOM + USDC; Skip's x/feemarket, simulated). */
export function cosmosLocalHub(urls: { rpcUrl: string; restUrl: string }): CosmosNetwork {
  return defineCosmosNetwork({
    chainId: 'portico-hub-1',
    name: 'Portico Hub (local)',
    bech32Prefix: 'cosmos',
    ...urls,
    currencies: [
      { denom: 'uatom', symbol: 'ATOM', decimals: 6, name: 'Cosmos Hub Atom' },
      { denom: 'uusdc', symbol: 'USDC', decimals: 6, name: 'USD Coin' },
    ],
    gasPrice: '0.025',
    feeMarket: 'skip-feemarket',
    testnet: true,
  })
}

/** The Portico simulator's second chain (`portico-osmo-1`, prefix `osmo`, OSMO; Osmosis's x/txfees EIP-1559, simulated). */
export function cosmosLocalOsmo(urls: { rpcUrl: string; restUrl: string }): CosmosNetwork {
  return defineCosmosNetwork({
    chainId: 'portico-osmo-1',
    name: 'Portico Osmo (local)',
    bech32Prefix: 'osmo',
    ...urls,
    currencies: [{ denom: 'uosmo', symbol: 'OSMO', decimals: 6, name: 'Osmosis' }],
    gasPrice: '0.0025',
    feeMarket: 'osmosis-eip',
    testnet: true,
  })
}

/** Keplr's chain info for `experimentalSuggestChain`, from the network definition. */
export function toKeplrChainInfo(network: CosmosNetwork): KeplrChainInfo {
  const { cosmos } = network
  const p = cosmos.bech32Prefix
  const currencies = cosmos.currencies.map((c) => ({
    coinDenom: c.symbol,
    coinMinimalDenom: c.denom,
    coinDecimals: c.decimals,
  }))
  const price = Number(cosmos.gasPrice)
  return {
    chainId: cosmos.chainId,
    chainName: network.name,
    rpc: network.rpcUrls.default.http[0] ?? '',
    rest: cosmos.restUrl,
    bip44: { coinType: cosmos.coinType ?? 118 },
    bech32Config: {
      bech32PrefixAccAddr: p,
      bech32PrefixAccPub: `${p}pub`,
      bech32PrefixValAddr: `${p}valoper`,
      bech32PrefixValPub: `${p}valoperpub`,
      bech32PrefixConsAddr: `${p}valcons`,
      bech32PrefixConsPub: `${p}valconspub`,
    },
    currencies,
    feeCurrencies: [
      { ...currencies[0]!, gasPriceStep: { low: price, average: price * 1.25, high: price * 2 } },
    ],
    stakeCurrency: currencies[0],
  }
}
