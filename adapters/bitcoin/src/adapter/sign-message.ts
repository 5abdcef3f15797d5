import { MethodNotSupportedError, type SignedMessage } from '@portico/core'
import type { BitcoinSignMessageOptions } from '../contract/index.js'
import { InvalidWalletResponseError, toBitcoinPorticoError } from '../errors/index.js'
import { verifyBitcoinMessage } from '../message/index.js'
import { addressParams } from '../networks/index.js'
import type { BitcoinWalletDriver } from '../wallets/index.js'
import type { createSessions } from './sessions.js'

type Sessions = ReturnType<typeof createSessions>

/**
 * Has the wallet sign a message with a session account: BIP-322 by default
 * for taproot and for wallets that sign nothing else (Leather, Phantom),
 * ECDSA (the legacy format) otherwise; ECDSA for a p2tr account, or from a
 * wallet that cannot sign it, is refused with a typed error naming the wallet. The signature is verified here before it is returned.
 */
export async function signBitcoinMessage(
  sessions: Sessions,
  params: {
    connectorId: string
    address: string
    message: string | Uint8Array
    options?: BitcoinSignMessageOptions
  },
): Promise<SignedMessage> {
  const { connectorId, address, message, options: signOptions } = params
  const session = sessions.require(connectorId)
  const account = sessions.account(session, address)
  const supported = session.driver.messageProtocols ?? ['ecdsa', 'bip322']
  const preferred = account.addressType === 'p2tr' || !supported.includes('ecdsa') ? 'bip322' : 'ecdsa'
  const protocol = signOptions?.protocol ?? preferred
  if (!supported.includes(protocol))
    throw new MethodNotSupportedError({
      method: `${protocol} message signing`,
      details: `${session.driver.walletName ?? 'this wallet'} signs ${supported.join(' and ')} messages only`,
    })
  if (protocol === 'ecdsa' && account.addressType === 'p2tr')
    throw new MethodNotSupportedError({
      method: 'ecdsa message signing for p2tr',
      details: 'use protocol bip322',
    })
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  let signed: Awaited<ReturnType<BitcoinWalletDriver['signMessage']>>
  try {
    signed = await session.driver.signMessage(account.address, bytes, protocol)
  } catch (e) {
    throw toBitcoinPorticoError(e)
  }
  const verified = verifyBitcoinMessage({
    message: signed.signedMessage ?? bytes,
    address: account.address,
    signature: signed.signature,
    protocol,
    params: addressParams(session.caipNetworkId),
  })
  if (!verified)
    throw new InvalidWalletResponseError(`the ${protocol} signature does not verify for ${account.address}`)
  return {
    signature: signed.signature,
    ...(account.publicKey ? { publicKey: account.publicKey } : {}),
    ...(signed.signedMessage ? { signedMessage: signed.signedMessage } : {}),
  }
}
