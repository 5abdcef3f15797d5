import {
  type AccountRecord,
  type AccountReserve,
  type CaipNetworkId,
  formatUnits,
  type Network,
  NetworkNotFoundError,
} from '@portico/core'
import { parseBitcoinAddress } from '../address/index.js'
import type { BitcoinTransactionRequest } from '../contract/index.js'
import { toBitcoinPorticoError } from '../errors/index.js'
import type { EsploraClient } from '../esplora/index.js'
import { addressParams, toStandardChain } from '../networks/index.js'
import { assertSamePayment, DUST_LIMITS, decodePsbt, finalizeAndExtract } from '../psbt/index.js'
import { buildPaymentFor, priceBitcoinPayment } from './payment.js'
import { btcBalance } from './reads.js'
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

/** The connected account `address` (its public key: p2sh-p2wpkh and p2tr need it), or the bare address. */
function knownAccount(deps: SendDeps, address: string): { address: string; publicKey?: string } {
  for (const id of deps.sessions.ids()) {
    const found = deps.sessions.get(id)?.accounts.find((a) => a.address === address)
    if (found) return found
  }
  return { address }
}

/** The fee `request` pays from `address` (see `priceBitcoinPayment`: a sweep's when the UTXOs fall short). */
export async function estimatePaymentFee(
  deps: SendDeps,
  address: string,
  caipNetworkId: CaipNetworkId,
  request: BitcoinTransactionRequest,
): Promise<bigint> {
  return await priceBitcoinPayment({
    api: deps.esplora(caipNetworkId),
    from: knownAccount(deps, address),
    caipNetworkId,
    request,
    feeTarget: deps.feeTarget,
  })
}

/**
 * The dust limit of the sender's own output type (`kind: 'dust-limit'`):
 * change under it is not made (nodes do not relay it) and is paid to the
 * miner, so Max and the amount check leave at least that much as change.
 * `keep.formatted` is exact (`0.00000294`), not the 3-decimal display: a
 * minimum shown as "0.000 BTC" would not be true.
 */
export function dustReserve(address: string, network: Network): AccountReserve {
  const { type } = parseBitcoinAddress(address, addressParams(network.caipNetworkId))
  const limit = DUST_LIMITS[type]
  const keep = { ...btcBalance(limit, network), formatted: formatUnits(limit, 8) }
  return {
    keep,
    kind: 'dust-limit',
    reason: `Change under ${limit} sats (the dust limit of a ${type} address) is not relayed and would be paid to the miner, so at least that much stays as change`,
  }
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
