import { encodeAddress } from '@polkadot/util-crypto'
import type { HistoryItem, HistoryResponse, HistoryTransfer } from '@portico/core'
import { formatUnits } from 'viem'
import type { PolkadotNetworkConfig } from '../config/index.js'
import { ChainReadError } from './balances.js'
import { ss58AccountId } from './polkadot.js'
import { type BlockExtrinsic, type BlockSummary, blockAt, heads } from './polkadot-blocks.js'

/** Items per Polkadot history page (a page ends at a block boundary, so it may hold a few more). */
export const POLKADOT_HISTORY_PAGE_SIZE = 20
/** Recent blocks read when the network sets no `historyBlocks`. */
export const POLKADOT_HISTORY_BLOCKS = 600
/** The page cursor: the block number the next page reads below (exclusive). */
export const POLKADOT_HISTORY_CURSOR = /^[1-9][0-9]{0,9}$/
/** Blocks read at once. */
const PARALLEL = 8

function amount(
  network: PolkadotNetworkConfig,
  asset: number | undefined,
  value: bigint,
  direction: 'in' | 'out',
): HistoryTransfer {
  const token =
    asset === undefined ? { ...network.nativeCurrency } : network.tokens?.find((t) => t.id === asset)
  // An unlisted asset is named by its id, in base units, never by a guess.
  const symbol = token?.symbol ?? `#${asset}`
  return {
    direction,
    quantity: { numeric: formatUnits(value, token?.decimals ?? 0) },
    fungible_info: { name: token?.name ?? symbol, symbol },
  }
}

/** One extrinsic as a SPEC §3 history item from the side of the account `me` (hex account id). */
function toItem(
  network: PolkadotNetworkConfig,
  me: string,
  block: BlockSummary,
  x: BlockExtrinsic,
): HistoryItem {
  const ss58 = (id: string) => encodeAddress(Buffer.from(id, 'hex'), network.ss58Prefix)
  const transfers: HistoryTransfer[] = []
  let counterparty = ''
  for (const t of x.transfers) {
    if (t.from === me) {
      transfers.push(amount(network, t.asset, t.amount, 'out'))
      counterparty ||= t.to
    }
    if (t.to === me) {
      transfers.push(amount(network, t.asset, t.amount, 'in'))
      counterparty ||= t.from
    }
  }
  const dirs = new Set(transfers.map((t) => t.direction))
  const operationType: HistoryItem['metadata']['operationType'] =
    dirs.size === 1 ? (dirs.has('out') ? 'send' : 'receive') : dirs.size === 2 ? 'trade' : 'execute'
  const incoming = transfers[0]?.direction === 'in'
  const paid = x.feePayer === me && x.fee !== undefined ? amount(network, undefined, x.fee, 'out') : undefined
  return {
    id: `${network.caipNetworkId}:${block.number}-${x.index}`,
    metadata: {
      minedAt: new Date(block.time).toISOString(),
      chain: network.caipNetworkId as `${string}:${string}`,
      hash: x.hash,
      sentFrom: incoming ? ss58(counterparty) : ss58(me),
      sentTo: incoming ? ss58(me) : counterparty ? ss58(counterparty) : '',
      status: x.failed ? 'failed' : 'confirmed',
      operationType,
      ...(paid ? { fee: { numeric: paid.quantity.numeric, symbol: paid.fungible_info!.symbol } } : {}),
    },
    transfers,
  }
}

const concerns = (x: BlockExtrinsic, me: string) =>
  x.feePayer === me || x.transfers.some((t) => t.from === me || t.to === me)

/**
 * An SS58 address's history on a Polkadot-SDK network. Substrate nodes keep
 * no address index, so this reads the recent blocks (`historyBlocks`, default
 * 600) newest first over plain JSON-RPC and decodes their events with the
 * runtime's own metadata: native `Balances.Transfer`, `Assets.Transferred`,
 * and the fee the account paid (`TransactionFeePaid`, or the first
 * `Balances.Withdraw` on older runtimes). Finalized blocks are cached, so a
 * poll reads only the new ones. `cursor` is the block the next page reads below.
 */
export async function polkadotHistory(
  network: PolkadotNetworkConfig,
  address: string,
  cursor: string | undefined,
  limit = POLKADOT_HISTORY_PAGE_SIZE,
): Promise<HistoryResponse> {
  const id = ss58AccountId(address, network.ss58Prefix)
  if (!id) throw new TypeError('not an address of this network')
  const me = Buffer.from(id).toString('hex')
  const data: HistoryItem[] = []
  try {
    const { best, finalized } = await heads(network.rpcUrl)
    const oldest = Math.max(1, best - (network.historyBlocks ?? POLKADOT_HISTORY_BLOCKS) + 1)
    let next = cursor ? Math.min(Number(cursor) - 1, best) : best
    while (next >= oldest && data.length < limit) {
      const numbers: number[] = []
      for (let n = next; n >= oldest && numbers.length < PARALLEL; n--) numbers.push(n)
      const blocks = await Promise.all(
        numbers.map((n) => blockAt(network.rpcUrl, network.caipNetworkId, n, finalized)),
      )
      for (const block of blocks) {
        next = block.number - 1
        for (const x of [...block.extrinsics].reverse()) {
          if (concerns(x, me)) data.push(toItem(network, me, block, x))
        }
        // A block is never split between pages (the cursor is a block number).
        if (data.length >= limit) break
      }
    }
    return { data, next: next >= oldest ? String(next + 1) : null }
  } catch (cause) {
    throw new ChainReadError(`Could not read the history on ${network.caipNetworkId}`, { cause })
  }
}
