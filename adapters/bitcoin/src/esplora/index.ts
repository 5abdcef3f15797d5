import { HttpRequestError, NetworkRequestError } from '@portico/core'
import { EsploraResponseError } from '../errors/index.js'

/** An unspent output as Esplora lists it (values in sats). */
export interface Utxo {
  txid: string
  vout: number
  value: bigint
  confirmed: boolean
  blockHeight?: number
}

/** Target blocks → sat/vB. */
export type FeeEstimates = Record<string, number>

const TXID = /^[0-9a-f]{64}$/
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const MAX_SATS = 21_000_000n * 100_000_000n

function sats(value: unknown, what: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || BigInt(value) > MAX_SATS)
    throw new EsploraResponseError(`${what}: ${JSON.stringify(value)?.slice(0, 40)} is not an amount in sats`)
  return BigInt(value)
}

/**
 * Validates `/address/:a/utxo`: every entry a txid, an output index, sats and a status. An
 * output listed twice (a server caught between its mempool and a new block lists it both
 * unconfirmed and confirmed) is one output: counted once, confirmed when either entry says so —
 * else the balance would double and a send would spend it twice.
 */
export function parseUtxos(json: unknown): Utxo[] {
  if (!Array.isArray(json)) throw new EsploraResponseError('UTXO list is not an array')
  const byOutpoint = new Map<string, Utxo>()
  for (const utxo of json.map(parseUtxo)) {
    const key = `${utxo.txid}:${utxo.vout}`
    const seen = byOutpoint.get(key)
    if (!seen || (!seen.confirmed && utxo.confirmed)) byOutpoint.set(key, utxo)
  }
  return [...byOutpoint.values()]
}

function parseUtxo(u: unknown, i: number): Utxo {
  if (!isObject(u) || typeof u.txid !== 'string' || !TXID.test(u.txid))
    throw new EsploraResponseError(`UTXO ${i} has no valid txid`)
  if (typeof u.vout !== 'number' || !Number.isInteger(u.vout) || u.vout < 0 || u.vout > 0xffffffff)
    throw new EsploraResponseError(`UTXO ${i} has no valid vout`)
  const status = u.status
  if (!isObject(status) || typeof status.confirmed !== 'boolean')
    throw new EsploraResponseError(`UTXO ${i} has no status`)
  const height = status.block_height
  return {
    txid: u.txid,
    vout: u.vout,
    value: sats(u.value, `UTXO ${i} value`),
    confirmed: status.confirmed,
    ...(typeof height === 'number' ? { blockHeight: height } : {}),
  }
}

/** Validates `/fee-estimates`: at least one target, every rate a finite positive number. */
export function parseFeeEstimates(json: unknown): FeeEstimates {
  if (!isObject(json) || Array.isArray(json))
    throw new EsploraResponseError('fee estimates are not an object')
  const out: FeeEstimates = {}
  for (const [target, rate] of Object.entries(json)) {
    if (
      !/^\d{1,4}$/.test(target) ||
      typeof rate !== 'number' ||
      !Number.isFinite(rate) ||
      rate <= 0 ||
      rate > 100_000
    )
      throw new EsploraResponseError(`fee estimate ${target} → ${String(rate).slice(0, 20)} is invalid`)
    out[target] = rate
  }
  if (Object.keys(out).length === 0) throw new EsploraResponseError('no fee estimates')
  return out
}

/**
 * The fee rate (sat/vB) for confirmation within `target` blocks: the estimate
 * of the nearest target at or above it (Esplora lists 1–25, 144, 504, 1008),
 * else the slowest one listed.
 */
export function feeRateFor(estimates: FeeEstimates, target: number): number {
  const targets = Object.keys(estimates)
    .map(Number)
    .sort((a, b) => a - b)
  const pick = targets.find((t) => t >= target) ?? targets.at(-1)!
  return estimates[String(pick)]!
}

/**
 * A small client for an Esplora-compatible REST API (Blockstream's esplora,
 * mempool.space, Portico's regtest devnet), validating every answer: garbage
 * becomes `EsploraResponseError`, a non-2xx answer `HttpRequestError` (with
 * the API's text, e.g. the node's broadcast refusal), no answer `NetworkRequestError`.
 *
 * @example
 * const esplora = new EsploraClient('http://127.0.0.1:3002')
 * const utxos = await esplora.utxos('bcrt1q…')
 */
export class EsploraClient {
  constructor(
    readonly baseUrl: string,
    private readonly fetchFn: typeof fetch = (...args) => fetch(...args),
  ) {}

