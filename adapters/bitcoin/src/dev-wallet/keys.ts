import * as ecc from '@bitcoinerlab/secp256k1'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { type Network as BitcoinJsNetwork, crypto, type Psbt, payments } from 'bitcoinjs-lib'
import { ensureEcc } from '../address/index.js'
import { toHex } from '../bytes/index.js'
import type { BitcoinPurpose } from '../contract/index.js'
import { type Bip322Signer, signMessageBip322, signMessageEcdsa } from '../message/index.js'

const hex = toHex
const eq = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** One key of the dev wallet: its address, script and how it signs. */
export interface DevKey {
  purpose: BitcoinPurpose
  addressType: 'p2wpkh' | 'p2sh-p2wpkh' | 'p2tr'
  address: string
  script: Uint8Array
  path: string
  /** 33-byte compressed key (p2wpkh, p2sh-p2wpkh) or 32-byte x-only internal key (p2tr), hex. */
  publicKey: string
  signer: Bip322Signer
  internalKey?: Uint8Array
  privateKey: Uint8Array
}

/** The taproot key-path signer: the private key tweaked by its own x-only key (BIP-86: no script tree). */
function tweakedSigner(privateKey: Uint8Array, publicKey: Uint8Array): Bip322Signer {
  const evenKey = publicKey[0] === 3 ? ecc.privateNegate(privateKey) : privateKey
  const tweak = crypto.taggedHash('TapTweak', publicKey.subarray(1))
  const tweaked = ecc.privateAdd(evenKey, tweak)
  if (!tweaked) throw new Error('invalid taproot tweak')
  return {
    publicKey: ecc.pointFromScalar(tweaked, true)!,
    signSchnorr: (hash) => ecc.signSchnorr(hash, tweaked),
  }
}

/** The payment address kind: native segwit (BIP-84), or nested segwit (BIP-49, Xverse's default). */
export type DevPaymentType = 'p2wpkh' | 'p2sh-p2wpkh'

/**
 * Derives the dev wallet's payment (BIP-84 p2wpkh, or BIP-49 p2sh-p2wpkh)
 * and ordinals (BIP-86, p2tr) keys for `account` of `mnemonic` (coin type 0
 * on mainnet, 1 elsewhere).
 */
export function deriveDevKeys(
  mnemonic: string,
  params: BitcoinJsNetwork,
  account: number,
  paymentType: DevPaymentType = 'p2wpkh',
): DevKey[] {
  ensureEcc()
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
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
      path: paymentPath,
      publicKey: hex(p.publicKey!),
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
      internalKey,
      privateKey: o.privateKey!,
      signer: tweakedSigner(o.privateKey!, o.publicKey!),
    },
  ]
}

/** Signs a message with a dev key: legacy ECDSA (p2wpkh only) or BIP-322 simple. */
export function signWithKey(
  key: DevKey,
  message: Uint8Array,
  protocol: 'ecdsa' | 'bip322',
  params: BitcoinJsNetwork,
): string {
  if (protocol === 'ecdsa') {
    if (key.addressType === 'p2tr')
      throw Object.assign(new Error('ECDSA signing needs a p2wpkh or p2sh-p2wpkh address'), {
        code: -32602,
      })
    return signMessageEcdsa(message, key.privateKey, key.addressType)
  }
  return signMessageBip322(message, key.address, key.signer, params, key.internalKey)
}

/**
 * Signs the given inputs of a PSBT with the dev key whose script each input
 * spends (inputs of other scripts are refused: the wallet signs only its own).
 */
export function signPsbtInputs(
  psbt: Psbt,
  keys: readonly DevKey[],
  indexes: readonly number[],
  sighashTypes?: number[],
): void {
  for (const i of indexes) {
    const input = psbt.data.inputs[i]
    const script = input?.witnessUtxo?.script
    const key = script && keys.find((k) => eq(k.script, script))
    if (!key)
      throw Object.assign(new Error(`input ${i} does not spend a dev wallet address`), { code: -32602 })
    if (key.addressType === 'p2tr' && !input.tapInternalKey)
      psbt.updateInput(i, { tapInternalKey: key.internalKey! })
    psbt.signInput(i, key.signer as never, sighashTypes)
  }
}
