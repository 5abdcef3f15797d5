/**
 * The gateway's RPC proxy URL for a network (SPEC §7 RPC: JSON-RPC over
 * HTTP POST with projectId and chainId query parameters). Adapters use it
 * for a network that names no RPC URL of its own when the integrator set
 * `apiUrl`; the gateway holds the upstream URLs and their keys.
 *
 * @example
 * rpcProxyUrl('https://gw.example.com', 'eip155:1', 'my-project')
 * // 'https://gw.example.com/v1?chainId=eip155%3A1&projectId=my-project'
 */
export function rpcProxyUrl(apiUrl: string, caipNetworkId: string, projectId: string): string {
  const base = new URL(apiUrl)
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new TypeError('apiUrl must be an http(s) URL')
  if (!/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(caipNetworkId))
    throw new TypeError(`not a CAIP-2 network id: ${caipNetworkId}`)
  const url = new URL(`${base.pathname.replace(/\/$/, '')}/v1`, base)
  url.searchParams.set('chainId', caipNetworkId)
  url.searchParams.set('projectId', projectId)
  return url.toString()
}

/** What `networkRpcUrls` needs from the Portico options. */
export interface RpcProxyOptions {
  apiUrl?: string | undefined
  projectId?: string | undefined
}

/**
 * The RPC URLs an adapter uses for a network: the network's own
 * `rpcUrls.default.http` when it lists any; otherwise, when the integrator
 * set `apiUrl`, the gateway's RPC proxy for it (`rpcProxyUrl`, projectId
 * `local` when none is set); otherwise none, and the adapter refuses the
 * call. A preset's public URL counts as the network's own: to send a
 * preset's traffic through the gateway, give it an empty list.
 *
 * @example
 * networkRpcUrls({ caipNetworkId: 'eip155:1', rpcUrls: { default: { http: [] } } }, { apiUrl: 'https://gw.example.com' })
 * // ['https://gw.example.com/v1?chainId=eip155%3A1&projectId=local']
 */
export function networkRpcUrls(
  network: { caipNetworkId: string; rpcUrls?: { default?: { http?: readonly string[] } } },
  options: RpcProxyOptions,
): string[] {
  const own = network.rpcUrls?.default?.http?.filter((u) => u.length > 0) ?? []
  if (own.length > 0) return [...own]
  if (!options.apiUrl) return []
  return [rpcProxyUrl(options.apiUrl, network.caipNetworkId, options.projectId ?? 'local')]
}
