import { NetworkNotFoundError, UserRejectedRequestError } from '@portico/core'
import { type CosmosKeyInfo, toCosmosKeyInfo } from '../account/index.js'
import { toCosmosPorticoError } from '../errors/index.js'
import type { Keplr } from '../keplr/index.js'
import { type CosmosNetwork, toKeplrChainInfo } from '../networks/index.js'

/** A connection held by the adapter: the wallet, the chain it is on and the validated key there. */
export interface CosmosSession {
  keplr: Keplr
  network: CosmosNetwork
  key: CosmosKeyInfo
  off: () => void
}

/**
 * Enables the chains in the wallet, in one prompt when it knows them all.
 * When it does not (Keplr throws for a chain it has no info for — there is
 * no code for that), each chain is enabled on its own and an unknown one is
 * first proposed with `experimentalSuggestChain` from the network definition.
 * A user rejection stops at once.
 */
export async function enableChains(keplr: Keplr, networks: readonly CosmosNetwork[]): Promise<void> {
  try {
    await keplr.enable(networks.map((n) => n.cosmos.chainId))
    return
  } catch (e) {
    const mapped = toCosmosPorticoError(e)
    if (mapped instanceof UserRejectedRequestError || typeof keplr.experimentalSuggestChain !== 'function')
      throw mapped
  }
  for (const network of networks) {
    try {
      await keplr.enable(network.cosmos.chainId)
    } catch (e) {
      const mapped = toCosmosPorticoError(e)
      if (mapped instanceof UserRejectedRequestError) throw mapped
      try {
        await keplr.experimentalSuggestChain(toKeplrChainInfo(network))
        await keplr.enable(network.cosmos.chainId)
      } catch (inner) {
        throw toCosmosPorticoError(inner)
      }
    }
  }
}

/** Reads and validates the wallet's key for a chain (the address carries that chain's prefix). */
export async function readKey(keplr: Keplr, network: CosmosNetwork): Promise<CosmosKeyInfo> {
  let key: unknown
  try {
    key = await keplr.getKey(network.cosmos.chainId)
  } catch (e) {
    throw toCosmosPorticoError(e)
  }
  return await toCosmosKeyInfo(key, network)
}

/** The configured network with this CAIP-2 id or chain id. */
export function findNetwork(networks: readonly CosmosNetwork[], id: string): CosmosNetwork {
  const network = networks.find((n) => n.caipNetworkId === id || n.cosmos.chainId === id)
  if (!network) throw new NetworkNotFoundError({ details: id })
  return network
}
