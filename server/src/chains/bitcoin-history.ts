import { addressParams, parseBitcoinAddress } from '@portico/adapter-bitcoin'
import type { HistoryItem, HistoryResponse } from '@portico/core'
import { formatUnits } from 'viem'
import type { BitcoinNetworkConfig } from '../config/index.js'
import { ChainReadError } from './balances.js'

/** A Bitcoin history page is 25 confirmed transactions (Esplora's page), after the mempool ones. */
const PAGE = 25
const TXID = /^[0-9a-f]{64}$/

interface EsploraOut {
  scriptpubkey_address?: string
  value: number
}
interface EsploraTx {
  txid: string
  vin: { prevout: EsploraOut | null; is_coinbase?: boolean }[]
  vout: EsploraOut[]
  fee?: number
  status: { confirmed: boolean; block_time?: number }
}

const isSats = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
const isOut = (o: unknown): o is EsploraOut =>
  typeof o === 'object' &&
  o !== null &&
  isSats((o as EsploraOut).value) &&
  ((o as EsploraOut).scriptpubkey_address === undefined ||
    typeof (o as EsploraOut).scriptpubkey_address === 'string')

/** Checks one Esplora transaction's shape; anything else is a read failure (502), never a wrong history. */
function checkTx(tx: unknown): EsploraTx {
  const t = tx as EsploraTx
  const ok =
    typeof t === 'object' &&
    t !== null &&
    typeof t.txid === 'string' &&
    TXID.test(t.txid) &&
    Array.isArray(t.vin) &&
    t.vin.every((i) => typeof i === 'object' && i !== null && (i.prevout === null || isOut(i.prevout))) &&
    Array.isArray(t.vout) &&
    t.vout.every(isOut) &&
    typeof t.status === 'object' &&
    t.status !== null &&
    typeof t.status.confirmed === 'boolean' &&
    (t.status.block_time === undefined || isSats(t.status.block_time))
  if (!ok) throw new Error('the Esplora API returned a malformed transaction')
  return t
}

/** A SPEC §3 history item for `address` from one transaction: what left or reached it, net of its own change. */
function toItem(
  tx: EsploraTx,
  address: string,
  caipNetworkId: string,
  symbol: string,
  decimals: number,
): HistoryItem {
  const spent = tx.vin
    .filter((i) => i.prevout?.scriptpubkey_address === address)
    .reduce((s, i) => s + BigInt(i.prevout!.value), 0n)
  const received = tx.vout
    .filter((o) => o.scriptpubkey_address === address)
    .reduce((s, o) => s + BigInt(o.value), 0n)
  const toOthers = tx.vout
    .filter((o) => o.scriptpubkey_address !== address)
    .reduce((s, o) => s + BigInt(o.value), 0n)
  const sending = spent > 0n
  const direction = sending ? (toOthers === 0n ? 'self' : 'out') : 'in'
  const amount = sending ? (toOthers === 0n ? received : toOthers) : received
  const from = tx.vin.find((i) => i.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address ?? ''
  const to = sending
    ? (tx.vout.find((o) => o.scriptpubkey_address && o.scriptpubkey_address !== address)
        ?.scriptpubkey_address ?? address)
    : address
  return {
    id: tx.txid,
    metadata: {
      // A mempool transaction has no block time yet: it is listed as pending, at the time of the answer.
      minedAt: new Date(tx.status.block_time ? tx.status.block_time * 1000 : Date.now()).toISOString(),
      chain: caipNetworkId as `${string}:${string}`,
      hash: tx.txid,
      sentFrom: from,
      sentTo: to,
      status: tx.status.confirmed ? 'confirmed' : 'pending',
      operationType: sending ? 'send' : 'receive',
    },
    transfers: [
      {
        direction,
        quantity: { numeric: formatUnits(amount, decimals) },
        fungible_info: { name: 'Bitcoin', symbol },
      },
    ],
  }
}

/**
 * History of a Bitcoin address from the network's Esplora API
 * (`/address/:a/txs`, then `/txs/chain/:lastSeenTxid` for the next page):
 * mempool transactions first, then confirmed ones, newest first. `cursor` is
 * the last txid of the previous page.
 */
export async function bitcoinHistory(
  network: BitcoinNetworkConfig,
  address: string,
  cursor: string | undefined,
): Promise<HistoryResponse> {
  parseBitcoinAddress(address, addressParams(network.caipNetworkId as `bip122:${string}`))
  if (cursor !== undefined && !TXID.test(cursor)) throw new TypeError('invalid cursor')
  const base = network.esploraUrl.replace(/\/+$/, '')
  const path = `/address/${encodeURIComponent(address)}/txs${cursor ? `/chain/${cursor}` : ''}`
  let txs: EsploraTx[]
  try {
    const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) })
    if (!res.ok) throw new Error(`Esplora answered HTTP ${res.status}`)
    const json = (await res.json()) as unknown
    if (!Array.isArray(json)) throw new Error('the Esplora API did not answer a list')
    txs = json.map(checkTx)
  } catch (cause) {
    throw new ChainReadError(`Could not read the history on ${network.caipNetworkId}`, { cause })
  }
  const { symbol, decimals } = network.nativeCurrency ?? { symbol: 'BTC', decimals: 8 }
  const confirmed = txs.filter((t) => t.status.confirmed)
  return {
    data: txs.map((t) => toItem(t, address, network.caipNetworkId, symbol, decimals)),
    next: confirmed.length >= PAGE ? confirmed.at(-1)!.txid : null,
  }
}