  private async call(path: string, init?: RequestInit): Promise<string> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}${path}`
    let res: Response
    try {
      res = await this.fetchFn(url, { ...init, signal: AbortSignal.timeout(15_000) })
    } catch (e) {
      throw new NetworkRequestError({ url, cause: e })
    }
    const text = await res.text()
    if (!res.ok) throw new HttpRequestError(res.status, { url, details: text.slice(0, 300) })
    return text
  }

  private async json(path: string): Promise<unknown> {
    const text = await this.call(path)
    try {
      return JSON.parse(text)
    } catch (e) {
      throw new EsploraResponseError(`${path} is not JSON`, { cause: e })
    }
  }

  async utxos(address: string): Promise<Utxo[]> {
    return parseUtxos(await this.json(`/address/${encodeURIComponent(address)}/utxo`))
  }

  /** Raw Esplora transactions of an address (mempool first, then newest confirmed); shape checked by the caller. */
  async addressTxs(address: string): Promise<unknown[]> {
    const json = await this.json(`/address/${encodeURIComponent(address)}/txs`)
    if (!Array.isArray(json)) throw new EsploraResponseError('transaction list is not an array')
    return json
  }

  async feeEstimates(): Promise<FeeEstimates> {
    return parseFeeEstimates(await this.json('/fee-estimates'))
  }

  async txHex(txid: string): Promise<string> {
    const hex = (await this.call(`/tx/${encodeURIComponent(txid)}/hex`)).trim()
    if (!/^([0-9a-f]{2})+$/.test(hex)) throw new EsploraResponseError(`transaction ${txid} is not hex`)
    return hex
  }

  /**
   * `/tx/:txid/status`: where the transaction is (`confirmed` with its block
   * height), or undefined when the API does not know it (404: never seen, or
   * gone from the mempool).
   */
  async txStatus(txid: string): Promise<{ confirmed: boolean; blockHeight?: number } | undefined> {
    let json: unknown
    try {
      json = await this.json(`/tx/${encodeURIComponent(txid)}/status`)
    } catch (e) {
      if (e instanceof HttpRequestError && e.status === 404) return undefined
      throw e
    }
    if (!isObject(json) || typeof json.confirmed !== 'boolean')
      throw new EsploraResponseError('invalid tx status')
    const height = json.block_height
    if (json.confirmed && (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 0))
      throw new EsploraResponseError('a confirmed tx status without a block height')
    return { confirmed: json.confirmed, ...(json.confirmed ? { blockHeight: height as number } : {}) }
  }

  /** `/tx/:txid`: the fee paid (sats) and the outpoints it spends. */
  async txSummary(txid: string): Promise<{ fee: bigint; inputs: { txid: string; vout: number }[] }> {
    const json = await this.json(`/tx/${encodeURIComponent(txid)}`)
    if (!isObject(json) || !Array.isArray(json.vin)) throw new EsploraResponseError('invalid transaction')
    const inputs = json.vin.map((v: unknown, i: number) => {
      if (!isObject(v) || typeof v.txid !== 'string' || !TXID.test(v.txid) || typeof v.vout !== 'number')
        throw new EsploraResponseError(`input ${i} has no valid outpoint`)
      return { txid: v.txid, vout: v.vout }
    })
    return { fee: sats(json.fee, 'fee'), inputs }
  }

  /** `/tx/:txid/outspend/:vout`: the transaction spending that output, if any. */
  async outspend(txid: string, vout: number): Promise<{ spent: boolean; txid?: string }> {
    const json = await this.json(`/tx/${encodeURIComponent(txid)}/outspend/${vout}`)
    if (!isObject(json) || typeof json.spent !== 'boolean') throw new EsploraResponseError('invalid outspend')
    if (json.spent && (typeof json.txid !== 'string' || !TXID.test(json.txid)))
      throw new EsploraResponseError('a spent output without a spending txid')
    return json.spent ? { spent: true, txid: json.txid as string } : { spent: false }
  }

  async tipHeight(): Promise<number> {
    const height = Number((await this.call('/blocks/tip/height')).trim())
    if (!Number.isSafeInteger(height) || height < 0) throw new EsploraResponseError('invalid tip height')
    return height
  }

  /** POST /tx: broadcasts raw hex, returns the txid the API answers (checked against `expectedTxid`). */
  async broadcast(hex: string, expectedTxid: string): Promise<string> {
    const txid = (
      await this.call('/tx', { method: 'POST', body: hex, headers: { 'content-type': 'text/plain' } })
    ).trim()
    if (txid !== expectedTxid)
      throw new EsploraResponseError(`broadcast answered ${txid.slice(0, 80)}, expected ${expectedTxid}`)
    return txid
  }
}
