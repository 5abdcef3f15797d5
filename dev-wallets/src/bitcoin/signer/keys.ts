import * as ecc from '@bitcoinerlab/secp256k1'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { crypto, initEccLib, type Network, payments } from 'bitcoinjs-lib'

/** What a key is for, in the sats-connect vocabulary every Bitcoin wallet family maps to. */
export type BitcoinKeyPurpose = 'payment' | 'ordinals'
/** The payment address kind: native segwit (BIP-84), or nested segwit (BIP-49, Xverse's default). */
export type BitcoinPaymentType = 'p2wpkh' | 'p2sh-p2wpkh'

/** A signer bitcoinjs-lib's `Psbt.signInput` accepts: ECDSA for segwit v0, Schnorr with the tweaked key for p2tr. */
export interface BitcoinKeySigner {
  publicKey: Uint8Array
  sign?(hash: Uint8Array): Uint8Array
  signSchnorr?(hash: Uint8Array): Uint8Array
}

/** One key of the signing core: its address, output script and how it signs. */
export interface BitcoinSigningKey {
  purpose: BitcoinKeyPurpose
  addressType: 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr'
  address: string
  script: Uint8Array
  /** p2sh-p2wpkh's redeem script (the key's p2wpkh program). */
  redeemScript?: Uint8Array
  path: string
  /** 33-byte compressed key (p2wpkh, p2sh-p2wpkh) or 32-byte x-only internal key (p2tr), hex. */
  publicKey: string
  /** The 33-byte compressed key of the derived node (p2tr: before the tweak). */
  compressedPublicKey: Uint8Array
  internalKey?: Uint8Array
  privateKey: Uint8Array
  signer: BitcoinKeySigner
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
const seeds = new Map<string, Uint8Array>()
let eccReady = false

/** bitcoinjs-lib's taproot payments need an ECC library once per process. */
export function ensureEcc(): void {
  if (eccReady) return
  initEccLib(ecc)
  eccReady = true
}

/** The seed of `mnemonic`, derived once (BIP-39's PBKDF2 is slow). */
function seedOf(mnemonic: string): Uint8Array {
  let seed = seeds.get(mnemonic)
  if (!seed) {
    seed = mnemonicToSeedSync(mnemonic)
    seeds.set(mnemonic, seed)
  }
  return seed
}

/** The taproot key-path signer: the private key tweaked by its own x-only key (BIP-86: no script tree). */
function tweakedSigner(privateKey: Uint8Array, publicKey: Uint8Array): BitcoinKeySigner {
  const evenKey = publicKey[0] === 3 ? ecc.privateNegate(privateKey) : privateKey
  const tweaked = ecc.privateAdd(evenKey, crypto.taggedHash('TapTweak', publicKey.subarray(1)))
  if (!tweaked) throw new Error('invalid taproot tweak')
  return {
    publicKey: ecc.pointFromScalar(tweaked, true)!,
    signSchnorr: (hash) => ecc.signSchnorr(hash, tweaked),
  }
}

/**
 * The payment (BIP-84 p2wpkh, or BIP-49 p2sh-p2wpkh) and ordinals (BIP-86
 * p2tr) keys of address index `account` of `mnemonic` (coin type 0 on
 * mainnet, 1 elsewhere).
 */
export function deriveBitcoinKeys(
  mnemonic: string,
  params: Network,
  account: number,
  paymentType: BitcoinPaymentType = 'p2wpkh',
): BitcoinSigningKey[] {
  ensureEcc()
  const root = HDKey.fromMasterSeed(seedOf(mnemonic))
  const coin = params.bech32 === 'bc' ? 0 : 1
  const nested = paymentType === 'p2sh-p2wpkh'
  const paymentPath = `m/${nested ? 49 : 84}'/${coin}'/0'/0/${account}`
  const ordinalsPath = `m/86'/${coin}'/0'/0/${account}`
  const p = root.derive(paymentPath)
  const o = root.derive(ordinalsPath)
  const segwit = payments.p2wpkh({ pubkey: p.publicKey!, network: params })
  const pay = nested ? payments.p2sh({ redeem: segwit, network: params }) : segwit
  const internalKey = o.publicKey!.subarray(1)
  const tr = payments.p2tr({ internalPubkey: internalKey, network: params })
  return [
    {
      purpose: 'payment',
      addressType: paymentType,
      address: pay.address!,
      script: pay.output!,
      ...(nested ? { redeemScript: segwit.output! } : {}),
      path: paymentPath,
      publicKey: hex(p.publicKey!),
      compressedPublicKey: p.publicKey!,
      privateKey: p.privateKey!,
      signer: { publicKey: p.publicKey!, sign: (hash) => ecc.sign(hash, p.privateKey!) },
    },
    {
      purpose: 'ordinals',
      addressType: 'p2tr',
      address: tr.address!,
      script: tr.output!,
      path: ordinalsPath,
      publicKey: hex(internalKey),
      compressedPublicKey: o.publicKey!,
      internalKey,
      privateKey: o.privateKey!,
      signer: tweakedSigner(o.privateKey!, o.publicKey!),
    },
  ]
}
