import {
  type Address,
  decodeEventLog,
  erc20Abi,
  type Hash,
  type Log,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import type { Chain, ChainRegistry } from '../chains/index.js'
import { ApiError } from '../http/errors.js'

/**
 * What the chain says a transaction paid one recipient in one asset. Read from the network's own
 * RPC by the gateway: the browser only names a hash, never an amount or a status.
 */
export interface ChainPayment {
  hash: string
  payer: string
  /** Base units the recipient received in the asset (0 when none). */
  paid: bigint
  /** Whether the recipient received something else in this transaction (another token, or ETH). */
  paidOtherAsset: boolean
  blockNumber: number
  confirmations: number
}

/** The read failed (RPC down, malformed answer): 502, and nothing is recorded. */
export const chainUnavailable = (network: string, cause: unknown) =>
  Object.assign(new ApiError(502, 'chain_unavailable', `Could not read ${network}; try again`), { cause })

type Read =
  | { state: 'missing' }
  | { state: 'pending' }
  | { state: 'reverted'; blockNumber: number }
  | { state: 'mined'; payment: ChainPayment }

/**
 * Reads transaction `hash` on an EVM chain and measures what it paid `recipient` in `asset`
 * (`native`: the transaction's value when sent to the recipient; a token: the sum of its ERC-20
 * `Transfer` events to the recipient emitted by that contract). Confirmations count the block that
 * holds it: 1 in the head block.
 */
export async function readEvmPayment(
  chain: Chain,
  hash: Hash,
  recipient: string,
  asset: string,
): Promise<Read> {
  const client = chain.client
  let receipt: TransactionReceipt
  try {
    receipt = await client.getTransactionReceipt({ hash })
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError))
      throw chainUnavailable(chain.caipNetworkId, error)
    try {
      await client.getTransaction({ hash })
      return { state: 'pending' }
    } catch (inner) {
      if (inner instanceof TransactionNotFoundError) return { state: 'missing' }
      throw chainUnavailable(chain.caipNetworkId, inner)
    }
  }
  const blockNumber = Number(receipt.blockNumber)
  if (receipt.status !== 'success') return { state: 'reverted', blockNumber }
  let head: bigint
  let value: bigint
  try {
    const [h, tx] = await Promise.all([
      client.getBlockNumber({ cacheTime: 0 }),
      client.getTransaction({ hash }),
    ])
    head = h
    value = tx.to?.toLowerCase() === recipient ? tx.value : 0n
  } catch (error) {
    throw chainUnavailable(chain.caipNetworkId, error)
  }
  const transfers = tokenTransfersTo(receipt.logs, recipient)
  const paid = asset === 'native' ? value : (transfers.get(asset) ?? 0n)
  const paidOtherAsset =
    asset === 'native' ? transfers.size > 0 : value > 0n || [...transfers.keys()].some((t) => t !== asset)
  return {
    state: 'mined',
    payment: {
      hash,
      payer: receipt.from.toLowerCase(),
      paid,
      paidOtherAsset,
      blockNumber,
      confirmations: Math.max(0, Number(head - receipt.blockNumber) + 1),
    },
  }
}

/** ERC-20 `Transfer` amounts to `recipient` in these logs, by lower-case token contract. */
function tokenTransfersTo(logs: readonly Log[], recipient: string): Map<string, bigint> {
  const out = new Map<string, bigint>()
  for (const log of logs) {
    // ERC-721 Transfer has the same signature with an indexed id: only 3-topic logs with 32 bytes of data are ERC-20.
    if (log.topics.length !== 3 || log.data.length !== 66) continue
    let decoded: { eventName: string; args: { to?: Address; value?: bigint } }
    try {
      decoded = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics }) as typeof decoded
    } catch {
      continue // not a Transfer / Approval of the ERC-20 shape: another event, not a payment
    }
    if (decoded.eventName !== 'Transfer' || decoded.args.to?.toLowerCase() !== recipient) continue
    const token = log.address.toLowerCase()
    out.set(token, (out.get(token) ?? 0n) + (decoded.args.value ?? 0n))
  }
  return out
}

/**
 * The configured EVM network other than `network` on which `hash` was mined, if any: a visitor who
 * paid on the wrong network is told which one, rather than "not found".
 */
export async function findOnOtherNetwork(
  chains: ChainRegistry,
  network: string,
  hash: Hash,
): Promise<string | undefined> {
  const others = chains.all().filter((c) => c.caipNetworkId !== network)
  const found = await Promise.all(
    others.map(async (c) => {
      try {
        await c.client.getTransactionReceipt({ hash })
        return c.caipNetworkId
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return undefined
        // Another network being down must not hide the answer of this one.
        return undefined
      }
    }),
  )
  return found.find((n) => n !== undefined)
}
