import { sha256 } from '@noble/hashes/sha2'
import { bech32, bech32m, createBase58check } from '@scure/base'
import { InvalidBitcoinAddressError } from '../errors/index.js'
import type { BitcoinAddressParams } from '../networks/params.js'

// Address checks without bitcoinjs-lib (it stays in the PSBT and message chunks): base58check
// and bech32/bech32m from @scure/base, the taproot key checked on secp256k1 with BigInt.

/** Output types Portico recognises. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

const base58check = createBase58check(sha256)
const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn

function powMod(base: bigint, exp: bigint): bigint {
  let result = 1n
  let b = base % P
  let e = exp
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P
    b = (b * b) % P
    e >>= 1n
  }
  return result
}

/** A taproot output key is an x coordinate on secp256k1: x < p and x³ + 7 a square mod p (Euler's criterion). */
function isXOnlyPoint(key: Uint8Array): boolean {
  let x = 0n
  for (const byte of key) x = (x << 8n) | BigInt(byte)
  if (x === 0n || x >= P) return false
  const y2 = (powMod(x, 3n) + 7n) % P
  return y2 === 0n || powMod(y2, (P - 1n) / 2n) === 1n
}

function script(...parts: (number | Uint8Array)[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])))
}

/** The output script of a base58check or segwit address of this network, as bitcoinjs-lib's `toOutputScript` reads it. */
function toOutputScript(address: string, params: BitcoinAddressParams): Uint8Array {
  let payload: Uint8Array | undefined
  try {
    payload = base58check.decode(address)
  } catch {
    payload = undefined
  }
  if (payload) {
    if (payload.length !== 21) throw new Error('base58 payload is not 21 bytes')
    const hash = payload.subarray(1)
    if (payload[0] === params.pubKeyHash) return script(0x76, 0xa9, 0x14, hash, 0x88, 0xac)
    if (payload[0] === params.scriptHash) return script(0xa9, 0x14, hash, 0x87)
    throw new Error('base58 version of another network')
  }
  let decoded: { prefix: string; words: number[] }
  let v0: boolean
  try {
    decoded = bech32.decode(address as `${string}1${string}`)
    v0 = true
  } catch {
    decoded = bech32m.decode(address as `${string}1${string}`)
    v0 = false
  }
  const version = decoded.words[0]
  if (version === undefined || (version === 0) !== v0) throw new Error('wrong checksum variant')
  if (decoded.prefix !== params.bech32) throw new Error('prefix of another network')
  const data = bech32.fromWords(decoded.words.slice(1))
  if (version === 0 && data.length === 20) return script(0x00, 0x14, data)
  if (version === 0 && data.length === 32) return script(0x00, 0x20, data)
  if (version === 1 && data.length === 32) {
    if (!isXOnlyPoint(data)) throw new Error('taproot key not on the curve')
    return script(0x51, 0x20, data)
  }
  return new Uint8Array() // a future segwit version or a bad length: no type Portico spends
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
  params: BitcoinAddressParams,
): { address: string; type: BitcoinAddressType; script: Uint8Array } {
  if (typeof address !== 'string' || address.length < 14 || address.length > 90)
    throw new InvalidBitcoinAddressError(address, 'not a Bitcoin address')
  let output: Uint8Array
  try {
    output = toOutputScript(address, params)
  } catch {
    throw new InvalidBitcoinAddressError(address, `not an address of this network (${params.bech32})`)
  }
  const type = typeOfScript(output)
  if (!type) throw new InvalidBitcoinAddressError(address, 'unsupported output type')
  return { address, type, script: output }
}

/** True when `address` is valid for the network (see `parseBitcoinAddress`). */
export function isBitcoinAddress(address: unknown, params: BitcoinAddressParams): boolean {
  try {
    parseBitcoinAddress(address, params)
    return true
  } catch {
    return false
  }
}
