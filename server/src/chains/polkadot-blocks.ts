import { Metadata, TypeRegistry } from '@polkadot/types'
import type { EventRecord } from '@polkadot/types/interfaces'
import { blake2AsHex } from '@polkadot/util-crypto'
import { rpc } from './polkadot.js'

// Storage keys: twox128(pallet) ‖ twox128(item), fixed strings of every runtime.
const SYSTEM_EVENTS = '0x26aa394eea5630e07c48ae0c9558cef780d41e5e16056765bc8461851072c9d7'
const TIMESTAMP_NOW = '0xf0c365c3cf59d671eb72da0e7a4113c49f1f0515f462cdcf84e0f1d6045dfcbb'
const HEX = /^0x([0-9a-f]{2})*$/
const HASH = /^0x[0-9a-f]{64}$/

/** One token movement of an extrinsic: `asset` is undefined for the native token, else the Assets-pallet id. */
export interface BlockTransfer {
  asset?: number
  /** 32-byte account ids, hex without 0x. */
  from: string
  to: string
  amount: bigint
}

/** What one signed extrinsic moved, who paid its fee and whether it succeeded. */
export interface BlockExtrinsic {
  index: number
  /** blake2-256 of the extrinsic's bytes: the hash explorers and wallets show. */
  hash: string
  transfers: BlockTransfer[]
  feePayer?: string
  fee?: bigint
  failed: boolean
}

/** A block as the history reads it: number, hash, time and the extrinsics that moved tokens or paid fees. */
export interface BlockSummary {
  number: number
  hash: string
  /** Milliseconds (Timestamp.Now). */
  time: number
  extrinsics: BlockExtrinsic[]
}

/** Decoded metadata per network and runtime version: one decode per runtime upgrade. */
const registries = new Map<string, Promise<TypeRegistry>>()

async function registryAt(rpcUrl: string, network: string, hash: string): Promise<TypeRegistry> {
  const version = (await rpc(rpcUrl, 'state_getRuntimeVersion', [hash])) as { specVersion?: unknown }
  if (typeof version?.specVersion !== 'number') throw new Error('state_getRuntimeVersion: no specVersion')
  const key = `${network}|${version.specVersion}`
  let registry = registries.get(key)
  if (!registry) {
    registry = (async () => {
      const metadata = await rpc(rpcUrl, 'state_getMetadata', [hash])
      if (typeof metadata !== 'string' || !HEX.test(metadata)) throw new Error('state_getMetadata: not hex')
      const r = new TypeRegistry()
      r.setMetadata(new Metadata(r, metadata as `0x${string}`))
      return r
    })()
    registries.set(key, registry)
    // A failed read is not kept: the next request tries again.
    registry.catch(() => registries.delete(key))
  }
  return registry
}

const accountHex = (v: { toHex(): string }) => v.toHex().slice(2)

/** Reads the transfers out of a block's events (Balances.Transfer, Assets.Transferred) per extrinsic. */
function summarize(records: EventRecord[], extrinsicHashes: string[]): BlockExtrinsic[] {
  const byIndex = new Map<number, BlockExtrinsic>()
  const entry = (index: number) => {
    let e = byIndex.get(index)
    if (!e) {
      e = { index, hash: extrinsicHashes[index] ?? '', transfers: [], failed: false }
      byIndex.set(index, e)
    }
    return e
  }
  for (const { phase, event } of records) {
    // Movements at block initialization/finalization (rewards, on-idle tasks) belong to no extrinsic: not listed.
    if (!phase.isApplyExtrinsic) continue
    const index = phase.asApplyExtrinsic.toNumber()
    const [a, b, c, d] = event.data as unknown as { toHex(): string; toString(): string }[]
    const key = `${event.section}.${event.method}`
    if (key === 'balances.Transfer' && a && b && c) {
      entry(index).transfers.push({ from: accountHex(a), to: accountHex(b), amount: BigInt(c.toString()) })
    } else if (key === 'assets.Transferred' && a && b && c && d) {
      entry(index).transfers.push({
        asset: Number(a.toString()),
        from: accountHex(b),
        to: accountHex(c),
        amount: BigInt(d.toString()),
      })
    } else if (key === 'transactionPayment.TransactionFeePaid' && a && b) {
      // Runtimes since 2022 report the fee actually paid (after refunds).
      const e = entry(index)
      e.feePayer = accountHex(a)
      e.fee = BigInt(b.toString())
    } else if (key === 'balances.Withdraw' && a && b && entry(index).fee === undefined) {
      // Older runtimes: the fee is the first withdrawal of the extrinsic (before it dispatches).
      const e = entry(index)
      e.feePayer = accountHex(a)
      e.fee = BigInt(b.toString())
    } else if (key === 'system.ExtrinsicFailed') {
      entry(index).failed = true
    }
  }
  return [...byIndex.values()].filter((e) => e.transfers.length > 0 || e.fee !== undefined)
}

