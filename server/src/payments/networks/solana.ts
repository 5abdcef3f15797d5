import { isSolanaPublicKey } from '../../chains/index.js'
import { rpcBatch } from '../../chains/solana.js'
import type { SolanaNetworkConfig } from '../../config/index.js'
import { base58Decode } from '../../shared/base58.js'
import { type ChainRead, chainUnavailable, type PaymentAsset, type PaymentNetwork } from './types.js'

/** A transaction mined up to this long before its payment was made still pays it (clock skew). */
export const SOLANA_PAYMENT_WINDOW_MS = 60_000

interface TokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string }
}

interface RpcTransaction {
  slot: number
  blockTime: number | null
  transaction: { message: { accountKeys: string[] } }
  meta: {
    err: unknown
    fee: number
    preBalances: number[]
    postBalances: number[]
    preTokenBalances?: TokenBalance[]
    postTokenBalances?: TokenBalance[]
    loadedAddresses?: { writable: string[]; readonly: string[] }
  } | null
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
const isTokenBalance = (b: unknown): b is TokenBalance => {
  const t = b as TokenBalance
  return (
    typeof t === 'object' &&
    t !== null &&
    isCount(t.accountIndex) &&
    typeof t.mint === 'string' &&
    (t.owner === undefined || typeof t.owner === 'string') &&
    typeof t.uiTokenAmount?.amount === 'string' &&
    /^[0-9]{1,40}$/.test(t.uiTokenAmount.amount)
  )
}

/** Checks getTransaction's answer; anything else is a read failure (502), never a wrong verdict. */
function checkTransaction(value: unknown): RpcTransaction {
  const t = value as RpcTransaction
  const m = t?.meta
  const strings = (a: unknown) => Array.isArray(a) && a.every((k) => typeof k === 'string')
  const ok =
    typeof t === 'object' &&
    t !== null &&
    isCount(t.slot) &&
    (t.blockTime === null || isCount(t.blockTime)) &&
    strings(t.transaction?.message?.accountKeys) &&
    typeof m === 'object' &&
    m !== null &&
    isCount(m.fee) &&
    Array.isArray(m.preBalances) &&
    m.preBalances.every(isCount) &&
    Array.isArray(m.postBalances) &&
    m.postBalances.every(isCount) &&
    (m.preTokenBalances === undefined ||
      (Array.isArray(m.preTokenBalances) && m.preTokenBalances.every(isTokenBalance))) &&
    (m.postTokenBalances === undefined ||
      (Array.isArray(m.postTokenBalances) && m.postTokenBalances.every(isTokenBalance))) &&
    (m.loadedAddresses === undefined ||
      (strings(m.loadedAddresses.writable) && strings(m.loadedAddresses.readonly)))
  if (!ok) throw new Error('getTransaction answered a malformed transaction')
  return t
}

/** Token amounts by mint that accounts owned by `owner` gained in the transaction (post − pre, per account). */
function tokenGains(meta: NonNullable<RpcTransaction['meta']>, owner: string): Map<string, bigint> {
  const pre = new Map(
    (meta.preTokenBalances ?? []).map((b) => [b.accountIndex, BigInt(b.uiTokenAmount.amount)]),
  )
  const out = new Map<string, bigint>()
  for (const b of meta.postTokenBalances ?? []) {
    if (b.owner !== owner) continue
    const gain = BigInt(b.uiTokenAmount.amount) - (pre.get(b.accountIndex) ?? 0n)
    if (gain > 0n) out.set(b.mint, (out.get(b.mint) ?? 0n) + gain)
  }
  return out
}

/**
 * Measures what a landed Solana transaction paid `recipient`: native SOL is the recipient's
 * lamport balance change (its fee added back when it paid the fee itself), an SPL token the gain
 * of the token accounts the recipient owns in that mint (`pre/postTokenBalances`).
 */
function measureSolanaPayment(
  tx: RpcTransaction,
  signature: string,
  recipient: string,
  asset: string,
  slot: number,
): ChainRead {
  const meta = tx.meta!
  if (meta.err !== null && meta.err !== undefined) return { state: 'reverted', blockNumber: tx.slot }
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ]
  const at = keys.indexOf(recipient)
  let lamports = 0n
  if (at >= 0 && at < meta.preBalances.length && at < meta.postBalances.length) {
    lamports =
      BigInt(meta.postBalances[at]!) - BigInt(meta.preBalances[at]!) + (at === 0 ? BigInt(meta.fee) : 0n)
    if (lamports < 0n) lamports = 0n
  }
  const tokens = tokenGains(meta, recipient)
  const paid = asset === 'native' ? lamports : (tokens.get(asset) ?? 0n)
  const paidOtherAsset =
    asset === 'native' ? tokens.size > 0 : lamports > 0n || [...tokens.keys()].some((m) => m !== asset)
  return {
    state: 'mined',
    payment: {
      hash: signature,
      payer: keys[0] ?? '',
      paid,
      paidOtherAsset,
      blockNumber: tx.slot,
      confirmations: Math.max(1, slot - tx.slot + 1),
      ...(tx.blockTime !== null ? { minedAt: tx.blockTime * 1000 } : {}),
    },
  }
}

