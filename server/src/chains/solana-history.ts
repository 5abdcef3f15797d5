import type { HistoryItem, HistoryResponse, HistoryTransfer } from '@portico/core'
import { formatUnits } from 'viem'
import type { SolanaNetworkConfig } from '../config/index.js'
import { ChainReadError } from './balances.js'
import { rpcBatch } from './solana.js'

/** Transactions per Solana history page. */
export const SOLANA_HISTORY_PAGE_SIZE = 20

/** A signature (base58, 64 bytes): the page cursor is the last signature of the previous page. */
export const SOLANA_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/

interface SignatureInfo {
  signature: string
  err: unknown
  blockTime: number | null
}

interface TokenBalanceEntry {
  accountIndex?: number
  mint?: string
  owner?: string
  uiTokenAmount?: { amount?: string; decimals?: number }
}

interface RpcTransaction {
  blockTime?: number | null
  transaction?: { message?: { accountKeys?: (string | { pubkey?: string })[] } }
  meta?: {
    err?: unknown
    fee?: number
    preBalances?: number[]
    postBalances?: number[]
    preTokenBalances?: TokenBalanceEntry[] | null
    postTokenBalances?: TokenBalanceEntry[] | null
    loadedAddresses?: { writable?: string[]; readonly?: string[] } | null
  } | null
}

/**
 * A confirmed transaction never changes: kept by signature (per network) so
 * the 5-second Activity poll reads only the signature list again.
 */
const transactions = new Map<string, RpcTransaction>()
const TRANSACTION_CACHE_MAX = 5000

function remember(key: string, tx: RpcTransaction) {
  transactions.set(key, tx)
  while (transactions.size > TRANSACTION_CACHE_MAX) transactions.delete(transactions.keys().next().value!)
}

/**
 * A Solana address's history from the network's RPC node: its signatures
 * (`getSignaturesForAddress`, newest first, a page at a time) and each
 * transaction (`getTransaction`), read as the address's own balance changes:
 * SOL from the lamport balances (the fee it paid left out), SPL tokens from
 * the token balances of the accounts it owns.
 */
export async function solanaHistory(
  network: SolanaNetworkConfig,
  address: string,
  before: string | undefined,
  limit = SOLANA_HISTORY_PAGE_SIZE,
): Promise<HistoryResponse> {
  const commitment = 'confirmed'
  let list: SignatureInfo[]
  let txs: (RpcTransaction | null)[]
  try {
    const [answer] = await rpcBatch(network.rpcUrl, [
      {
        method: 'getSignaturesForAddress',
        params: [address, { limit, commitment, ...(before ? { before } : {}) }],
      },
    ])
    if (!Array.isArray(answer)) throw new Error('getSignaturesForAddress: the answer is not a list')
    list = (answer as SignatureInfo[]).filter(
      (s) => s && typeof s.signature === 'string' && SOLANA_SIGNATURE.test(s.signature),
    )
    const missing = list.filter((s) => !transactions.has(`${network.caipNetworkId}|${s.signature}`))
    const read =
      missing.length === 0
        ? []
        : await rpcBatch(
            network.rpcUrl,
            missing.map((s) => ({
              method: 'getTransaction',
              params: [s.signature, { commitment, encoding: 'json', maxSupportedTransactionVersion: 0 }],
            })),
          )
    missing.forEach((s, i) => {
      const tx = read[i] as RpcTransaction | null
      if (tx && typeof tx === 'object') remember(`${network.caipNetworkId}|${s.signature}`, tx)
    })
    txs = list.map((s) => transactions.get(`${network.caipNetworkId}|${s.signature}`) ?? null)
  } catch (cause) {
    throw new ChainReadError(`Could not read the history on ${network.caipNetworkId}`, { cause })
  }
  const data: HistoryItem[] = []
  list.forEach((s, i) => {
    const tx = txs[i]
    // A signature the node lists but cannot return yet is left out until it can.
    if (tx) data.push(solanaItem(network, address, s, tx))
  })
  return { data, next: list.length >= limit ? list.at(-1)!.signature : null }
}

function keysOf(tx: RpcTransaction): string[] {
  const keys = (tx.transaction?.message?.accountKeys ?? []).map((k) =>
    typeof k === 'string' ? k : (k?.pubkey ?? ''),
  )
  const loaded = tx.meta?.loadedAddresses
  return [...keys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])]
}

