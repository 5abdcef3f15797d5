/**
 * The Bitcoin signing core of the dev wallets: the dev mnemonic's keys (payment
 * p2wpkh or p2sh-p2wpkh, ordinals p2tr), message signatures (ECDSA with
 * BIP-137 headers, BIP-322 "simple") and PSBT signing. Every Bitcoin dev
 * surface signs through it: the injected dev wallet of
 * `@portico/adapter-bitcoin/dev-wallet` (Wallet Standard and WBIP004 faces),
 * the WalletConnect dev wallet's bip122 part, and the wallet personalities
 * (`@portico/dev-wallets/bitcoin/personalities`). Browser-safe (no Node APIs).
 * Never give it a real mnemonic.
 */

import { type Network, networks, type Psbt } from 'bitcoinjs-lib'
import { type BitcoinPaymentType, type BitcoinSigningKey, deriveBitcoinKeys } from './keys.js'
import { type BitcoinMessageProtocol, signBitcoinMessage } from './message.js'
import { type BitcoinSignTarget, readPsbt, signPsbtInputs } from './psbt.js'

export type { BitcoinKeyPurpose, BitcoinKeySigner, BitcoinPaymentType, BitcoinSigningKey } from './keys.js'
export { deriveBitcoinKeys, ensureEcc } from './keys.js'
export type { BitcoinMessageProtocol } from './message.js'
export { signBitcoinMessage } from './message.js'
export { BITCOIN_DEV_MNEMONIC } from './mnemonic.js'
export type { BitcoinSignTarget } from './psbt.js'
export { readPsbt, signPsbtInputs } from './psbt.js'

export type BitcoinNetworkKind = 'mainnet' | 'testnet' | 'regtest'

export interface BitcoinSignerOptions {
  mnemonic: string
  /** Which network's addresses; default regtest. */
  network?: BitcoinNetworkKind
  /** Address index i of m/84'/c'/0'/0/i (m/49'/… for p2sh-p2wpkh) and m/86'/c'/0'/0/i; default 0. */
  account?: number
  /** The payment address kind; default p2wpkh. */
  paymentType?: BitcoinPaymentType
}

/** One account of the dev mnemonic, and everything a wallet surface signs with it. */
export interface BitcoinSigner {
  readonly params: Network
  readonly network: BitcoinNetworkKind
  readonly paymentType: BitcoinPaymentType
  /** The selected account's keys, payment first. */
  readonly keys: readonly BitcoinSigningKey[]
  readonly account: number
  /** The user selects another address index (the keys are derived anew). */
  selectAccount(index: number): void
  /** The key of `address`, or undefined when the account holds none. */
  keyFor(address: string): BitcoinSigningKey | undefined
  keyOf(purpose: 'payment' | 'ordinals'): BitcoinSigningKey
  /** Signs with the key of `address` (throws 4100 when none); base64. */
  signMessage(address: string, message: Uint8Array, protocol: BitcoinMessageProtocol): string
  /** Signs `targets` of a PSBT (or every input of the account's: `'own'`); `finalize` finalizes the inputs it signed. */
  signPsbt(psbt: Psbt, targets: readonly BitcoinSignTarget[] | 'own', options?: { finalize?: boolean }): Psbt
  /** Parses a PSBT in a wallet family's encoding for this network (-32602 when it is not one). */
  readPsbt(data: Uint8Array | string, encoding: 'bytes' | 'base64' | 'hex'): Psbt
}

export const BITCOIN_NETWORK_PARAMS: Record<BitcoinNetworkKind, Network> = {
  mainnet: networks.bitcoin,
  testnet: networks.testnet,
  regtest: networks.regtest,
}

/** The 4100 a wallet answers for an address it does not hold (or has not granted). */
export function notAuthorized(what = 'The account is not authorized'): Error {
  return Object.assign(new Error(what), { code: 4100 })
}

/**
 * Creates the signing core for one account of `mnemonic`.
 *
 * @example
 * const signer = createBitcoinSigner({ mnemonic: BITCOIN_DEV_MNEMONIC })
 * signer.signMessage(signer.keyOf('payment').address, utf8('hi'), 'bip322')
 */
export function createBitcoinSigner(options: BitcoinSignerOptions): BitcoinSigner {
  const network = options.network ?? 'regtest'
  const params = BITCOIN_NETWORK_PARAMS[network]
  const paymentType = options.paymentType ?? 'p2wpkh'
  let account = options.account ?? 0
  let keys = deriveBitcoinKeys(options.mnemonic, params, account, paymentType)
  const signer: BitcoinSigner = {
    params,
    network,
    paymentType,
    get keys() {
      return keys
    },
    get account() {
      return account
    },
    selectAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
        throw new RangeError(`dev wallet: account index ${index} is not a BIP-32 index`)
      account = index
      keys = deriveBitcoinKeys(options.mnemonic, params, index, paymentType)
    },
    keyFor: (address) => keys.find((k) => k.address === address),
    keyOf: (purpose) => keys.find((k) => k.purpose === purpose)!,
    signMessage(address, message, protocol) {
      const key = signer.keyFor(address)
      if (!key) throw notAuthorized()
      return signBitcoinMessage(key, message, protocol)
    },
    signPsbt(psbt, targets, opts) {
      const signed = signPsbtInputs(psbt, keys, targets)
      if (opts?.finalize) for (const i of signed) psbt.finalizeInput(i)
      return psbt
    },
    readPsbt: (data, encoding) => readPsbt(data, encoding, params),
  }
  return signer
}