/**
 * A Solana network as a payment network: native SOL (`native`) and the configured SPL tokens (by
 * mint or symbol). A transaction pays when the node's `getTransaction` (commitment `confirmed`)
 * shows it succeeded and the recipient's balance rose by the amount; confirmations count slots
 * from the node's confirmed slot; it must be mined no earlier than a minute before the payment
 * was created. Nobody-reported payments are found through `getSignaturesForAddress` (native SOL:
 * the recipient is an account of the transfer; an SPL transfer names the token account, so SPL
 * payments need the browser's report).
 */
export function solanaPaymentNetwork(network: SolanaNetworkConfig): PaymentNetwork {
  const id = network.caipNetworkId
  const native = network.nativeCurrency ?? { name: 'Solana', symbol: 'SOL', decimals: 9 }
  const call = async (calls: { method: string; params: unknown[] }[]) => {
    try {
      return await rpcBatch(network.rpcUrl, calls)
    } catch (cause) {
      throw chainUnavailable(id, cause)
    }
  }
  return {
    caipNetworkId: id,
    namespace: 'solana',
    windowMs: SOLANA_PAYMENT_WINDOW_MS,
    asset(asset): PaymentAsset | undefined {
      if (asset.toLowerCase() === 'native')
        return { id: 'native', symbol: native.symbol, decimals: native.decimals }
      const t = (network.tokens ?? []).find(
        (x) => x.mint === asset || x.symbol.toLowerCase() === asset.toLowerCase(),
      )
      return t && { id: t.mint, symbol: t.symbol, decimals: t.decimals }
    },
    recipient: (value) => (isSolanaPublicKey(value) ? value : undefined),
    txId: (value) => (base58Decode(value)?.length === 64 ? value : undefined),
    async seen(signature) {
      const [statuses] = await call([
        { method: 'getSignatureStatuses', params: [[signature], { searchTransactionHistory: true }] },
      ])
      return Boolean((statuses as { value?: unknown[] } | null)?.value?.[0])
    },
    async read(signature, recipient, asset) {
      const commitment = { commitment: 'confirmed' }
      const [txValue, slotValue, statuses] = await call([
        {
          method: 'getTransaction',
          params: [signature, { ...commitment, encoding: 'json', maxSupportedTransactionVersion: 0 }],
        },
        { method: 'getSlot', params: [commitment] },
        { method: 'getSignatureStatuses', params: [[signature], { searchTransactionHistory: true }] },
      ])
      if (!isCount(slotValue)) throw chainUnavailable(id, new Error('getSlot answered no slot'))
      if (txValue === null || txValue === undefined) {
        const status = (statuses as { value?: unknown[] } | null)?.value?.[0]
        // Seen by the node but not confirmed yet: report it again once it is.
        return status ? { state: 'pending' } : { state: 'missing' }
      }
      let tx: RpcTransaction
      try {
        tx = checkTransaction(txValue)
      } catch (cause) {
        throw chainUnavailable(id, cause)
      }
      return measureSolanaPayment(tx, signature, recipient, asset, slotValue)
    },
    async candidates(recipient, asset, since) {
      if (asset !== 'native') return []
      const [list] = await call([
        { method: 'getSignaturesForAddress', params: [recipient, { limit: 25, commitment: 'confirmed' }] },
      ])
      if (!Array.isArray(list))
        throw chainUnavailable(id, new Error('getSignaturesForAddress answered no list'))
      return list
        .filter(
          (s: { signature?: unknown; err?: unknown; blockTime?: unknown }) =>
            typeof s?.signature === 'string' &&
            s.err === null &&
            (typeof s.blockTime !== 'number' || s.blockTime * 1000 >= since - SOLANA_PAYMENT_WINDOW_MS),
        )
        .map((s: { signature: string }) => s.signature)
        .reverse()
    },
  }
}
