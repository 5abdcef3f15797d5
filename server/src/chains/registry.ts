import { type CcipRequestParameters, createPublicClient, type Hex, http, type PublicClient } from 'viem'
import type { NetworkConfig, TokenConfig } from '../config/index.js'
import { type CcipFetchOptions, ccipGatewayRequest } from './ccip-read.js'

/** CAIP-10 marker address used for a chain's native currency. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export interface Chain {
  caipNetworkId: string
  chainId: number
  config: NetworkConfig
  client: PublicClient
  native: { name: string; symbol: string; decimals: number }
  tokens: readonly TokenConfig[]
}

/**
 * viem's CCIP-read setting for an allowlist: `false` turns offchain lookups
 * off; a list lets a lookup go only to gateway URLs whose origin is exactly
 * one of the entries' (and under its path), fetched through the egress
 * filter (a contract names the URLs, so without a list anyone could make the
 * gateway fetch any URL).
 */
export function ccipReadSetting(allow: false | readonly string[], options: CcipFetchOptions = {}) {
  if (allow === false || allow.length === 0) return false as const
  return {
    request: (params: CcipRequestParameters): Promise<Hex> => ccipGatewayRequest(params, allow, options),
  }
}

/** The configured EVM networks, each with one viem client (JSON-RPC batching on). */
export class ChainRegistry {
  readonly #chains = new Map<string, Chain>()

  constructor(
    networks: readonly NetworkConfig[],
    options: { ccipRead?: false | readonly string[]; ccipFetch?: CcipFetchOptions } = {},
  ) {
    const ccipRead = ccipReadSetting(options.ccipRead ?? false, options.ccipFetch)
    for (const n of networks) {
      const chainId = Number(n.caipNetworkId.split(':')[1])
      const client = createPublicClient({
        transport: http(n.rpcUrl, { batch: { batchSize: 1000 }, timeout: 10_000, retryCount: 1 }),
        ccipRead,
      }) as PublicClient
      this.#chains.set(n.caipNetworkId, {
        caipNetworkId: n.caipNetworkId,
        chainId,
        config: n,
        client,
        native: n.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: n.tokens ?? [],
      })
    }
  }

  get(caipNetworkId: string): Chain | undefined {
    return this.#chains.get(caipNetworkId)
  }

  all(): Chain[] {
    return [...this.#chains.values()]
  }

  /** The token config for a CAIP-10 id, the native marker included. */
  token(caip10: string): { chain: Chain; token: TokenConfig | 'native' } | undefined {
    const parts = caip10.toLowerCase().split(':')
    if (parts.length !== 3) return undefined
    const chain = this.get(`${parts[0]}:${parts[1]}`)
    if (!chain) return undefined
    if (parts[2] === NATIVE_TOKEN_ADDRESS || parts[2] === 'native') return { chain, token: 'native' }
    const token = chain.tokens.find((t) => t.address.toLowerCase() === parts[2])
    return token ? { chain, token } : undefined
  }
}
