import type { HistoryItem, HistoryResponse, HistoryTransfer } from '@portico/core'
import { formatUnits } from 'viem'
import type { CosmosNetworkConfig } from '../config/index.js'
import { ChainReadError } from './balances.js'

/** Transactions per Cosmos history page. */
export const COSMOS_HISTORY_PAGE_SIZE = 20
/** The page cursor: the height the next page reads below (exclusive). */
export const COSMOS_HISTORY_CURSOR = /^[1-9][0-9]{0,15}$/

const REST_TIMEOUT_MS = 10_000
const MSG_SEND = '/cosmos.bank.v1beta1.MsgSend'
const TXHASH = /^[0-9A-F]{64}$/
const AMOUNT = /^[0-9]{1,77}$/
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

interface Coin {
  denom: string
  amount: string
}
interface Message {
  '@type': string
  from_address?: string
  to_address?: string
  amount?: Coin[]
}
/** The fields of a `TxResponse` (with its `tx` as an `Any`) the history reads, checked. */
interface TxResponse {
  height: number
  txhash: string
  code: number
  timestamp: string
  messages: Message[]
  fee: Coin[]
  /** Who paid the fee: the fee's `payer`, else the first message's signer. */
  feePayer: string
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function checkCoins(v: unknown): Coin[] {
  if (!Array.isArray(v)) throw new Error('a coin list is not a list')
  return v.map((c) => {
    if (!isObject(c) || typeof c.denom !== 'string' || !DENOM.test(c.denom))
      throw new Error('malformed denom')
    if (typeof c.amount !== 'string' || !AMOUNT.test(c.amount)) throw new Error('malformed coin amount')
    return { denom: c.denom, amount: c.amount }
  })
}

/** Checks one `tx_responses` entry; a malformed one fails the read (502), never a wrong history. */
function checkTxResponse(v: unknown): TxResponse {
  if (!isObject(v)) throw new Error('a tx response is not an object')
  const height = typeof v.height === 'string' && /^[1-9][0-9]{0,15}$/.test(v.height) ? Number(v.height) : NaN
  if (!Number.isSafeInteger(height)) throw new Error('malformed height')
  if (typeof v.txhash !== 'string' || !TXHASH.test(v.txhash)) throw new Error('malformed txhash')
  if (typeof v.code !== 'number' || !Number.isInteger(v.code)) throw new Error('malformed code')
  if (typeof v.timestamp !== 'string' || Number.isNaN(Date.parse(v.timestamp)))
    throw new Error('malformed timestamp')
  const tx = v.tx
  if (!isObject(tx) || !isObject(tx.body) || !Array.isArray(tx.body.messages) || !isObject(tx.auth_info))
    throw new Error('the tx response has no decoded tx')
  const messages = tx.body.messages.map((m): Message => {
    if (!isObject(m) || typeof m['@type'] !== 'string') throw new Error('malformed message')
    if (m['@type'] !== MSG_SEND) return { '@type': m['@type'] }
    if (typeof m.from_address !== 'string' || typeof m.to_address !== 'string')
      throw new Error('malformed MsgSend')
    return {
      '@type': MSG_SEND,
      from_address: m.from_address,
      to_address: m.to_address,
      amount: checkCoins(m.amount),
    }
  })
  const fee = isObject(tx.auth_info.fee) ? tx.auth_info.fee : {}
  const payer = typeof fee.payer === 'string' && fee.payer !== '' ? fee.payer : undefined
  return {
    height,
    txhash: v.txhash,
    code: v.code,
    timestamp: v.timestamp,
    messages,
    fee: fee.amount === undefined ? [] : checkCoins(fee.amount),
    feePayer: payer ?? messages.find((m) => m.from_address)?.from_address ?? '',
  }
}

/** One `GetTxsEvent` page (SDK ≥ 0.47 REST: `query`, `limit`, `order_by`), newest first. */
async function txsEvent(network: CosmosNetworkConfig, query: string, limit: number): Promise<TxResponse[]> {
  const url = new URL(`${network.restUrl.replace(/\/$/, '')}/cosmos/tx/v1beta1/txs`)
  url.searchParams.set('query', query)
  url.searchParams.set('limit', String(limit))
  url.searchParams.set('page', '1')
  url.searchParams.set('order_by', 'ORDER_BY_DESC')
  const res = await fetch(url, { signal: AbortSignal.timeout(REST_TIMEOUT_MS) })
  if (!res.ok) throw new Error(`REST answered HTTP ${res.status}`)
  const body = (await res.json()) as unknown
  if (!isObject(body)) throw new Error('the REST answer is not an object')
  // A query matching nothing may answer `null` lists.
  const list = body.tx_responses ?? []
  if (!Array.isArray(list)) throw new Error('the REST answer has no tx_responses list')
  return list.map(checkTxResponse)
}

/** A coin in the units of the network's currency list; an unlisted denom is shown as itself, in base units. */
function coinTransfer(network: CosmosNetworkConfig, coin: Coin, direction: 'in' | 'out'): HistoryTransfer {
  const listed = network.currencies.find((c) => c.denom === coin.denom)
  const symbol = listed?.symbol ?? (coin.denom.length > 16 ? `${coin.denom.slice(0, 12)}…` : coin.denom)
  return {
    direction,
    quantity: { numeric: formatUnits(BigInt(coin.amount), listed?.decimals ?? 0) },
    fungible_info: { name: listed?.name ?? symbol, symbol },
  }
}

/** One transaction as a SPEC §3 history item, from `address`'s side: its bank sends and receipts. */
export function cosmosItem(network: CosmosNetworkConfig, address: string, tx: TxResponse): HistoryItem {
  const failed = tx.code !== 0
  const transfers: HistoryTransfer[] = []
  let counterparty = ''
  for (const m of tx.messages) {
    if (m['@type'] !== MSG_SEND) continue
    if (m.from_address === address) {
      for (const coin of m.amount ?? []) transfers.push(coinTransfer(network, coin, 'out'))
      counterparty ||= m.to_address ?? ''
    }
    if (m.to_address === address) {
      for (const coin of m.amount ?? []) transfers.push(coinTransfer(network, coin, 'in'))
      counterparty ||= m.from_address ?? ''
    }
  }
  const dirs = new Set(transfers.map((t) => t.direction))
  const operationType: HistoryItem['metadata']['operationType'] =
    dirs.size === 1 ? (dirs.has('out') ? 'send' : 'receive') : dirs.size === 2 ? 'trade' : 'execute'
  const first = transfers[0]
  const feeCoin = tx.feePayer === address ? tx.fee[0] : undefined
  const fee = feeCoin ? coinTransfer(network, feeCoin, 'out') : undefined
  return {
    id: `${network.caipNetworkId}:${tx.txhash}`,
    metadata: {
      minedAt: new Date(tx.timestamp).toISOString(),
      chain: network.caipNetworkId as `${string}:${string}`,
      hash: tx.txhash,
      sentFrom: first?.direction === 'in' ? counterparty : address,
      sentTo: first?.direction === 'in' ? address : counterparty,
      status: failed ? 'failed' : 'confirmed',
      operationType,
      ...(fee ? { fee: { numeric: fee.quantity.numeric, symbol: fee.fungible_info!.symbol } } : {}),
    },
    // A failed transaction moved nothing but its fee.
    transfers: failed ? [] : transfers,
  }
}

/**
 * A Cosmos address's history from the chain's REST API: the transactions
 * whose `transfer` events name it as sender (what it sent, and every fee it
 * paid) or recipient (`GET /cosmos/tx/v1beta1/txs?query=transfer.sender='…'`
 * and `…recipient='…'`, newest first), merged by height. A page ends at a
 * block boundary; `cursor` is the height the next page reads below.
 */
export async function cosmosHistory(
  network: CosmosNetworkConfig,
  address: string,
  cursor: string | undefined,
  limit = COSMOS_HISTORY_PAGE_SIZE,
): Promise<HistoryResponse> {
  const below = cursor ? ` AND tx.height<${cursor}` : ''
  let lists: TxResponse[][]
  try {
    lists = await Promise.all(
      ['sender', 'recipient'].map((side) =>
        txsEvent(network, `transfer.${side}='${address}'${below}`, limit + 1),
      ),
    )
  } catch (cause) {
    throw new ChainReadError(`Could not read the history on ${network.caipNetworkId}`, { cause })
  }
  const byHash = new Map<string, TxResponse>()
  for (const tx of lists.flat()) byHash.set(tx.txhash, tx)
  const merged = [...byHash.values()].sort((a, b) => b.height - a.height || (a.txhash < b.txhash ? -1 : 1))
  // Each list holds limit + 1, so the first `limit` merged are complete; the rest may not be.
  let page = merged.slice(0, limit)
  const more = merged.length > limit
  if (more) {
    const boundary = page.at(-1)!.height
    // A block is never split between pages (the cursor is a height): its transactions go to the next page,
    // unless they alone fill this one.
    if (merged[limit]!.height === boundary) {
      const whole = page.filter((t) => t.height !== boundary)
      page = whole.length > 0 ? whole : merged.filter((t) => t.height === boundary)
    }
  }
  return {
    data: page.map((tx) => cosmosItem(network, address, tx)),
    next: more ? String(page.at(-1)!.height) : null,
  }
}
