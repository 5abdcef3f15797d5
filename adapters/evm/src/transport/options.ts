import {
  RPC_BATCH_SIZE,
  RPC_POLLING_INTERVAL_MS,
  RPC_RANK_LATENCY_WEIGHT,
  RPC_RANK_PING_TIMEOUT_MS,
  RPC_RANK_SAMPLE_COUNT,
  RPC_RANK_STABILITY_WEIGHT,
  RPC_TIMEOUT_MS,
} from '@portico/core'

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
