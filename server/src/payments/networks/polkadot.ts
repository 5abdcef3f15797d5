import { blake2AsHex, encodeAddress } from '@polkadot/util-crypto'
import { ss58AccountId } from '../../chains/index.js'
import { rpc } from '../../chains/polkadot.js'
import { type BlockExtrinsic, type BlockSummary, blockAt, heads } from '../../chains/polkadot-blocks.js'
import { POLKADOT_HISTORY_BLOCKS } from '../../chains/polkadot-history.js'
import type { PolkadotNetworkConfig } from '../../config/index.js'
import { type ChainRead, chainUnavailable, type PaymentAsset, type PaymentNetwork } from './types.js'

/** A transaction whose block time is up to this long before its payment was made still pays it (clock skew). */
export const POLKADOT_PAYMENT_WINDOW_MS = 60_000

const HASH = /^0x[0-9a-f]{64}$/
const HEX = /^0x([0-9a-f]{2})*$/
/** Blocks read at once while looking for a transaction. */
const PARALLEL = 8
/** Where transactions were found, per network and hash: a re-read checks that one block again. */
const FOUND_MAX = 10_000

/**
 * A Polkadot-SDK network as a payment network, read over plain JSON-RPC with the runtime's own
 * metadata (the blocks the Activity history decodes). A Substrate node keeps no index of
 * transactions: the extrinsic hash the wallet answers is looked for in the recent blocks
 * (`historyBlocks`, default 600) and, when in none, in the pool (`author_pendingExtrinsics`:
 * pending). Assets: `native` and the configured Assets-pallet tokens (by id or symbol). A
 * transaction pays when it succeeded and its `Balances.Transfer` / `Assets.Transferred` events
 * move at least the amount to the recipient; its block time must be at most a minute before the
 * payment was created. Finality is GRANDPA's: confirmations count finalized blocks (finalized
 * head − block + 1), 0 while the block is not finalized, so a payment settles only on a
 * finalized block. Unreported payments are found by reading the blocks since the payment.
 */
export function polkadotPaymentNetwork(network: PolkadotNetworkConfig): PaymentNetwork {
  const id = network.caipNetworkId
  const url = network.rpcUrl
  const depth = network.historyBlocks ?? POLKADOT_HISTORY_BLOCKS
  const found = new Map<string, number>()
  const accountHex = (address: string) => {
    const bytes = ss58AccountId(address, network.ss58Prefix)
    return bytes ? Buffer.from(bytes).toString('hex') : undefined
  }
  const guard = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read()
    } catch (cause) {
      throw chainUnavailable(id, cause)
    }
  }
  const assetKey = (asset: string) => (asset === 'native' ? undefined : Number(asset))

  /** Reads blocks from `from` down to `to` (inclusive), newest first, until `stop` says so. */
  async function scan(
    from: number,
    to: number,
    finalized: number,
    stop: (block: BlockSummary) => boolean,
  ): Promise<void> {
    let next = from
    while (next >= to) {
      const numbers: number[] = []
      for (let n = next; n >= to && numbers.length < PARALLEL; n--) numbers.push(n)
      const blocks = await Promise.all(numbers.map((n) => blockAt(url, id, n, finalized)))
      for (const block of blocks) if (stop(block)) return
      next = numbers.at(-1)! - 1
    }
  }

  /** The block holding extrinsic `hash` among the recent ones, and the extrinsic. */
  async function locate(
    hash: string,
  ): Promise<{ block: BlockSummary; x: BlockExtrinsic; finalized: number } | undefined> {
    const { best, finalized } = await heads(url)
    const hit = (block: BlockSummary) => {
      const x = block.extrinsics.find((e) => e.hash === hash)
      return x && { block, x, finalized }
    }
    const known = found.get(hash)
    // Where it was found before (a re-read for confirmations); a re-org may have moved it: then look again.
    if (known !== undefined && known <= best) {
      const at = hit(await blockAt(url, id, known, finalized))
      if (at) return at
    }
    let result: ReturnType<typeof hit>
    await scan(best, Math.max(1, best - depth + 1), finalized, (block) => {
      result = hit(block)
      return result !== undefined
    })
    if (result) {
      found.set(hash, result.block.number)
      while (found.size > FOUND_MAX) found.delete(found.keys().next().value!)
    }
    return result
  }

  async function inPool(hash: string): Promise<boolean> {
    const pending = await rpc(url, 'author_pendingExtrinsics', [])
    if (!Array.isArray(pending) || !pending.every((x) => typeof x === 'string' && HEX.test(x)))
      throw new Error('author_pendingExtrinsics answered no list of extrinsics')
    return pending.some((x) => blake2AsHex(x, 256) === hash)
  }

  return {
    caipNetworkId: id,
    namespace: 'polkadot',
    windowMs: POLKADOT_PAYMENT_WINDOW_MS,
    asset(asset): PaymentAsset | undefined {
      const native = network.nativeCurrency
      if (asset.toLowerCase() === 'native' || asset.toLowerCase() === native.symbol.toLowerCase())
        return { id: 'native', symbol: native.symbol, decimals: native.decimals }
      const t = (network.tokens ?? []).find(
        (x) => String(x.id) === asset || x.symbol.toLowerCase() === asset.toLowerCase(),
      )
      return t && { id: String(t.id), symbol: t.symbol, decimals: t.decimals }
    },
    // An account id has one SS58 form per prefix: the address as given is canonical once checked.
    recipient: (value) => (accountHex(value) ? value : undefined),
    txId: (value) => (HASH.test(value.toLowerCase()) ? value.toLowerCase() : undefined),
    seen: (hash) => guard(async () => (await locate(hash)) !== undefined || (await inPool(hash))),
    read: (hash, recipient, asset) =>
      guard(async (): Promise<ChainRead> => {
        const at = await locate(hash)
        if (!at) return (await inPool(hash)) ? { state: 'pending' } : { state: 'missing' }
        const { block, x, finalized } = at
        if (x.failed) return { state: 'reverted', blockNumber: block.number }
        const me = accountHex(recipient)
        const key = assetKey(asset)
        let paid = 0n
        let paidOtherAsset = false
        let payer = x.feePayer
        for (const t of x.transfers) {
          if (t.to !== me) continue
          if (t.asset === key) {
            paid += t.amount
            payer ??= t.from
          } else paidOtherAsset = true
        }
        return {
          state: 'mined',
          payment: {
            hash,
            payer: payer ? encodeAddress(Buffer.from(payer, 'hex'), network.ss58Prefix) : '',
            paid,
            paidOtherAsset,
            blockNumber: block.number,
            confirmations: block.number <= finalized ? finalized - block.number + 1 : 0,
            minedAt: block.time,
          },
        }
      }),
    candidates: (recipient, asset, since) =>
      guard(async () => {
        const me = accountHex(recipient)
        const key = assetKey(asset)
        const { best, finalized } = await heads(url)
        const out: string[] = []
        await scan(best, Math.max(1, best - depth + 1), finalized, (block) => {
          if (block.time < since - POLKADOT_PAYMENT_WINDOW_MS) return true
          for (const x of block.extrinsics)
            if (!x.failed && x.transfers.some((t) => t.to === me && t.asset === key)) {
              out.push(x.hash)
              found.set(x.hash, block.number)
            }
          return false
        })
        // Oldest first, as the other networks list them.
        return out.reverse()
      }),
  }
}
