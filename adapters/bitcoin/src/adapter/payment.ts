import {
  AmountAndReceiverRequiredError,
  type CaipNetworkId,
  MethodNotSupportedError,
  PorticoError,
} from '@portico/core'
import { parseBitcoinAddress } from '../address/index.js'
import type { BitcoinTransactionRequest } from '../contract/index.js'
import { type EsploraClient, feeRateFor } from '../esplora/index.js'
import { addressParams } from '../networks/index.js'
import { type BuiltPayment, buildPayment, canSpendFrom } from '../psbt/index.js'

/** Validates a send request for the network: receiver address, a positive amount in sats, a sane fee rate. */
export function checkPaymentRequest(request: BitcoinTransactionRequest, caipNetworkId: CaipNetworkId) {
  if (!request || typeof request.to !== 'string' || typeof request.value !== 'bigint')
    throw new AmountAndReceiverRequiredError()
  if (request.value <= 0n)
    throw new AmountAndReceiverRequiredError({ details: 'value must be a positive number of sats' })
  if (
    request.feeRate !== undefined &&
    !(Number.isFinite(request.feeRate) && request.feeRate >= 1 && request.feeRate <= 10_000)
  )
    throw new PorticoError('Invalid fee rate', {
      code: 'INVALID_FEE_RATE',
      details: `${request.feeRate} sat/vB (1–10000)`,
    })
  return parseBitcoinAddress(request.to, addressParams(caipNetworkId))
}

/**
 * Builds the unsigned payment of `request` from `from` (a payment address and
 * its public key when p2tr): UTXOs and, when the request names no rate, the
 * `/fee-estimates` rate for `feeTarget` blocks, both from `api`.
 */
export async function buildPaymentFor(args: {
  api: EsploraClient
  from: { address: string; publicKey?: string }
  caipNetworkId: CaipNetworkId
  request: BitcoinTransactionRequest
  feeTarget: number
}): Promise<{ built: BuiltPayment; feeRate: number }> {
  const { api, from, caipNetworkId, request } = args
  const params = addressParams(caipNetworkId)
  const to = checkPaymentRequest(request, caipNetworkId)
  const source = parseBitcoinAddress(from.address, params)
  if (!canSpendFrom(source.type))
    throw new MethodNotSupportedError({
      method: `send from ${source.type}`,
      details: 'sends are built for p2wpkh and p2tr addresses',
    })
  const [utxos, feeRate] = await Promise.all([
    api.utxos(source.address),
    request.feeRate ?? api.feeEstimates().then((e) => feeRateFor(e, args.feeTarget)),
  ])
  const built = buildPayment({
    utxos,
    // A p2tr input needs the x-only internal key: the last 32 bytes of what the wallet gave.
    source: { ...source, ...(from.publicKey ? { publicKey: from.publicKey.slice(2).slice(-64) } : {}) },
    to,
    value: request.value,
    feeRate,
    params,
  })
  return { built, feeRate }
}
