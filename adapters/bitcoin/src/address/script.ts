import * as ecc from '@bitcoinerlab/secp256k1'
import { type Network as BitcoinJsNetwork, address as btcAddress, initEccLib } from 'bitcoinjs-lib'

// The bitcoinjs-lib side of addresses: only the PSBT and message code (lazy chunks) needs it.

let eccReady = false
/** bitcoinjs-lib needs an ECC backend for taproot (bech32m) addresses; set once, lazily (never at import). */
export function ensureEcc(): void {
  if (eccReady) return
  initEccLib(ecc)
  eccReady = true
}

/** The network's address of an output script, or undefined (OP_RETURN, bare multisig…). */
export function addressFromScript(script: Uint8Array, params: BitcoinJsNetwork): string | undefined {
  ensureEcc()
  try {
    return btcAddress.fromOutputScript(script, params)
  } catch {
    return undefined
  }
}
