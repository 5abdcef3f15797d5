import {
  type Address,
  decodeEventLog,
  erc20Abi,
  type Hash,
  isAddress,
  type Log,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem'
import type { Chain } from '../../chains/index.js'
import { type ChainRead, chainUnavailable, type PaymentNetwork } from './types.js'

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
): Promise<ChainRead> {
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

const TX_HASH = /^0x[0-9a-f]{64}$/

/**
 * An EVM network of the gateway as a payment network: the native coin and the configured ERC-20
 * tokens; addresses and hashes lower-case. A reported transaction is verified from its receipt
 * (status, `value` to the recipient, `Transfer` logs of the token); no time window.
 */
export function evmPaymentNetwork(chain: Chain): PaymentNetwork {
  return {
    caipNetworkId: chain.caipNetworkId,
    namespace: 'eip155',
    asset(asset) {
      if (asset.toLowerCase() === 'native') return { id: 'native', ...chain.native }
      const a = asset.toLowerCase()
      const token = chain.tokens.find((t) => t.address.toLowerCase() === a || t.symbol.toLowerCase() === a)
      return token && { id: token.address.toLowerCase(), symbol: token.symbol, decimals: token.decimals }
    },
    recipient: (value) => (isAddress(value, { strict: false }) ? value.toLowerCase() : undefined),
    txId: (value) => (TX_HASH.test(value.toLowerCase()) ? value.toLowerCase() : undefined),
    async seen(hash) {
      try {
        await chain.client.getTransaction({ hash: hash as Hash })
        return true
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return false
        throw chainUnavailable(chain.caipNetworkId, error)
      }
    },
    read: (hash, recipient, asset) => readEvmPayment(chain, hash as Hash, recipient, asset),
  }
}
