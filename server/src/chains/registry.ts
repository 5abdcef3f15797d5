import {
  type CcipRequestParameters,
  ccipRequest,
  createPublicClient,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import type { NetworkConfig, TokenConfig } from '../config/index.js'

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
 * off; a list lets a lookup go only to gateway URLs starting with one of its
 * prefixes (a contract names the URLs, so without a list anyone could make
 * the gateway fetch any URL).
 */
export function ccipReadSetting(allow: false | readonly string[]) {
  if (allow === false || allow.length === 0) return false as const
  return {
    async request(params: CcipRequestParameters): Promise<Hex> {
      const urls = params.urls.filter((u) => allow.some((prefix) => u.startsWith(prefix)))
      if (urls.length === 0) throw new Error('CCIP-read gateway is not on the allowlist (names.ccipRead)')
      return ccipRequest({ ...params, urls })
    },
  }
}

/** The configured EVM networks, each with one viem client (JSON-RPC batching on). */
export class ChainRegistry {
  readonly #chains = new Map<string, Chain>()

  constructor(networks: readonly NetworkConfig[], options: { ccipRead?: false | readonly string[] } = {}) {
    const ccipRead = ccipReadSetting(options.ccipRead ?? false)
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
