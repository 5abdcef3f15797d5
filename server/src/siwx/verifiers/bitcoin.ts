import { addressParams, parseBitcoinAddress } from '@portico/adapter-bitcoin'
import { verifyBitcoinMessage } from '@portico/adapter-bitcoin/psbt'
import type { CaipNetworkId } from '@portico/core'
import type { SignInVerifier } from '../verify.js'

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
/** Longest signature read: a BIP-322 simple witness of one key is ~110 bytes (~150 base64 characters). */
const MAX_SIGNATURE_CHARS = 512

/**
 * bip122: BIP-322 "simple" for p2wpkh and p2sh-p2wpkh (ECDSA over the
 * BIP-143 sighash of the virtual `to_sign` transaction, the witness key
 * hashing to the address, or its p2wpkh program to the p2sh hash) and p2tr
 * key path (BIP-340 Schnorr over the BIP-341 sighash, by the output key);
 * the legacy "Bitcoin Signed Message" signature (BIP-137, 65 bytes) only for
 * p2pkh addresses, the one kind BIP-322 simple cannot sign. p2wsh (and any
 * p2sh that is not a p2sh-p2wpkh of the witness key) is refused. The address must
 * be of the chain id's network (`bc1…` mainnet, `tb1…` testnet and signet,
 * `bcrt1…` regtest). The transactions and hashes are the adapter's
 * (`@portico/adapter-bitcoin`, checked against the BIP's test vectors).
 */
export const bitcoinSignInVerifier: SignInVerifier = async ({
  message,
  address,
  caipNetworkId,
  signature,
}) => {
  if (typeof signature !== 'string' || signature.length > MAX_SIGNATURE_CHARS || !BASE64.test(signature))
    return false
  let params: ReturnType<typeof addressParams>
  let type: string
  try {
    params = addressParams(caipNetworkId as CaipNetworkId)
    type = parseBitcoinAddress(address, params).type
  } catch {
    return false
  }
  const protocol =
    type === 'p2wpkh' || type === 'p2sh' || type === 'p2tr'
      ? 'bip322'
      : type === 'p2pkh'
        ? 'ecdsa'
        : undefined
  if (!protocol) return false
  try {
    return verifyBitcoinMessage({ message, address, signature, protocol, params })
  } catch {
    return false
  }
}
