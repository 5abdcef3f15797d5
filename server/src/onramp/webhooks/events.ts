import { ApiError, notFound } from '../../http/errors.js'
import type { StatusUpdate } from '../types.js'

// Each provider's transaction (in its webhook or its status API) read into one StatusUpdate. The
// provider's text is untrusted: ids and hashes are checked by pattern, reasons are cut short (and
// the plugin renders them as text).

const ORDER_ID = /^ord_[0-9a-f]{32}$/
const HASH = /^[0-9A-Za-z]{16,128}$/
const EXTERNAL = /^[0-9A-Za-z_.:-]{1,128}$/
const AMOUNT = /^[0-9]{1,30}(\.[0-9]{1,30})?$/

type Obj = Record<string, unknown>

export const badPayload = (provider: string, why: string) =>
  new ApiError(400, 'invalid_payload', `${provider} webhook refused: ${why}`)
export const unknownOrder = () => notFound('No such onramp order', 'order_not_found')

/** The gateway's order id a provider echoes back; anything else names no order of ours. */
export function orderIdOf(value: unknown): string {
  if (typeof value === 'string' && ORDER_ID.test(value)) return value
  throw unknownOrder()
}

const text = (v: unknown, pattern: RegExp): string | undefined =>
  typeof v === 'string' && pattern.test(v) ? v : undefined
const amount = (v: unknown): string | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v > 0
    ? String(v)
    : typeof v === 'string' && AMOUNT.test(v) && Number(v) > 0
      ? v
      : undefined
const reason = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 200) : undefined
const time = (v: unknown, fallback: number): number => {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN
  return Number.isFinite(t) && t > 0 ? t : fallback
}
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined

function update(u: StatusUpdate): StatusUpdate {
  // Optional fields are left out rather than set to undefined (exactOptionalPropertyTypes).
  return Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined)) as unknown as StatusUpdate
}

/**
 * Coinbase Onramp transaction: webhook body (camelCase: `partnerUserRef`, `transactionId`,
 * `txHash`; https://docs.cdp.coinbase.com/webhooks/onramp) or Transaction Status API item
 * (snake_case: `partner_user_ref`, `transaction_id`, `tx_hash`). Status
 * `ONRAMP_TRANSACTION_STATUS_SUCCESS` / `_FAILED` are final; the others are pending.
 */
export function coinbaseUpdate(tx: Obj, at: number): StatusUpdate {
  const status = String(tx.status ?? '')
  const failed = status === 'ONRAMP_TRANSACTION_STATUS_FAILED'
  const hash = text(tx.txHash ?? tx.tx_hash, HASH)
  const failure = reason(tx.failureReason ?? tx.failure_reason)
  return update({
    orderId: orderIdOf(tx.partnerUserRef ?? tx.partner_user_ref),
    status: status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS' ? 'completed' : failed ? 'failed' : 'pending',
    at: time(tx.completedAt ?? tx.completed_at, 0) || at,
    externalId: text(tx.transactionId ?? tx.transaction_id, EXTERNAL),
    // Coinbase sends "0x" before the transfer exists.
    txHash: hash && hash !== '0x' ? hash : undefined,
    failureReason: failed ? (failure === 'FAILURE_REASON_UNSPECIFIED' ? undefined : failure) : undefined,
    purchaseAmount: amount(obj(tx.purchaseAmount ?? tx.purchase_amount)?.value),
  } as StatusUpdate)
}

/**
 * MoonPay Buy transaction (webhook `data`, or `GET /v1/transactions/ext/{externalTransactionId}`):
 * `status` completed / failed are final, waitingPayment / pending / waitingAuthorization pending
 * (https://dev.moonpay.com/api-reference/widget/getbuytransaction).
 */
export function moonpayUpdate(tx: Obj, at: number): StatusUpdate {
  const status = String(tx.status ?? '')
  return update({
    orderId: orderIdOf(tx.externalTransactionId),
    status: status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'pending',
    at: time(tx.updatedAt, at),
    externalId: text(tx.id, EXTERNAL),
    txHash: text(tx.cryptoTransactionId, HASH),
    failureReason: status === 'failed' ? reason(tx.failureReason) : undefined,
    purchaseAmount: amount(tx.quoteCurrencyAmount),
  } as StatusUpdate)
}

const TRANSAK_FAILED = new Set(['FAILED', 'CANCELLED', 'EXPIRED', 'REFUNDED'])

/**
 * Transak order (webhook `webhookData`, or Get Partner Orders): COMPLETED is final, FAILED,
 * CANCELLED, EXPIRED and REFUNDED fail, the rest (AWAITING_PAYMENT_FROM_USER, PROCESSING,
 * PENDING_DELIVERY_FROM_TRANSAK, …) are pending (https://docs.transak.com/features/webhooks).
 */
export function transakUpdate(order: Obj, at: number): StatusUpdate {
  const status = String(order.status ?? '')
  const failed = TRANSAK_FAILED.has(status)
  return update({
    orderId: orderIdOf(order.partnerOrderId),
    status: status === 'COMPLETED' ? 'completed' : failed ? 'failed' : 'pending',
    at: time(order.updatedAt, at),
    externalId: text(order.id, EXTERNAL),
    txHash: text(order.transactionHash, HASH),
    failureReason: failed
      ? (reason(order.statusReason) ?? `The order was ${status.toLowerCase()}`)
      : undefined,
    purchaseAmount: amount(order.cryptoAmount),
  } as StatusUpdate)
}

const MELD_FAILED = new Set([
  'FAILED',
  'DECLINED',
  'CANCELLED',
  'REFUNDED',
  'VOIDED',
  'AUTHORIZATION_EXPIRED',
])

/**
 * Meld transaction (webhook `payload`: `externalSessionId`, `paymentTransactionId`,
 * `paymentTransactionStatus`; or a search-transactions item: `externalSessionId`, `id`, `status`,
 * `cryptoDetails.blockchainTransactionId`). SETTLED is final, FAILED / DECLINED / CANCELLED /
 * REFUNDED fail (https://docs.meld.io/docs/crypto-transaction-statuses).
 */
export function meldUpdate(tx: Obj, at: number): StatusUpdate {
  const status = String(tx.paymentTransactionStatus ?? tx.status ?? '')
  const failed = MELD_FAILED.has(status)
  return update({
    orderId: orderIdOf(tx.externalSessionId),
    status: status === 'SETTLED' ? 'completed' : failed ? 'failed' : 'pending',
    at: time(tx.updatedAt, at),
    externalId: text(tx.paymentTransactionId ?? tx.id, EXTERNAL),
    txHash: text(obj(tx.cryptoDetails)?.blockchainTransactionId, HASH),
    failureReason: failed ? `The order was ${status.toLowerCase()}` : undefined,
    purchaseAmount: amount(tx.destinationAmount),
  } as StatusUpdate)
}

/** The raw body as a JSON object, or a 400. */
export function jsonBody(provider: string, body: Buffer): Obj {
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    throw badPayload(provider, 'body is not JSON')
  }
  const o = obj(parsed)
  if (!o) throw badPayload(provider, 'body is not a JSON object')
  return o
}

export { obj }
