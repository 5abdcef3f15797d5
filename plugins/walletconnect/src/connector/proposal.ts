import type { ChainNamespace, ChannelNamespaceRequest, Network } from '@portico/core'

/** Methods Portico never proposes, whatever an adapter declares: `eth_sign` signs blind hashes. */
const NEVER_PROPOSED = new Set(['eth_sign'])

/** A namespace entry of the session proposal (UniversalProvider's `NamespaceConfig`). */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  /** Chain → RPC URL, so no read goes to the hosted RPC. Keyed by CAIP-2 id and by reference. */
  rpcMap: Record<string, string>
  defaultChain?: string
}

/**
 * The optional namespaces of a proposal: one per namespace core asks for
 * (only namespaces whose adapter is installed and drives channels), with that
 * adapter's methods (never `eth_sign`) and events, its configured chains (the
 * preferred one first, as `defaultChain`), and an `rpcMap` pointing at each
 * network's own RPC URL.
 *
 * @example
 * buildProposalNamespaces([{ namespace: 'eip155', chains: ['eip155:31337'], methods: ['personal_sign'], events: [] }], networks)
 */
export function buildProposalNamespaces(
  requests: readonly ChannelNamespaceRequest[],
  networks: readonly Network[],
): Partial<Record<ChainNamespace, ProposalNamespace>> {
  const out: Partial<Record<ChainNamespace, ProposalNamespace>> = {}
  for (const request of requests) {
    if (request.chains.length === 0) continue
    const rpcMap: Record<string, string> = {}
    for (const chain of request.chains) {
      const network = networks.find((n) => n.caipNetworkId === chain)
      const rpc = network?.rpcUrls.chainDefault?.http[0] ?? network?.rpcUrls.default.http[0]
      if (!network || !rpc) continue
      rpcMap[chain] = rpc
      rpcMap[String(network.id)] = rpc
    }
    out[request.namespace] = {
      chains: [...request.chains],
      methods: [...new Set(request.methods)].filter((m) => !NEVER_PROPOSED.has(m)),
      events: [...new Set(request.events)],
      rpcMap,
      defaultChain: request.chains[0] as string,
    }
  }
  return out
}
