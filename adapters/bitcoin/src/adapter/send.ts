import { type AccountRecord, type CaipNetworkId, NetworkNotFoundError } from '@portico/core'
import type { BitcoinTransactionRequest } from '../contract/index.js'
import { toBitcoinPorticoError } from '../errors/index.js'
import type { EsploraClient } from '../esplora/index.js'
import { toStandardChain } from '../networks/index.js'
import { assertSamePayment, decodePsbt, finalizeAndExtract } from '../psbt/index.js'
import { buildPaymentFor } from './payment.js'
import type { createSessions } from './sessions.js'

/** What sends and fee estimates need from the adapter: its sessions, Esplora clients and fee target. */
export interface SendDeps {
  sessions: ReturnType<typeof createSessions>
  esplora: (caipNetworkId: CaipNetworkId) => EsploraClient
  /** Confirmation target (blocks) for the fee rate when the request names none. */
  feeTarget: number
}

/** The unsigned payment PSBT of `request` from `from`, and the Esplora client it was built with. */
export async function buildPayment(
  deps: SendDeps,
  from: AccountRecord,
  caipNetworkId: CaipNetworkId,
  request: BitcoinTransactionRequest,
) {
  const api = deps.esplora(caipNetworkId)
  const { built } = await buildPaymentFor({
    api,
    from,
    caipNetworkId,
    request,
    feeTarget: deps.feeTarget,
  })
  return { built, api }
}

/**
 * Builds the payment from the session's payment account, has the wallet sign
 * it, checks the signed PSBT pays exactly what was built, then broadcasts it.
 * Resolves the txid.
 */
export async function sendPayment(
  deps: SendDeps,
  params: {
    connectorId: string
    address?: string
    caipNetworkId?: CaipNetworkId
    request: BitcoinTransactionRequest
  },
): Promise<string> {
  const { connectorId, address, caipNetworkId, request } = params
  const { sessions } = deps
  const session = sessions.require(connectorId)
  if (caipNetworkId && caipNetworkId !== session.caipNetworkId)
    throw new NetworkNotFoundError({
      details: `connected on ${session.caipNetworkId}, not ${caipNetworkId}`,
    })
  const from = sessions.account(session, address, 'payment')
  const { built, api } = await buildPayment(deps, from, session.caipNetworkId, request)
  let signedBytes: Uint8Array
  try {
    signedBytes = await session.driver.signPsbt(
      built.psbt.toBuffer(),
      [{ address: from.address, index: built.inputIndexes }],
      toStandardChain(session.caipNetworkId),
    )
  } catch (e) {
    throw toBitcoinPorticoError(e)
  }
  const signed = decodePsbt(signedBytes)
  assertSamePayment(built.psbt, signed)
  const tx = finalizeAndExtract(signed)
  return await api.broadcast(tx.toHex(), tx.getId())
}
