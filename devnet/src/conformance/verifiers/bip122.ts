import type { SignedMessage } from '@portico/core'
import { Verifier } from 'bip322-js'

/**
 * Bitcoin message signatures with `bip322-js` (a maintained BIP-322
 * implementation, independent of the adapter): BIP-322 "simple" for segwit
 * (p2wpkh, p2sh-p2wpkh) and taproot (p2tr) addresses, and the legacy
 * "Bitcoin Signed Message" ECDSA format (BIP-137) for p2pkh and for segwit
 * addresses whose wallets sign that way.
 */
export async function verifyBitcoinMessage(args: {
  address: string
  message: string
  signed: SignedMessage
}): Promise<boolean> {
  try {
    return Verifier.verifySignature(args.address, args.message, args.signed.signature)
  } catch {
    return false
  }
}