/** Reads block `number` (hash, extrinsic hashes, events, time) and decodes it with the runtime's metadata. */
export async function readBlock(rpcUrl: string, network: string, number: number): Promise<BlockSummary> {
  const hash = await rpc(rpcUrl, 'chain_getBlockHash', [number])
  if (typeof hash !== 'string' || !HASH.test(hash)) throw new Error(`chain_getBlockHash(${number}): no block`)
  const [block, events, now, registry] = await Promise.all([
    rpc(rpcUrl, 'chain_getBlock', [hash]),
    rpc(rpcUrl, 'state_getStorage', [SYSTEM_EVENTS, hash]),
    rpc(rpcUrl, 'state_getStorage', [TIMESTAMP_NOW, hash]),
    registryAt(rpcUrl, network, hash),
  ])
  const extrinsics = (block as { block?: { extrinsics?: unknown } } | null)?.block?.extrinsics
  if (!Array.isArray(extrinsics) || !extrinsics.every((x) => typeof x === 'string' && HEX.test(x)))
    throw new Error(`chain_getBlock(${hash}): malformed extrinsics`)
  if (events !== null && (typeof events !== 'string' || !HEX.test(events)))
    throw new Error('System.Events: not hex')
  if (typeof now !== 'string' || !/^0x[0-9a-f]{16}$/.test(now)) throw new Error('Timestamp.Now: not a u64')
  let records: EventRecord[]
  try {
    const decoded = events ? registry.createType('Vec<EventRecord>', events as `0x${string}`) : []
    records = [...(decoded as unknown as Iterable<EventRecord>)]
  } catch (cause) {
    throw new Error(`System.Events of block ${number} do not decode`, { cause })
  }
  return {
    number,
    hash,
    time: Number(Buffer.from(now.slice(2), 'hex').readBigUInt64LE()),
    extrinsics: summarize(
      records,
      (extrinsics as string[]).map((x) => blake2AsHex(x, 256)),
    ),
  }
}

/**
 * Finalized blocks never change: kept per node, network and number (and the
 * newest, unfinalized ones by hash), so the Activity poll reads only new
 * blocks. The node's URL is part of the key: two forks of one chain (two
 * chopsticks in one process, a devnet restarted) share the network id but
 * not their blocks past the fork.
 */
const finalizedBlocks = new Map<string, BlockSummary>()
const BLOCK_CACHE_MAX = 20_000

/** Block `number`, from the cache when it is at or below the finalized `finalized`. */
export async function blockAt(
  rpcUrl: string,
  network: string,
  number: number,
  finalized: number,
): Promise<BlockSummary> {
  const key = `${rpcUrl}|${network}|${number}`
  const cached = finalizedBlocks.get(key)
  if (cached) return cached
  const block = await readBlock(rpcUrl, network, number)
  if (number <= finalized) {
    finalizedBlocks.set(key, block)
    while (finalizedBlocks.size > BLOCK_CACHE_MAX)
      finalizedBlocks.delete(finalizedBlocks.keys().next().value!)
  }
  return block
}

/** The best block number and the finalized one. */
export async function heads(rpcUrl: string): Promise<{ best: number; finalized: number }> {
  const numberOf = (header: unknown) => {
    const n = (header as { number?: unknown } | null)?.number
    if (typeof n !== 'string' || !/^0x[0-9a-f]{1,8}$/.test(n)) throw new Error('malformed header')
    return Number.parseInt(n.slice(2), 16)
  }
  const [best, finalizedHash] = await Promise.all([
    rpc(rpcUrl, 'chain_getHeader', []),
    rpc(rpcUrl, 'chain_getFinalizedHead', []),
  ])
  const finalized = await rpc(rpcUrl, 'chain_getHeader', [finalizedHash])
  return { best: numberOf(best), finalized: numberOf(finalized) }
}
