/**
 * What a JSON-RPC call costs against the RPC call limit: a plain read weighs 1; `eth_getLogs`,
 * `getProgramAccounts` and an `eth_call` with state overrides weigh what the configuration says
 * (they cost the upstream far more than a balance read). `debug_`-class methods are never allowed
 * (see the allowlist), so they have no weight.
 */
export interface CallWeights {
  /** `eth_getLogs`. */
  getLogs: number
  /** Solana `getProgramAccounts`. */
  getProgramAccounts: number
  /** `eth_call` / `eth_estimateGas` with a state-override object (third parameter). */
  stateOverride: number
}

export const DEFAULT_CALL_WEIGHTS: CallWeights = { getLogs: 10, getProgramAccounts: 20, stateOverride: 5 }

/** The weight of one call (1 when the method is not one of the heavy ones). */
export function callWeight(method: unknown, params: unknown, weights: CallWeights): number {
  if (method === 'eth_getLogs') return weights.getLogs
  if (method === 'getProgramAccounts') return weights.getProgramAccounts
  if ((method === 'eth_call' || method === 'eth_estimateGas') && Array.isArray(params)) {
    const overrides = params[2]
    if (overrides !== null && typeof overrides === 'object' && Object.keys(overrides).length > 0)
      return weights.stateOverride
  }
  return 1
}

/** The weight of a request body: one call, or the sum over a batch's calls (at least 1). */
export function bodyWeight(body: unknown, weights: CallWeights): number {
  const calls = Array.isArray(body) ? body : [body]
  let total = 0
  for (const c of calls) {
    const call = c !== null && typeof c === 'object' ? (c as Record<string, unknown>) : {}
    total += callWeight(call.method, call.params, weights)
  }
  return Math.max(1, total)
}

const NUMBER = /^0x[0-9a-fA-F]{1,16}$/

/**
 * Why an `eth_getLogs` filter asks for more than `maxRange` blocks, or undefined when it does not.
 * A range is known when both ends are block numbers; `earliest` (or 0x0) up to a tag is the whole chain,
 * so it is refused too. A `blockHash` filter names one block.
 */
export function logsRangeRefusal(params: unknown, maxRange: number): string | undefined {
  const filter = Array.isArray(params) ? params[0] : undefined
  if (filter === null || typeof filter !== 'object') return undefined
  const f = filter as Record<string, unknown>
  if (typeof f.blockHash === 'string') return undefined
  const from = f.fromBlock ?? 'latest'
  const to = f.toBlock ?? 'latest'
  const fromNumber =
    typeof from === 'string' && NUMBER.test(from) ? BigInt(from) : from === 'earliest' ? 0n : undefined
  const toNumber = typeof to === 'string' && NUMBER.test(to) ? BigInt(to) : to === 'earliest' ? 0n : undefined
  const why = `eth_getLogs covers at most ${maxRange} blocks`
  if (fromNumber !== undefined && toNumber !== undefined) {
    return toNumber - fromNumber + 1n > BigInt(maxRange)
      ? `${why} (asked ${toNumber - fromNumber + 1n})`
      : undefined
  }
  // From the genesis up to a tag (latest, safe, finalized, pending): the whole chain.
  if (fromNumber === 0n) return `${why} (asked from the first block to ${String(to)})`
  return undefined
}
