import { PorticoError } from '@portico/core'
import type { BitcoinSignTransactionRequest, BitcoinSignTransactionResult } from '../contract/index.js'
import { toBitcoinPorticoError } from '../errors/index.js'
import type { EsploraClient } from '../esplora/index.js'
import { toStandardChain } from '../networks/index.js'
import { assertSamePayment, decodePsbt, finalizeAndExtract } from '../psbt/index.js'
import type { Session } from './sessions.js'

/**
 * Signs a dApp's own PSBT: every address to sign with must be an account of
 * the session and every index an input of the PSBT; the wallet's answer must
 * be the same transaction (only signatures added), and with `broadcast` it is
 * finalized, its signatures checked, and sent through `api`.
 */
export async function signDappPsbt(
  session: Session,
  requireAccount: (address: string) => void,
  request: BitcoinSignTransactionRequest,
  api: () => EsploraClient,
): Promise<BitcoinSignTransactionResult> {
  const original = decodePsbt(request?.psbt, 'the request')
  if (!Array.isArray(request.inputsToSign) || request.inputsToSign.length === 0)
    throw new PorticoError('Nothing to sign', {
      code: 'INVALID_PSBT_REQUEST',
      details: 'inputsToSign is empty',
    })
  for (const entry of request.inputsToSign) {
    requireAccount(entry.address)
    if (
      !Array.isArray(entry.index) ||
      entry.index.some((i) => !Number.isInteger(i) || i < 0 || i >= original.inputCount)
    )
      throw new PorticoError('Invalid input index', {
        code: 'INVALID_PSBT_REQUEST',
        details: `${entry.address}: ${entry.index}`,
      })
  }
  let signedBytes: Uint8Array
  try {
    signedBytes = await session.driver.signPsbt(
      request.psbt,
      request.inputsToSign,
      toStandardChain(session.caipNetworkId),
    )
  } catch (e) {
    throw toBitcoinPorticoError(e)
  }
  const signed = decodePsbt(signedBytes)
  assertSamePayment(original, signed)
  if (!request.broadcast) return { psbt: signed.toBuffer() }
  const tx = finalizeAndExtract(signed)
  const txid = await api().broadcast(tx.toHex(), tx.getId())
  return { psbt: signed.toBuffer(), txid }
}
