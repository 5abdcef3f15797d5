import {
  RPC_BATCH_SIZE,
  RPC_POLLING_INTERVAL_MS,
  RPC_RANK_LATENCY_WEIGHT,
  RPC_RANK_PING_TIMEOUT_MS,
  RPC_RANK_SAMPLE_COUNT,
  RPC_RANK_STABILITY_WEIGHT,
  RPC_TIMEOUT_MS,
} from '@portico/core'
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

/** RPC transport settings; every default is a SPEC §9 number. */
export interface EvmTransportOptions {
  /** Request time-out per RPC URL (default 10 s). */
  timeout?: number
  /** JSON-RPC batch size (default 1000). */
  batchSize?: number
  /** Polling interval of the client and rank interval of the fallback (default 4 s). */
  pollingInterval?: number
  /**
   * Rank the RPC URLs by latency and stability in the background (default on:
   * 10 samples, weights 0.7 stability / 0.3 latency, 1 s ping time-out).
   */
  rank?: boolean
  /** Retries per URL before falling back to the next (default 0: fall back at once). */
  retryCount?: number
  /** Sees every HTTP request (e.g. to count round trips). */
  onFetchRequest?: (request: Request) => void
  /** Aborting it stops the background ranking (the adapter aborts on `destroy`). */
  signal?: AbortSignal
}

/** The settings in force, for inspection and tests. */
export function resolveTransportOptions(options: EvmTransportOptions = {}) {
  return {
    timeout: options.timeout ?? RPC_TIMEOUT_MS,
    batchSize: options.batchSize ?? RPC_BATCH_SIZE,
    pollingInterval: options.pollingInterval ?? RPC_POLLING_INTERVAL_MS,
    rank: options.rank ?? true,
    retryCount: options.retryCount ?? 0,
    rankOptions: {
      sampleCount: RPC_RANK_SAMPLE_COUNT,
      timeout: RPC_RANK_PING_TIMEOUT_MS,
      weights: { stability: RPC_RANK_STABILITY_WEIGHT, latency: RPC_RANK_LATENCY_WEIGHT },
    },
  }
}

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
