import type { ApiPromise } from '@polkadot/api'
import { PorticoError } from '@portico/core'
import { PolkadotDispatchError } from '../errors/index.js'

/** Where a sent transaction landed (its dispatch succeeded). */
export interface PolkadotInclusion {
  hash: string
  blockHash: string
  blockNumber: number
  status: 'success'
}

/** How long `waitForInclusion` looks before giving up. */
export const INCLUSION_TIMEOUT_MS = 120_000
const POLL_MS = 300

interface EventRecordLike {
  phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } }
  event: { section: string; method: string; data: unknown[] }
}

/**
 * Waits until the extrinsic `hash` is in a block from `fromBlock` on, by
 * reading blocks (not by a submit-and-watch subscription, whose notices a
 * node may send before the client knows the subscription), then reads that
 * block's events: `ExtrinsicSuccess` resolves, `ExtrinsicFailed` rejects
 * with `PolkadotDispatchError` naming the pallet error.
 */
export async function waitForInclusion(
  api: ApiPromise,
  hash: string,
  fromBlock: number,
  timeoutMs = INCLUSION_TIMEOUT_MS,
): Promise<PolkadotInclusion> {
  const deadline = Date.now() + timeoutMs
  let next = Math.max(0, fromBlock)
  while (Date.now() < deadline) {
    const head = (await api.rpc.chain.getHeader()).number.toNumber()
    for (; next <= head; next++) {
      const blockHash = await api.rpc.chain.getBlockHash(next)
      const block = await api.rpc.chain.getBlock(blockHash)
      const index = block.block.extrinsics.findIndex((ex) => ex.hash.toHex() === hash)
      if (index >= 0) return await outcome(api, hash, blockHash.toHex(), next, index)
    }
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
  throw new PorticoError('The transaction was not included in time', {
    code: 'TRANSACTION_TIMEOUT',
    details: `${hash} not found in blocks ${fromBlock}…${next - 1} within ${timeoutMs / 1000} s`,
  })
}

async function outcome(
  api: ApiPromise,
  hash: string,
  blockHash: string,
  blockNumber: number,
  index: number,
): Promise<PolkadotInclusion> {
  const at = await api.at(blockHash)
  const events = (await at.query.system!.events!()) as unknown as EventRecordLike[]
  for (const { phase, event } of events) {
    if (!phase.isApplyExtrinsic || phase.asApplyExtrinsic.toNumber() !== index || event.section !== 'system')
      continue
    if (event.method === 'ExtrinsicSuccess') return { hash, blockHash, blockNumber, status: 'success' }
    if (event.method === 'ExtrinsicFailed') throw dispatchFailure(api, event.data[0], blockHash)
  }
  throw new PorticoError('The transaction outcome is unknown', {
    code: 'TRANSACTION_OUTCOME_UNKNOWN',
    details: `no ExtrinsicSuccess/Failed event for ${hash} in ${blockHash}`,
  })
}

interface DispatchErrorLike {
  isModule?: boolean
  asModule?: unknown
  type?: string
}

function dispatchFailure(api: ApiPromise, raw: unknown, blockHash: string): PolkadotDispatchError {
  const error = raw as DispatchErrorLike | undefined
  if (error?.isModule) {
    try {
      const meta = api.registry.findMetaError(
        error.asModule as Parameters<typeof api.registry.findMetaError>[0],
      )
      return new PolkadotDispatchError({
        pallet: meta.section,
        error: meta.name,
        docs: meta.docs.join(' '),
        blockHash,
      })
    } catch {
      // An unknown module error index: fall back to the generic name below.
    }
  }
  return new PolkadotDispatchError({ error: error?.type ?? 'Unknown', blockHash })
}
