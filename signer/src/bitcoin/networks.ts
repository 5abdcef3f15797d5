import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { base58check, bech32, bech32m } from '@scure/base'
import { concat, equal } from './bytes.js'

/**
 * The Bitcoin networks the frame signs for, by CAIP-2 reference (the first 32
 * hex characters of the genesis hash, as the Bitcoin adapter names them):
 * the address prefixes of each. Testnet3, testnet4 and signet share `tb`.
 */
export interface BitcoinParams {
  name: string
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

const MAIN: BitcoinParams = { name: 'Bitcoin', bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }
const test = (name: string): BitcoinParams => ({
  name,
  bech32: 'tb',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
})

export const BITCOIN_NETWORKS: Readonly<Record<string, BitcoinParams>> = {
  '000000000019d6689c085ae165831e93': MAIN,
  '000000000933ea01ad0ee984209779ba': test('Bitcoin Testnet'),
  '00000000da84f2bafbbc53dee25a72ae': test('Bitcoin Testnet4'),
  '00000008819873e925422c1ff0f99f7c': test('Bitcoin Signet'),
  '0f9188f13cb7b2c71f2a335e3a4fc328': { ...test('Bitcoin Regtest'), bech32: 'bcrt' },
}

/** The network of a `bip122:<reference>` id, or undefined for a chain the frame does not know. */
export function bitcoinParams(chainId: string): BitcoinParams | undefined {
  if (!chainId.startsWith('bip122:')) return undefined
  return Object.hasOwn(BITCOIN_NETWORKS, chainId.slice(7)) ? BITCOIN_NETWORKS[chainId.slice(7)] : undefined
}

export const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))
const b58 = base58check(sha256)

/** The output script `OP_0 <20-byte key hash>` of a compressed key. */
export const p2wpkhScript = (publicKey: Uint8Array) => concat(Uint8Array.of(0x00, 0x14), hash160(publicKey))

/** `OP_1 <32-byte x-only key>`. */
export const p2trScript = (outputKey: Uint8Array) => concat(Uint8Array.of(0x51, 0x20), outputKey)

/** The BIP-341 tweak of an x-only internal key with no script tree (BIP-86): t = H_TapTweak(P). */
export const taprootTweak = (internalKey: Uint8Array) => schnorr.utils.taggedHash('TapTweak', internalKey)

/** The taproot output key (x-only) of a compressed public key: lift its x, add t·G. */
export function taprootOutputKey(publicKey: Uint8Array): Uint8Array {
  const internal = publicKey.subarray(1)
  const P = schnorr.utils.lift_x(schnorr.utils.bytesToNumberBE(internal))
  const t = schnorr.utils.bytesToNumberBE(taprootTweak(internal))
  if (t >= secp256k1.CURVE.n) throw new Error('taproot tweak out of range')
  const Q = P.add(secp256k1.ProjectivePoint.BASE.multiply(t))
  return schnorr.utils.pointToBytes(Q)
}

/**
 * The address of an output script on a network (p2pkh, p2sh, any segwit
 * version), or undefined for a script with no address (OP_RETURN, bare
 * scripts).
 */
export function addressOf(script: Uint8Array, params: BitcoinParams): string | undefined {
  const n = script.length
  if (
    n === 25 &&
    script[0] === 0x76 &&
    script[1] === 0xa9 &&
    script[2] === 0x14 &&
    script[23] === 0x88 &&
    script[24] === 0xac
  )
    return b58.encode(concat(Uint8Array.of(params.pubKeyHash), script.subarray(3, 23)))
  if (n === 23 && script[0] === 0xa9 && script[1] === 0x14 && script[22] === 0x87)
    return b58.encode(concat(Uint8Array.of(params.scriptHash), script.subarray(2, 22)))
  const op = script[0] as number
  const version = op === 0 ? 0 : op >= 0x51 && op <= 0x60 ? op - 0x50 : -1
  const program = script.subarray(2)
  if (version < 0 || n < 4 || script[1] !== n - 2 || program.length < 2 || program.length > 40)
    return undefined
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined
  const words = [version, ...bech32.toWords(program)]
  return version === 0 ? bech32.encode(params.bech32, words) : bech32m.encode(params.bech32, words)
}

/** The wallet's two addresses on a network: P2WPKH (payment) and P2TR key path (ordinal), from its public key. */
export function walletScripts(publicKey: Uint8Array) {
  return { payment: p2wpkhScript(publicKey), ordinal: p2trScript(taprootOutputKey(publicKey)) }
}

export type Intention = 'payment' | 'ordinal'

export interface WalletAddress {
  address: string
  /** 33-byte compressed key (payment) or the 32-byte x-only internal key (ordinal), hex. */
  publicKey: string
  intention: Intention
  script: Uint8Array
}

export function walletAddresses(publicKeyHex: string, params: BitcoinParams): WalletAddress[] {
  const publicKey = Uint8Array.from(publicKeyHex.match(/../g) ?? [], (h) => Number.parseInt(h, 16))
  const scripts = walletScripts(publicKey)
  return (['payment', 'ordinal'] as const).map((intention) => ({
    address: addressOf(scripts[intention], params) as string,
    publicKey: intention === 'payment' ? publicKeyHex : publicKeyHex.slice(2),
    intention,
    script: scripts[intention],
  }))
}

/** The wallet address `address` is, on this network, or undefined. */
export const ownAddress = (publicKeyHex: string, params: BitcoinParams, address: string) =>
  walletAddresses(publicKeyHex, params).find((a) => a.address === address)

/** The wallet address whose script an output spends, or undefined. */
export const ownScript = (publicKeyHex: string, params: BitcoinParams, script: Uint8Array) =>
  walletAddresses(publicKeyHex, params).find((a) => equal(a.script, script))

/** WIF of a private key for a compressed public key: version, key, 0x01, base58check (the copy wiped). */
export function toWif(privateKey: Uint8Array, params: BitcoinParams): string {
  const payload = concat(Uint8Array.of(params.wif), privateKey, Uint8Array.of(0x01))
  try {
    return b58.encode(payload)
  } finally {
    payload.fill(0)
  }
}
