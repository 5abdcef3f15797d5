import * as ecc from '@bitcoinerlab/secp256k1'
import { type Network as BitcoinJsNetwork, address as btcAddress, initEccLib } from 'bitcoinjs-lib'
import { InvalidBitcoinAddressError } from '../errors/index.js'

/** Output types Portico recognises. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

let eccReady = false
/** bitcoinjs-lib needs an ECC backend for taproot (bech32m) addresses; set once, lazily (never at import). */
export function ensureEcc(): void {
  if (eccReady) return
  initEccLib(ecc)
  eccReady = true
}

function typeOfScript(script: Uint8Array): BitcoinAddressType | undefined {
  const n = script.length
  if (
    n === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return 'p2pkh'
  if (n === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87) return 'p2sh'
  if (n === 22 && script[0] === 0x00 && script[1] === 0x14) return 'p2wpkh'
  if (n === 34 && script[0] === 0x00 && script[1] === 0x20) return 'p2wsh'
  if (n === 34 && script[0] === 0x51 && script[1] === 0x20) return 'p2tr'
  return undefined
}

/**
 * Checks that `address` is a valid address **for this network** (bech32 /
 * bech32m with the network's HRP and checksum variant, base58check with its
 * version byte) and returns its output script and type. Throws
 * `InvalidBitcoinAddressError` otherwise (a mainnet address on regtest too).
 *
 * @example
 * parseBitcoinAddress('bcrt1q…', addressParams(caipNetworkId)) // { type: 'p2wpkh', script }
 */
export function parseBitcoinAddress(
  address: unknown,
  params: BitcoinJsNetwork,
): { address: string; type: BitcoinAddressType; script: Uint8Array } {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90)
    throw new InvalidBitcoinAddressError(address, 'not a Bitcoin address')
  ensureEcc()
  let script: Uint8Array
  try {
    script = btcAddress.toOutputScript(address, params)
  } catch {
    throw new InvalidBitcoinAddressError(address, `not an address of this network (${params.bech32})`)
  }
  const type = typeOfScript(script)
  if (!type) throw new InvalidBitcoinAddressError(address, 'unsupported output type')
  return { address, type, script }
}

/** True when `address` is valid for the network (see `parseBitcoinAddress`). */
export function isBitcoinAddress(address: unknown, params: BitcoinJsNetwork): boolean {
  try {
    parseBitcoinAddress(address, params)
    return true
  } catch {
    return false
  }
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
