import {
  AmountAndReceiverRequiredError,
  type CaipNetworkId,
  MethodNotSupportedError,
  PorticoError,
} from '@portico/core'
import { Transaction } from 'bitcoinjs-lib'
import { parseBitcoinAddress } from '../address/index.js'
import { fromHex, toHex } from '../bytes/index.js'
import type { BitcoinTransactionRequest } from '../contract/index.js'
import { EsploraResponseError, InsufficientFundsError } from '../errors/index.js'
import { type EsploraClient, feeRateFor } from '../esplora/index.js'
import { addressParams } from '../networks/index.js'
import { type BuiltPayment, buildPayment, canSpendFrom, sweepFee } from '../psbt/index.js'

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

/** The request checked, the source parsed, and the UTXOs and fee rate read for a payment from `from`. */
async function paymentInputs(args: {
  api: EsploraClient
  from: { address: string; publicKey?: string }
  caipNetworkId: CaipNetworkId
  request: BitcoinTransactionRequest
  feeTarget: number
}) {
  const { api, from, caipNetworkId, request } = args
  const params = addressParams(caipNetworkId)
  const to = checkPaymentRequest(request, caipNetworkId)
  const parsed = parseBitcoinAddress(from.address, params)
  if (!canSpendFrom(parsed.type))
    throw new MethodNotSupportedError({
      method: `send from ${parsed.type}`,
      details: 'sends are built for p2wpkh, p2sh-p2wpkh and p2tr addresses',
    })
  const [utxos, feeRate] = await Promise.all([
    api.utxos(parsed.address),
    request.feeRate ?? api.feeEstimates().then((e) => feeRateFor(e, args.feeTarget)),
  ])
  // p2tr needs the x-only internal key, p2sh-p2wpkh the compressed key of its redeem script.
  const source = { ...parsed, ...(from.publicKey ? { publicKey: from.publicKey.replace(/^0x/, '') } : {}) }
  return { params, to, source, utxos, feeRate }
}

/**
 * Builds the unsigned payment of `request` from `from` (a payment address and
 * its public key when p2tr or p2sh-p2wpkh): UTXOs and, when the request names
 * no rate, the `/fee-estimates` rate for `feeTarget` blocks, both from `api`.
 */
export async function buildPaymentFor(args: {
  api: EsploraClient
  from: { address: string; publicKey?: string }
  caipNetworkId: CaipNetworkId
  request: BitcoinTransactionRequest
  feeTarget: number
}): Promise<{ built: BuiltPayment; feeRate: number }> {
  const { params, to, source, utxos, feeRate } = await paymentInputs(args)
  if (source.type === 'p2sh' && !source.publicKey)
    throw new MethodNotSupportedError({
      method: 'send from p2sh',
      details: 'the wallet gave no public key for its p2sh-p2wpkh address',
    })
  const built = buildPayment({ utxos, source, to, value: args.request.value, feeRate, params })
  if (source.type === 'p2wpkh' || source.type === 'p2sh') await attachPreviousTransactions(built, args.api)
  return { built, feeRate }
}

/**
 * Segwit v0 inputs carry their whole previous transaction (`non_witness_utxo`)
 * beside the output they spend: a signer that checks it (hardware wallets,
 * Portico's own signer frame) can prove each input's amount, and so the fee,
 * instead of trusting the amount the page states (the two-round fee attack on
 * BIP-143). Each transaction read from the API must hash to the input's txid
 * and hold the very output the input spends.
 */
async function attachPreviousTransactions(built: BuiltPayment, api: EsploraClient): Promise<void> {
  const inputs = built.psbt.txInputs
  const txids = inputs.map((input) => toHex(input.hash.slice().reverse()))
  const hexes = await Promise.all(txids.map((txid) => api.txHex(txid)))
  inputs.forEach((input, i) => {
    const txid = txids[i]!
    const previous = Transaction.fromHex(hexes[i]!)
    const spent = previous.outs[input.index]
    const expected = built.psbt.data.inputs[i]?.witnessUtxo
    if (
      previous.getId() !== txid ||
      !spent ||
      !expected ||
      spent.value !== expected.value ||
      toHex(spent.script) !== toHex(expected.script)
    )
      throw new EsploraResponseError(`transaction ${txid} from the API is not the one the payment spends`)
    built.psbt.updateInput(i, { nonWitnessUtxo: fromHex(hexes[i]!) })
  })
}

/**
 * The fee of `request` from `from`: the built payment's, or, when the UTXOs
 * cannot cover the amount and its fee, the fee of spending all of them to
 * the receiver with change (`sweepFee`: the most a payment from this address
 * costs, which is what "Max" takes off). Building is only for pricing here:
 * no key is needed.
 */
export async function priceBitcoinPayment(args: {
  api: EsploraClient
  from: { address: string; publicKey?: string }
  caipNetworkId: CaipNetworkId
  request: BitcoinTransactionRequest
  feeTarget: number
}): Promise<bigint> {
  const { params, to, source, utxos, feeRate } = await paymentInputs(args)
  try {
    return buildPayment({ utxos, source, to, value: args.request.value, feeRate, params }).fee
  } catch (e) {
    if (!(e instanceof InsufficientFundsError)) throw e
    return sweepFee({ utxos, source: source.type, to: to.type, feeRate })
  }
}
