import { isAddress } from '@portico/core'
import type { CosmosNetworkConfig } from '../../config/index.js'
import { type ChainRead, chainUnavailable, type PaymentAsset, type PaymentNetwork } from './types.js'

/** A transaction whose block time is up to this long before its payment was made still pays it (clock skew). */
export const COSMOS_PAYMENT_WINDOW_MS = 60_000

const TXHASH = /^[0-9A-F]{64}$/
const DENOM = '[a-zA-Z][a-zA-Z0-9/:._-]{2,127}'
const COIN = new RegExp(`^([0-9]{1,77})(${DENOM})$`)
const READ_TIMEOUT_MS = 10_000
/** Transactions to the recipient the watcher reads per pass (newest first). */
const CANDIDATES = 25

interface Attribute {
  key: string
  value: string
}
interface TxEvent {
  type: string
  attributes: Attribute[]
}
/** The fields of a `GetTx` / `GetTxsEvent` `tx_response` the payment reads, checked. */
interface TxResponse {
  height: number
  txhash: string
  code: number
  timestamp: string
  events: TxEvent[]
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Checks one `tx_response`; anything else is a read failure (502), never a wrong verdict. */
function checkTxResponse(v: unknown): TxResponse {
  if (!isObject(v)) throw new Error('the tx response is not an object')
  const height = typeof v.height === 'string' && /^[1-9][0-9]{0,15}$/.test(v.height) ? Number(v.height) : NaN
  if (!Number.isSafeInteger(height)) throw new Error('malformed height')
  if (typeof v.txhash !== 'string' || !TXHASH.test(v.txhash)) throw new Error('malformed txhash')
  if (typeof v.code !== 'number' || !Number.isInteger(v.code)) throw new Error('malformed code')
  if (typeof v.timestamp !== 'string' || Number.isNaN(Date.parse(v.timestamp)))
    throw new Error('malformed timestamp')
  if (!Array.isArray(v.events)) throw new Error('the tx response has no events')
  const events = v.events.map((e): TxEvent => {
    if (!isObject(e) || typeof e.type !== 'string' || !Array.isArray(e.attributes))
      throw new Error('malformed event')
    return {
      type: e.type,
      attributes: e.attributes.map((a) => {
        if (!isObject(a) || typeof a.key !== 'string' || typeof a.value !== 'string')
          throw new Error('malformed event attribute')
        return { key: a.key, value: a.value }
      }),
    }
  })
  return { height, txhash: v.txhash, code: v.code, timestamp: v.timestamp, events }
}

/** A coin list as events print it (`1500000uatom,2ibc/…`); a malformed one fails the read. */
function parseCoins(text: string): { denom: string; amount: bigint }[] {
  if (text === '') return []
  return text.split(',').map((part) => {
    const m = COIN.exec(part)
    if (!m) throw new Error(`malformed coin ${part.slice(0, 80)}`)
    return { amount: BigInt(m[1]!), denom: m[2]! }
  })
}

/**
 * What a committed transaction moved to `recipient`, from its `transfer` events (the bank
 * module emits one per send, multi-send output and fee; the fee's goes to the fee collector):
 * per denom, the sum of the amounts whose `recipient` attribute is the recipient.
 */
function received(tx: TxResponse, recipient: string): { byDenom: Map<string, bigint>; payer: string } {
  const byDenom = new Map<string, bigint>()
  let payer = ''
  for (const e of tx.events) {
    if (e.type !== 'transfer') continue
    const attr = (key: string) => e.attributes.find((a) => a.key === key)?.value
    if (attr('recipient') !== recipient) continue
    payer ||= attr('sender') ?? ''
    for (const coin of parseCoins(attr('amount') ?? ''))
      byDenom.set(coin.denom, (byDenom.get(coin.denom) ?? 0n) + coin.amount)
  }
  return { byDenom, payer }
}

/**
 * A Cosmos SDK network as a payment network, read through its REST API (`GET
 * /cosmos/tx/v1beta1/txs/{hash}`, the latest block, `GetTxsEvent`). The local world's Cosmos
 * chains are the devnet's simulator (a JS auth + bank state machine behind CometBFT RPC and
 * REST), not a Cosmos SDK node. Coins are the configured currencies: `native` (the first, the
 * fee coin), another by denom or symbol. A transaction pays when it is committed with code 0 and
 * its `transfer` events move at least the amount of the denom to the recipient; its block time
 * must be at most a minute before the payment was created. CometBFT blocks are final once
 * committed: confirmations are latest height − height + 1. Unreported payments are found with
 * `transfer.recipient='…'`.
 */
export function cosmosPaymentNetwork(network: CosmosNetworkConfig): PaymentNetwork {
  const id = network.caipNetworkId
  const base = network.restUrl.replace(/\/+$/, '')
  const [native] = network.currencies
  const denomOf = (asset: string) => (asset === 'native' ? native!.denom : asset)
  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    try {
      const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) })
      if (!res.ok && res.status !== 404) throw new Error(`REST answered HTTP ${res.status}`)
      return { status: res.status, body: res.status === 404 ? null : ((await res.json()) as unknown) }
    } catch (cause) {
      throw chainUnavailable(id, cause)
    }
  }
  const latestHeight = async () => {
    const { body } = await get('/cosmos/base/tendermint/v1beta1/blocks/latest')
    const h = (body as { block?: { header?: { height?: unknown } } } | null)?.block?.header?.height
    if (typeof h !== 'string' || !/^[1-9][0-9]{0,15}$/.test(h))
      throw chainUnavailable(id, new Error('the latest block has no height'))
    return Number(h)
  }
  const txResponse = async (hash: string): Promise<TxResponse | undefined> => {
    const res = await get(`/cosmos/tx/v1beta1/txs/${hash}`)
    if (res.status === 404) return undefined
    try {
      return checkTxResponse((res.body as { tx_response?: unknown } | null)?.tx_response)
    } catch (cause) {
      throw chainUnavailable(id, cause)
    }
  }
  return {
    caipNetworkId: id,
    namespace: 'cosmos',
    windowMs: COSMOS_PAYMENT_WINDOW_MS,
    asset(asset): PaymentAsset | undefined {
      if (asset.toLowerCase() === 'native')
        return { id: 'native', symbol: native!.symbol, decimals: native!.decimals }
      const c = network.currencies.find(
        (x) => x.denom === asset || x.symbol.toLowerCase() === asset.toLowerCase(),
      )
      if (!c) return undefined
      return { id: c === native ? 'native' : c.denom, symbol: c.symbol, decimals: c.decimals }
    },
    recipient: (value) =>
      value === value.toLowerCase() &&
      value.startsWith(`${network.bech32Prefix}1`) &&
      isAddress(value, 'cosmos')
        ? value
        : undefined,
    txId: (value) => (TXHASH.test(value.toUpperCase()) ? value.toUpperCase() : undefined),
    seen: async (hash) => (await txResponse(hash)) !== undefined,
    async read(hash, recipient, asset): Promise<ChainRead> {
      // GetTx answers committed transactions only: one in the mempool reads as missing until its block.
      const tx = await txResponse(hash)
      if (!tx) return { state: 'missing' }
      if (tx.code !== 0) return { state: 'reverted', blockNumber: tx.height }
      let moved: ReturnType<typeof received>
      try {
        moved = received(tx, recipient)
      } catch (cause) {
        throw chainUnavailable(id, cause)
      }
      const latest = await latestHeight()
      const denom = denomOf(asset)
      return {
        state: 'mined',
        payment: {
          hash: tx.txhash,
          payer: moved.payer,
          paid: moved.byDenom.get(denom) ?? 0n,
          paidOtherAsset: [...moved.byDenom.keys()].some((d) => d !== denom),
          blockNumber: tx.height,
          confirmations: Math.max(1, latest - tx.height + 1),
          minedAt: Date.parse(tx.timestamp),
        },
      }
    },
    async candidates(recipient, _asset, since) {
      const url = new URLSearchParams({
        query: `transfer.recipient='${recipient}'`,
        limit: String(CANDIDATES),
        page: '1',
        order_by: 'ORDER_BY_DESC',
      })
      const { status, body } = await get(`/cosmos/tx/v1beta1/txs?${url}`)
      const list = status === 404 ? [] : ((body as { tx_responses?: unknown } | null)?.tx_responses ?? [])
      if (!Array.isArray(list)) throw chainUnavailable(id, new Error('GetTxsEvent answered no tx_responses'))
      let txs: TxResponse[]
      try {
        txs = list.map(checkTxResponse)
      } catch (cause) {
        throw chainUnavailable(id, cause)
      }
      return txs
        .filter((t) => t.code === 0 && Date.parse(t.timestamp) >= since - COSMOS_PAYMENT_WINDOW_MS)
        .map((t) => t.txhash)
        .reverse()
    },
  }
}
