import type { AccountRecord, CaipNetworkId } from '@portico/core'
import type { Network as BitcoinJsNetwork } from 'bitcoinjs-lib'
import { parseBitcoinAddress } from '../address/index.js'
import type { BitcoinPurpose } from '../contract/index.js'
import { InvalidWalletResponseError } from '../errors/index.js'
import type { RawBitcoinAccount } from '../wallets/index.js'

const HEX_KEY = /^(0x)?([0-9a-f]{64}|[0-9a-f]{66})$/i

/**
 * Turns what a wallet reported into account records for the network: every
 * address must be valid for it (HRP, checksum variant, base58 version), the
 * type comes from the address itself, the purpose from the wallet when it
 * says `payment`/`ordinals`, else from the type (p2tr → ordinals). Payment
 * accounts come first; duplicates are dropped. A wrong-network or malformed
 * address throws `InvalidBitcoinAddressError`; a malformed public key is
 * dropped (it is optional).
 */
export function toAccountRecords(
  raw: readonly RawBitcoinAccount[],
  caipNetworkId: CaipNetworkId,
  params: BitcoinJsNetwork,
): AccountRecord[] {
  if (!Array.isArray(raw)) throw new InvalidWalletResponseError('no account list')
  const seen = new Set<string>()
  const out: AccountRecord[] = []
  for (const account of raw.slice(0, 16)) {
    const { address, type } = parseBitcoinAddress(account?.address, params)
    if (seen.has(address)) continue
    seen.add(address)
    const purpose: BitcoinPurpose =
      account.purpose === 'payment' || account.purpose === 'ordinals'
        ? account.purpose
        : type === 'p2tr'
          ? 'ordinals'
          : 'payment'
    const key =
      typeof account.publicKey === 'string' && HEX_KEY.test(account.publicKey) ? account.publicKey : undefined
    out.push({
      namespace: 'bip122',
      address,
      caipAddress: `${caipNetworkId}:${address}`,
      type: 'eoa',
      purpose,
      addressType: type,
      ...(key ? { publicKey: key.startsWith('0x') ? key.toLowerCase() : `0x${key.toLowerCase()}` } : {}),
    })
  }
  return out.sort((a, b) => Number(a.purpose === 'ordinals') - Number(b.purpose === 'ordinals'))
}
