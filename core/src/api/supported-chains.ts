import type { BlockchainApi } from '../contracts/clients.js'
import type { CaipNetworkId } from '../contracts/network.js'

/**
 * Builds an `isNetworkSupported` check from GET /v1/supported-chains (fetched
 * once, refetched after a failure). While the list cannot be loaded every
 * network passes, so an unreachable list never blocks the app by itself.
 *
 * @example
 * const api = new HttpBlockchainApi({ baseUrl, projectId })
 * const gated = new HttpBlockchainApi({ baseUrl, projectId, isNetworkSupported: supportedChainsCheck(api) })
 */
export function supportedChainsCheck(
  api: Pick<BlockchainApi, 'getSupportedChains'>,
): (caipNetworkId: CaipNetworkId) => Promise<boolean> {
  let list: Promise<Set<string> | undefined> | undefined
  return async (caipNetworkId) => {
    list ??= api.getSupportedChains().then(
      (r) => new Set([...(r.http ?? []), ...(r.ws ?? [])]),
      () => {
        list = undefined
        return undefined
      },
    )
    const set = await list
    return set ? set.has(caipNetworkId) : true
  }
}
