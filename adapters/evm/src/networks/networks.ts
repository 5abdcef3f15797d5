import type { CaipNetworkId, NativeCurrency, Network } from '@portico/core'

/** An eip155 network: a core `Network` with a numeric id and optional contract addresses. */
export interface EvmNetwork extends Network {
  id: number
  chainNamespace: 'eip155'
  caipNetworkId: `eip155:${number}`
  contracts?: {
    /** Multicall3 (aggregate3 + getEthBalance); balances fall back to batched calls without it. */
    multicall3?: { address: `0x${string}` }
  }
  /**
   * An OP-stack rollup (OP Mainnet, Base…): every transaction also pays an L1
   * data fee, which `estimateFee` reads from the `GasPriceOracle` predeploy
   * and adds to the L2 execution fee.
   */
  opStack?: true
}

export interface DefineEvmNetworkParams {
  id: number
  name: string
  nativeCurrency?: NativeCurrency
  /**
   * HTTP RPC URLs, in preference order (the transport falls back and ranks
   * between them). Empty or left out: the network has no RPC URL of its own
   * and Portico reads it through the gateway's RPC proxy (`apiUrl`).
   */
  rpcUrls?: readonly string[]
  explorer?: { name: string; url: string }
  imageUrl?: string
  imageId?: string
  testnet?: boolean
  /** Multicall3 address; `null` when the chain has none. Defaults to the canonical address. */
  multicall3?: `0x${string}` | null
  /** True for an OP-stack rollup: fees add the L1 data fee of the `GasPriceOracle` predeploy. */
  opStack?: boolean
}

/** Canonical Multicall3 address, the same on every chain that has it. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const

/** The 0xeeee… convention for the native token inside EVM token lists. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/**
 * Declares an EVM network (CAIP-2 `eip155:<id>`) for `evmAdapter({ networks })`.
 *
 * @example
 * const myChain = defineEvmNetwork({ id: 31337, name: 'Local', rpcUrls: ['http://127.0.0.1:8545'] })
 */
export function defineEvmNetwork(params: DefineEvmNetworkParams): EvmNetwork {
  if (!Number.isSafeInteger(params.id) || params.id <= 0)
    throw new Error(`invalid EVM chain id: ${params.id}`)
  const multicall3 = params.multicall3 === undefined ? MULTICALL3_ADDRESS : params.multicall3
  return {
    id: params.id,
    name: params.name,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${params.id}`,
    nativeCurrency: params.nativeCurrency ?? ETHER,
    rpcUrls: { default: { http: [...(params.rpcUrls ?? [])] } },
    // The native-token marker of EVM token lists (the one the gateway answers with).
    nativeTokenAddress: NATIVE_TOKEN_ADDRESS,
    ...(params.explorer ? { blockExplorers: { default: params.explorer } } : {}),
    ...(params.imageUrl || params.imageId
      ? {
          assets: {
            ...(params.imageId ? { imageId: params.imageId } : {}),
            ...(params.imageUrl ? { imageUrl: params.imageUrl } : {}),
          },
        }
      : {}),
    ...(params.testnet ? { testnet: true } : {}),
    ...(multicall3 ? { contracts: { multicall3: { address: multicall3 } } } : {}),
    ...(params.opStack ? { opStack: true as const } : {}),
  }
}

/** Same network with other RPC URLs (e.g. a devnet started on free ports). */
export function withRpcUrls<N extends EvmNetwork>(network: N, rpcUrls: readonly string[]): N {
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [...rpcUrls] } } }
}

/** Parses `eip155:<id>` into the numeric chain id; undefined for anything else. */
export function parseEvmChainId(caipNetworkId: string): number | undefined {
  const m = /^eip155:([1-9]\d{0,15})$/.exec(caipNetworkId)
  return m?.[1] ? Number(m[1]) : undefined
}

export function toCaipNetworkId(chainId: number): CaipNetworkId {
  return `eip155:${chainId}`
}

export function isEvmNetwork(network: Network): network is EvmNetwork {
  return network.chainNamespace === 'eip155' && typeof network.id === 'number'
}
