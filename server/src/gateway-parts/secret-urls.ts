import type { GatewayConfig } from '../config/index.js'
import type { ProxiedChain } from '../rpc-proxy/index.js'

/**
 * Every configured URL that may carry a key (RPC, WebSocket, REST, Esplora,
 * the RPC proxy's upstreams, the database, Redis), mapped to the label the
 * logs and error answers show instead.
 */
export function secretUrlsOf(config: GatewayConfig, rpcChains: readonly ProxiedChain[]): Map<string, string> {
  const secretUrls = new Map<string, string>()
  for (const n of config.networks) {
    for (const [field, label] of [
      ['rpcUrl', 'rpc'],
      ['wsUrl', 'ws'],
      ['restUrl', 'rest'],
      ['esploraUrl', 'esplora'],
    ] as const) {
      const url = (n as Partial<Record<typeof field, string>>)[field]
      if (url) secretUrls.set(url, `<${label} ${n.caipNetworkId}>`)
    }
  }
  for (const c of rpcChains) for (const u of c.upstreams) secretUrls.set(u.url, `<rpc ${u.label}>`)
  if (config.databaseUrl) secretUrls.set(config.databaseUrl, '<database>')
  if (config.redisUrl) secretUrls.set(config.redisUrl, '<redis>')
  return secretUrls
}
