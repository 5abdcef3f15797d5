import {
  type CaipNetworkId,
  formatSiwxMessage,
  SiwxMessageError,
  type SiwxMessageFields,
} from '@portico/core'
import { parseBitcoinAddress } from '../address/index.js'
import type { BitcoinSignMessageOptions } from '../contract/index.js'
import { addressParams } from '../networks/index.js'

/**
 * The CAIP-122 sign-in text for a Bitcoin account ("… sign in with your
 * Bitcoin account:", "Chain ID" the genesis-hash prefix of `bip122:<ref>`).
 * The address must belong to the message's network (a `tb1…` address is no
 * sign-in on mainnet) and be p2pkh, p2wpkh, p2sh (a p2sh-p2wpkh one signs;
 * any other script fails verification) or p2tr: those are the kinds a
 * gateway can verify (BIP-322 simple, or the legacy format for p2pkh). A
 * p2wsh address cannot sign in. Throws `SiwxMessageError` otherwise.
 *
 * @example
 * const text = formatBitcoinSignInMessage({ ...fields, caipNetworkId: bitcoinRegtest.caipNetworkId, address })
 */
export function formatBitcoinSignInMessage(fields: SiwxMessageFields): string {
  const caip = fields.caipNetworkId
  if (typeof caip !== 'string' || !/^bip122:[0-9a-f]{32}$/.test(caip))
    throw new SiwxMessageError(`not a bip122 network: ${String(caip)}`)
  let params: ReturnType<typeof addressParams>
  try {
    params = addressParams(caip as CaipNetworkId)
  } catch {
    throw new SiwxMessageError(`unknown Bitcoin network ${caip}`)
  }
  let type: string
  try {
    type = parseBitcoinAddress(fields.address, params).type
  } catch {
    throw new SiwxMessageError(`${String(fields.address)} is not an address of ${caip}`)
  }
  if (type !== 'p2pkh' && type !== 'p2wpkh' && type !== 'p2sh' && type !== 'p2tr')
    throw new SiwxMessageError(`sign-in needs a p2pkh, p2wpkh, p2sh-p2wpkh or p2tr address, not ${type}`)
  return formatSiwxMessage(fields, 'Bitcoin')
}

/**
 * How a sign-in message is signed: BIP-322 simple for segwit v0 and taproot
 * addresses; the legacy "Bitcoin Signed Message" format (BIP-137) only for
 * p2pkh, the one kind BIP-322 lets keep it.
 */
export function bitcoinSignInMessageOptions(address: string): BitcoinSignMessageOptions {
  return { protocol: /^[1mn]/.test(address) ? 'ecdsa' : 'bip322' }
}
