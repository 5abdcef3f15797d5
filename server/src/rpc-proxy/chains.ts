import type { GatewayConfig } from '../config/index.js'
import type { ProxiedChain } from './service.js'

/**
 * The chains the proxy serves and their upstreams: a chain named in
 * `rpc.upstreams` uses those (in order); every other EVM or Solana network
 * of `networks` uses its own `rpcUrl`. Labels (`eip155:1#0`) stand for the
 * URLs in logs: a URL may hold a key.
 */
export function proxiedChains(config: GatewayConfig): ProxiedChain[] {
  const byChain = new Map<string, ProxiedChain>()
  for (const u of config.rpc.upstreams) {
    const chain = byChain.get(u.chainId) ?? { chainId: u.chainId, upstreams: [] }
    chain.upstreams.push({
      url: u.url,
      label: `${u.chainId}#${chain.upstreams.length}`,
      ...(u.headers ? { headers: u.headers } : {}),
    })
    byChain.set(u.chainId, chain)
  }
  for (const n of config.networks) {
    const ns = n.caipNetworkId.split(':')[0]
    const rpcUrl = (n as { rpcUrl?: string }).rpcUrl
    if ((ns !== 'eip155' && ns !== 'solana') || !rpcUrl || byChain.has(n.caipNetworkId)) continue
    byChain.set(n.caipNetworkId, {
      chainId: n.caipNetworkId,
      upstreams: [{ url: rpcUrl, label: `${n.caipNetworkId}#0` }],
    })
  }
  return [...byChain.values()]
}
