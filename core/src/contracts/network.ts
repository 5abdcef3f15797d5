/** The five chain namespaces Portico knows (CAIP-2 namespaces). */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

/** CAIP-2 chain id, e.g. `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10 account id, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${string}:${string}:${string}`

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/**
 * Where an explorer shows an address and a transaction, as templates appended
 * to `blockExplorers.default.url`: `{address}` / `{hash}` are replaced by the
 * URI-encoded value (e.g. `/address/{address}`, `/tx/{hash}`).
 */
export interface ExplorerPaths {
  address: string
  transaction: string
}

/** A network (SPEC §3 Network). Every id is CAIP-2; no chain library types leak in. */
export interface Network {
  /** Chain reference: a number for eip155, a string elsewhere. */
  id: number | string
  name: string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  nativeCurrency: NativeCurrency
  rpcUrls: {
    default: { http: readonly string[]; webSocket?: readonly string[] }
    chainDefault?: { http: readonly string[] }
  }
  blockExplorers?: { default: { name: string; url: string } }
  /**
   * The explorer's page templates; without them core links addresses as
   * `<explorer>/address/<address>` and transactions as `<explorer>/tx/<hash>`.
   */
  explorerPaths?: ExplorerPaths
  /**
   * The address that stands for the native token inside token lists (its
   * CAIP-10 `address`), when the chain's ecosystem agreed on one (the
   * `0xeeee…` convention on EVM). Absent: the native entry has no address.
   */
  nativeTokenAddress?: string
  assets?: { imageId?: string; imageUrl?: string }
  testnet?: boolean
}