/** One transaction as a history item, from the address's point of view. */
export function solanaItem(
  network: SolanaNetworkConfig,
  address: string,
  s: SignatureInfo,
  tx: RpcTransaction,
): HistoryItem {
  const keys = keysOf(tx)
  const meta = tx.meta ?? {}
  const pre = meta.preBalances ?? []
  const post = meta.postBalances ?? []
  const native = network.nativeCurrency ?? { name: 'Solana', symbol: 'SOL', decimals: 9 }
  const transfers: HistoryTransfer[] = []
  const me = keys.indexOf(address)
  let counterparty = ''
  if (me >= 0 && pre[me] !== undefined && post[me] !== undefined) {
    let delta = BigInt(post[me]!) - BigInt(pre[me]!)
    // The fee payer (first key) paid the fee: that is not a transfer.
    if (me === 0) delta += BigInt(meta.fee ?? 0)
    if (delta !== 0n) {
      transfers.push({
        direction: delta > 0n ? 'in' : 'out',
        quantity: { numeric: formatUnits(delta > 0n ? delta : -delta, native.decimals) },
        fungible_info: { name: native.name, symbol: native.symbol },
      })
      // The other side: the account whose balance moved the other way the most.
      let best = 0n
      keys.forEach((k, i) => {
        if (i === me || pre[i] === undefined || post[i] === undefined) return
        const d = BigInt(post[i]!) - BigInt(pre[i]!)
        const toward = delta > 0n ? -d - (i === 0 ? BigInt(meta.fee ?? 0) : 0n) : d
        if (toward > best) {
          best = toward
          counterparty = k
        }
      })
    }
  }
  const preTokens = meta.preTokenBalances ?? []
  const postTokens = meta.postTokenBalances ?? []
  const spl = splTransfers(network, address, preTokens, postTokens)
  if (spl.length > 0) {
    // A token moved: it leads the item (SOL beside it is the rent of a token account it opened),
    // and the other side is the owner whose balance of that mint moved the other way.
    transfers.unshift(...spl)
    counterparty = splCounterparty(address, spl[0]!.direction, preTokens, postTokens) ?? counterparty
  }
  const dirs = new Set(transfers.map((t) => t.direction))
  const failed = s.err !== null && s.err !== undefined
  const operationType: HistoryItem['metadata']['operationType'] =
    dirs.size === 1 && dirs.has('out')
      ? 'send'
      : dirs.size === 1 && dirs.has('in')
        ? 'receive'
        : dirs.size === 2
          ? 'trade'
          : 'execute'
  const first = transfers[0]
  const blockTime = tx.blockTime ?? s.blockTime
  return {
    id: `${network.caipNetworkId}:${s.signature}`,
    metadata: {
      minedAt: new Date(typeof blockTime === 'number' ? blockTime * 1000 : 0).toISOString(),
      chain: network.caipNetworkId as `${string}:${string}`,
      hash: s.signature,
      sentFrom: first?.direction === 'in' && counterparty ? counterparty : (keys[0] ?? ''),
      sentTo:
        first?.direction === 'out' && counterparty ? counterparty : first?.direction === 'in' ? address : '',
      status: failed ? 'failed' : 'confirmed',
      operationType,
    },
    transfers: failed ? [] : transfers,
  }
}

/** The other owner whose token balance moved most the other way than `direction` (the address's side). */
function splCounterparty(
  owner: string,
  direction: HistoryTransfer['direction'],
  pre: TokenBalanceEntry[],
  post: TokenBalanceEntry[],
): string | undefined {
  const deltas = new Map<string, bigint>()
  for (const [entries, sign] of [
    [pre, -1n],
    [post, 1n],
  ] as const) {
    for (const e of entries) {
      const amount = e.uiTokenAmount?.amount
      if (typeof e.owner !== 'string' || e.owner === owner || !amount || !/^[0-9]+$/.test(amount)) continue
      deltas.set(e.owner, (deltas.get(e.owner) ?? 0n) + sign * BigInt(amount))
    }
  }
  let best: string | undefined
  let most = 0n
  for (const [other, d] of deltas) {
    const toward = direction === 'out' ? d : -d
    if (toward > most) {
      most = toward
      best = other
    }
  }
  return best
}

/** SPL movements of the token accounts `owner` owns: post − pre per mint. */
function splTransfers(
  network: SolanaNetworkConfig,
  owner: string,
  pre: TokenBalanceEntry[],
  post: TokenBalanceEntry[],
): HistoryTransfer[] {
  const byMint = new Map<string, { delta: bigint; decimals: number }>()
  const add = (entries: TokenBalanceEntry[], sign: 1n | -1n) => {
    for (const e of entries) {
      const amount = e.uiTokenAmount?.amount
      if (e.owner !== owner || typeof e.mint !== 'string' || !amount || !/^[0-9]+$/.test(amount)) continue
      const entry = byMint.get(e.mint) ?? { delta: 0n, decimals: e.uiTokenAmount?.decimals ?? 0 }
      entry.delta += sign * BigInt(amount)
      byMint.set(e.mint, entry)
    }
  }
  add(pre, -1n)
  add(post, 1n)
  const out: HistoryTransfer[] = []
  for (const [mint, { delta, decimals }] of byMint) {
    if (delta === 0n) continue
    const token = network.tokens?.find((t) => t.mint === mint)
    // An unlisted mint is named by its address, shortened, never by a guess.
    const symbol = token?.symbol ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`
    out.push({
      direction: delta > 0n ? 'in' : 'out',
      quantity: { numeric: formatUnits(delta > 0n ? delta : -delta, token?.decimals ?? decimals) },
      fungible_info: { name: token?.name ?? symbol, symbol },
    })
  }
  return out
}
