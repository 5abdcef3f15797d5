import {
  type Chain,
  createPublicClient,
  defineChain,
  fallback,
  http,
  type PublicClient,
  type Transport,
} from 'viem'
import type { EvmNetwork } from '../networks/index.js'
import { type EvmTransportOptions, resolveTransportOptions } from './options.js'

/**
 * The transport of one network: an HTTP transport per RPC URL (JSON-RPC
 * batching, time-out), wrapped in a fallback that moves on when a URL refuses
 * connections, errors or times out, and ranks the URLs (SPEC §9).
 *
 * @example
 * const transport = createEvmTransport(mainnet, { timeout: 5_000 })
 */
export function createEvmTransport(network: EvmNetwork, options: EvmTransportOptions = {}): Transport {
  const o = resolveTransportOptions(options)
  const urls = network.rpcUrls.default.http
  const transports = urls.map((url) =>
    http(url, {
      timeout: o.timeout,
      retryCount: o.retryCount,
      batch: { batchSize: o.batchSize, wait: 0 },
      ...(options.onFetchRequest ? { onFetchRequest: options.onFetchRequest } : {}),
    }),
  )
  if (transports.length === 1) return transports[0] as Transport
  const signal = options.signal
  return fallback(transports, {
    retryCount: o.retryCount,
    rank: o.rank
      ? {
          interval: o.pollingInterval,
          ...o.rankOptions,
          // viem's rank loop has no stop: once aborted, the ping never settles,
          // so the loop parks on a promise with no timer and is collected.
          ping: ({ transport }) =>
            signal?.aborted ? new Promise<never>(() => {}) : transport.request({ method: 'eth_chainId' }),
        }
      : false,
  })
}

/** A viem chain object for a Portico EVM network. */
export function toViemChain(network: EvmNetwork): Chain {
  return defineChain({
    id: network.id,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.contracts?.multicall3 ? { contracts: { multicall3: network.contracts.multicall3 } } : {}),
    ...(network.testnet ? { testnet: true } : {}),
  })
}

/** A public client (reads) for one network over `createEvmTransport`. */
export function createEvmPublicClient(network: EvmNetwork, options: EvmTransportOptions = {}): PublicClient {
  return createPublicClient({
    chain: toViemChain(network),
    transport: createEvmTransport(network, options),
    pollingInterval: resolveTransportOptions(options).pollingInterval,
  })
}
