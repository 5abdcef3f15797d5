import type { CaipNetworkId, Network } from '@portico/core'

/** Wallet Standard chain ids for Solana (`@solana/wallet-standard-chains`). */
export type SolanaStandardChain = 'solana:mainnet' | 'solana:devnet' | 'solana:testnet' | 'solana:localnet'

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/** CAIP-2 id of a Solana cluster: `solana:` + the first 32 characters of its genesis hash. */
export function solanaCaipNetworkId(genesisHash: string): CaipNetworkId {
  return `solana:${genesisHash.slice(0, 32)}`
}

function preset(
  reference: string,
  name: string,
  rpc: string,
  cluster: string | undefined,
  testnet: boolean,
): Network {
  return {
    id: reference,
    name,
    chainNamespace: 'solana',
    caipNetworkId: `solana:${reference}`,
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [rpc] } },
    blockExplorers: { default: { name: 'Solana Explorer', url: 'https://explorer.solana.com' } },
    // The cluster is a query parameter after the page path.
    explorerPaths: {
      address: `/address/{address}${cluster ? `?cluster=${cluster}` : ''}`,
      transaction: `/tx/{hash}${cluster ? `?cluster=${cluster}` : ''}`,
    },
    testnet,
  }
}

/** Solana mainnet-beta (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
export const solanaMainnet: Network = preset(
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  'https://api.mainnet-beta.solana.com',
  undefined,
  false,
)
/** Solana devnet (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`). */
export const solanaDevnet: Network = preset(
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'https://api.devnet.solana.com',
  'devnet',
  true,
)
/** Solana testnet (`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`). */
export const solanaTestnet: Network = preset(
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  'https://api.testnet.solana.com',
  'testnet',
  true,
)

/**
 * A local Solana cluster (e.g. Portico's litesvm devnet) from its RPC URL and
 * genesis hash (what its `getGenesisHash` answers).
 *
 * @example
 * const local = solanaLocalnet({ rpcUrl: sol.rpcUrl, genesisHash: sol.genesisHash })
 * solanaAdapter({ networks: [local, solanaDevnet] })
 */
export function solanaLocalnet(params: { rpcUrl?: string; genesisHash: string; name?: string }): Network {
  const reference = params.genesisHash.slice(0, 32)
  return {
    id: reference,
    name: params.name ?? 'Solana Local',
    chainNamespace: 'solana',
    caipNetworkId: solanaCaipNetworkId(params.genesisHash),
    nativeCurrency: SOL,
    // No rpcUrl: reads go through the gateway's RPC proxy (`apiUrl`).
    rpcUrls: { default: { http: params.rpcUrl ? [params.rpcUrl] : [] } },
    testnet: true,
  }
}

const STANDARD_CHAINS: Record<string, SolanaStandardChain> = {
  [solanaMainnet.caipNetworkId]: 'solana:mainnet',
  [solanaDevnet.caipNetworkId]: 'solana:devnet',
  [solanaTestnet.caipNetworkId]: 'solana:testnet',
}

/**
 * The Wallet Standard chain a wallet knows a CAIP-2 network by: the three
 * public clusters by genesis hash, anything else is `solana:localnet`.
 */
export function toStandardChain(caipNetworkId: CaipNetworkId): SolanaStandardChain {
  return STANDARD_CHAINS[caipNetworkId] ?? 'solana:localnet'
}
