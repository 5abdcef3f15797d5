// The one place the plugin reads the connection: which address to fund and
// on which network. It goes through the public instance state only (never an
// adapter), so the adapter contract can change underneath it.
import type { CaipNetworkId, ChainNamespace, Network, PorticoState } from '@portico/core'

export interface BuyTarget {
  namespace: ChainNamespace
  address: string
  caipNetworkId: CaipNetworkId | undefined
  network: Network | undefined
  /** Numeric / reference part of the CAIP-2 id (`31337` of `eip155:31337`). */
  chainReference: string | undefined
}

/** The connected account of the active namespace, or undefined when nothing is connected. */
export function buyTarget(state: PorticoState): BuyTarget | undefined {
  const namespace = state.activeNamespace
  if (!namespace) return undefined
  const account = state.accounts[namespace]
  if (account?.status !== 'connected' || !account.address) return undefined
  const caipNetworkId = state.networks.active[namespace]
  const network = state.networks.all.find((n) => n.caipNetworkId === caipNetworkId)
  return {
    namespace,
    address: account.address,
    caipNetworkId,
    network,
    chainReference: caipNetworkId?.split(':')[1],
  }
}
