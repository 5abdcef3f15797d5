import { addressParams, parseBitcoinAddress } from '@portico/adapter-bitcoin'
import type { BitcoinNetworkConfig } from '../../config/index.js'
import { type ChainRead, chainUnavailable, type PaymentNetwork } from './types.js'

/**
 * A transaction whose block time is up to this long before its payment was made still pays it:
 * a block's timestamp may trail the real time (it need only pass the median of the last 11 blocks).
 */
export const BITCOIN_PAYMENT_WINDOW_MS = 2 * 3_600_000

const TXID = /^[0-9a-f]{64}$/
const READ_TIMEOUT_MS = 10_000

interface Output {
  scriptpubkey: string
  scriptpubkey_address?: string
  value: number
}
interface EsploraTx {
  txid: string
  vin: { prevout: Output | null }[]
  vout: Output[]
  status: { confirmed: boolean; block_height?: number; block_time?: number }
}

const isSats = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
const isOutput = (o: unknown): o is Output => {
  const x = o as Output
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.scriptpubkey === 'string' &&
    /^([0-9a-f]{2})*$/.test(x.scriptpubkey) &&
    isSats(x.value) &&
    (x.scriptpubkey_address === undefined || typeof x.scriptpubkey_address === 'string')
  )
}

/** Checks an Esplora `/tx/:txid` answer; anything else is a read failure (502), never a wrong verdict. */
function checkTx(value: unknown, txid: string): EsploraTx {
  const t = value as EsploraTx
  const s = t?.status
  const ok =
    typeof t === 'object' &&
    t !== null &&
    t.txid === txid &&
    Array.isArray(t.vin) &&
    t.vin.every((i) => typeof i === 'object' && i !== null && (i.prevout === null || isOutput(i.prevout))) &&
    Array.isArray(t.vout) &&
    t.vout.every(isOutput) &&
    typeof s === 'object' &&
    s !== null &&
    typeof s.confirmed === 'boolean' &&
    (!s.confirmed || isSats(s.block_height)) &&
    (s.block_time === undefined || isSats(s.block_time))
  if (!ok) throw new Error('the Esplora API answered a malformed transaction')
  return t
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/**
 * A Bitcoin network as a payment network, read through its Esplora API (the devnet's facade over
 * bcoin answers `GET /tx/:txid`, `/blocks/tip/height` and `/address/:a/txs`). Native BTC only.
 * A transaction pays when it is in a block and its outputs to the recipient's script (compared as
 * scripts, so an upper-case bech32 address is the same recipient) add up to the amount; its block
 * time must be at most two hours before the payment was created. Confirmations: tip height −
 * block height + 1. Unreported payments are found in the recipient's `/address/:a/txs`.
 */
export function bitcoinPaymentNetwork(network: BitcoinNetworkConfig): PaymentNetwork {
  const id = network.caipNetworkId
  const params = addressParams(id as `bip122:${string}`)
  const native = network.nativeCurrency ?? { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
  const base = network.esploraUrl.replace(/\/+$/, '')
  const get = async (path: string): Promise<{ status: number; text: string }> => {
    try {
      const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) })
      const text = await res.text()
      if (!res.ok && res.status !== 404) throw new Error(`Esplora answered HTTP ${res.status}`)
      return { status: res.status, text }
    } catch (cause) {
      throw chainUnavailable(id, cause)
    }
  }
  const json = (text: string) => {
    try {
      return JSON.parse(text) as unknown
    } catch (cause) {
      throw chainUnavailable(id, cause)
    }
  }
  const script = (recipient: string) => hex(parseBitcoinAddress(recipient, params).script)
  return {
    caipNetworkId: id,
    namespace: 'bip122',
    windowMs: BITCOIN_PAYMENT_WINDOW_MS,
    asset: (asset) =>
      asset.toLowerCase() === 'native' || asset.toLowerCase() === native.symbol.toLowerCase()
        ? { id: 'native', symbol: native.symbol, decimals: native.decimals }
        : undefined,
    recipient(value) {
      try {
        parseBitcoinAddress(value, params)
      } catch {
        return undefined
      }
      // bech32 is case-insensitive (kept lower-case); base58 is not (kept as given).
      return value.toLowerCase().startsWith(`${params.bech32}1`) ? value.toLowerCase() : value
    },
    txId: (value) => (TXID.test(value.toLowerCase()) ? value.toLowerCase() : undefined),
    seen: async (txid) => (await get(`/tx/${txid}/status`)).status !== 404,
    async read(txid, recipient, asset): Promise<ChainRead> {
      const res = await get(`/tx/${txid}`)
      if (res.status === 404) return { state: 'missing' }
      let tx: EsploraTx
      try {
        tx = checkTx(json(res.text), txid)
      } catch (cause) {
        throw chainUnavailable(id, cause)
      }
      if (!tx.status.confirmed) return { state: 'pending' }
      const tipText = (await get('/blocks/tip/height')).text.trim()
      const tip = Number(tipText)
      if (!/^[0-9]+$/.test(tipText) || !Number.isSafeInteger(tip))
        throw chainUnavailable(id, new Error('invalid tip height'))
      const mine = script(recipient)
      const paid = tx.vout.filter((o) => o.scriptpubkey === mine).reduce((s, o) => s + BigInt(o.value), 0n)
      const height = tx.status.block_height!
      return {
        state: 'mined',
        payment: {
          hash: txid,
          payer: tx.vin.find((i) => i.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address ?? '',
          paid: asset === 'native' ? paid : 0n,
          paidOtherAsset: false,
          blockNumber: height,
          confirmations: Math.max(1, tip - height + 1),
          ...(tx.status.block_time !== undefined ? { minedAt: tx.status.block_time * 1000 } : {}),
        },
      }
    },
    async candidates(recipient, _asset, since) {
      const res = await get(`/address/${encodeURIComponent(recipient)}/txs`)
      if (res.status === 404) return []
      const list = json(res.text)
      if (!Array.isArray(list)) throw chainUnavailable(id, new Error('the Esplora API did not answer a list'))
      return list
        .filter(
          (t: { txid?: unknown; status?: { confirmed?: unknown; block_time?: unknown } }) =>
            typeof t?.txid === 'string' &&
            TXID.test(t.txid) &&
            t.status?.confirmed === true &&
            (typeof t.status.block_time !== 'number' ||
              t.status.block_time * 1000 >= since - BITCOIN_PAYMENT_WINDOW_MS),
        )
        .map((t: { txid: string }) => t.txid)
        .reverse()
    },
  }
}
