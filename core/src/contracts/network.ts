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
  assets?: { imageId?: string; imageUrl?: string }
  testnet?: boolean
}
