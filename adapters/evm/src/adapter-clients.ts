import { type CaipNetworkId, NetworkNotFoundError, networkRpcUrls } from '@portico/core'
import type { PublicClient } from 'viem'
import { type EvmNetwork, withRpcUrls } from './networks/index.js'
import { type EvmRuntime, loadEvmRuntime } from './runtime/index.js'
import type { EvmTransportOptions } from './transport/index.js'

/** The adapter's way to its chains: configured networks, the lazily loaded viem runtime and one public client per network. */
export interface EvmClients {
  networkOf(caipNetworkId: CaipNetworkId): EvmNetwork
  /**
   * The network with the RPC URLs Portico uses for it: its own, else the
   * gateway's RPC proxy when `apiUrl` is set (issue 18); unchanged when it
   * has neither (reads then refuse, see `clientWith`).
   */
  routed(network: EvmNetwork): EvmNetwork
  /** viem and the code that needs it, loaded once per adapter; a failed load is retried next time. */
  runtime(): Promise<EvmRuntime>
  /** Starts loading the runtime without waiting (beside a wallet prompt); the caller awaits it later. */
  runtimeInBackground(): Promise<EvmRuntime>
  /** The runtime once it has loaded, for the synchronous paths that cannot wait for it. */
  loaded(): EvmRuntime | undefined
  clientWith(rt: EvmRuntime, caipNetworkId: CaipNetworkId): PublicClient
  clientOf(caipNetworkId: CaipNetworkId): Promise<PublicClient>
  /** Aborts the clients' in-flight requests and forgets them (the adapter is destroyed). */
  close(): void
}

export function createEvmClients(params: {
  networks: readonly EvmNetwork[]
  transport: EvmTransportOptions | undefined
  /** Where the RPC proxy lives: Portico's options once `setup` ran, else none. */
  rpcOptions: () => Parameters<typeof networkRpcUrls>[1]
}): EvmClients {
  const { networks } = params
  const clients = new Map<CaipNetworkId, PublicClient>()
  const lifetime = new AbortController()
  let runtimeLoading: Promise<EvmRuntime> | undefined
  let loaded: EvmRuntime | undefined

  function networkOf(caipNetworkId: CaipNetworkId): EvmNetwork {
    const network = networks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new NetworkNotFoundError({ details: caipNetworkId })
    return network
  }

  function routed(network: EvmNetwork): EvmNetwork {
    const urls = networkRpcUrls(network, params.rpcOptions())
    return urls.length > 0 ? withRpcUrls(network, urls) : network
  }

  function runtime(): Promise<EvmRuntime> {
    runtimeLoading ??= loadEvmRuntime().then(
      (rt) => (loaded = rt),
      (error: unknown) => {
        runtimeLoading = undefined
        throw error
      },
    )
    return runtimeLoading
  }

  function clientWith(rt: EvmRuntime, caipNetworkId: CaipNetworkId): PublicClient {
    let client = clients.get(caipNetworkId)
    if (!client) {
      const network = routed(networkOf(caipNetworkId))
      if (network.rpcUrls.default.http.length === 0)
        throw new NetworkNotFoundError({ details: `${caipNetworkId} has no RPC URL and no apiUrl is set` })
      client = rt.createEvmPublicClient(network, {
        ...params.transport,
        signal: lifetime.signal,
      })
      clients.set(caipNetworkId, client)
    }
    return client
  }

  return {
    networkOf,
    routed,
    runtime,
    runtimeInBackground() {
      const loading = runtime()
      loading.catch(() => {}) // awaited by the caller; not an unhandled rejection if the wallet fails first
      return loading
    },
    loaded: () => loaded,
    clientWith,
    async clientOf(caipNetworkId) {
      networkOf(caipNetworkId) // an unknown network fails before anything loads
      return clientWith(await runtime(), caipNetworkId)
    },
    close() {
      lifetime.abort()
      clients.clear()
    },
  }
}
