/**
 * @portico/adapter-bitcoin/dev-wallet — a Bitcoin wallet that signs with keys
 * from a dev mnemonic, exposed both as a Wallet Standard wallet (`bitcoin:*`
 * features) and as a WBIP004 `btc_providers` request provider (the
 * sats-connect family), for the demo and tests. Its keys and signatures are
 * the devnet's Bitcoin signing core (`@portico/dev-wallets/bitcoin`), the
 * one the WalletConnect dev wallet and the wallet personalities sign with.
 * Never give it a real mnemonic.
 */

import {
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
} from '@portico/core/dev-wallet'
import {
  type BitcoinPaymentType,
  type BitcoinSigner,
  type BitcoinSigningKey,
  createBitcoinSigner,
  notAuthorized,
} from '@portico/dev-wallets/bitcoin'
import type { Wallet, WalletIcon } from '@wallet-standard/base'
import type { BitcoinPurpose } from '../contract/index.js'
import { EsploraClient } from '../esplora/index.js'
import { createDevStandardWallet } from './standard.js'
import { createDevRequestProvider, type WbipProvider, type WbipProviderInfo } from './wbip.js'

export type {
  DevWalletBehaviour,
  DevWalletControls,
  DevWalletTamper,
  HeldRequest,
} from '@portico/core/dev-wallet'
export type { WbipProvider, WbipProviderInfo } from './wbip.js'
/** The payment address kind: `p2wpkh`, or `p2sh-p2wpkh` (nested segwit, Xverse's default). */
export type DevPaymentType = BitcoinPaymentType

export const BITCOIN_DEV_WALLET_NAME = 'Portico Bitcoin Dev Wallet'
/** The global the WBIP004 provider is installed under (`window[id]`), and its `btc_providers` id. */
export const BITCOIN_DEV_PROVIDER_ID = 'PorticoBitcoinDevProvider'

export interface BitcoinDevWalletOptions {
  /** BIP-39 mnemonic; `BITCOIN_DEV_MNEMONIC` from `@portico/devnet` for the devnet's funded accounts. */
  mnemonic: string
  /** Which network's addresses (and Wallet Standard chain); default regtest. */
  network?: 'mainnet' | 'testnet' | 'regtest'
  /** Address index i of m/84'/c'/0'/0/i (m/49'/… for p2sh-p2wpkh) and m/86'/c'/0'/0/i; default 0. */
  account?: number
  /** The payment address kind: `p2wpkh` (default), or `p2sh-p2wpkh` (nested segwit, Xverse's default). */
  paymentType?: DevPaymentType
  /** Esplora base URL for `broadcast: true` signing requests. */
  esploraUrl?: string
  name?: string
  icon?: WalletIcon
  behaviour?: DevWalletBehaviour
}

/** What both wallet faces share: the signing core, the behaviour switch and the grant. */
export interface DevWalletCore {
  readonly signer: BitcoinSigner
  readonly chain: 'bitcoin:mainnet' | 'bitcoin:testnet' | 'bitcoin:regtest'
  readonly name: string
  readonly icon: WalletIcon
  connected: boolean
  /** Waits for the user's decision (the shared behaviour switch); throws the 4001 rejection. */
  approval(method: string, params?: unknown): Promise<void>
  /** True once if a malformed answer of `kind` was asked for. */
  takeTamper(kind: DevWalletTamper): boolean
  /** The granted key of `address` (4100 before connect or for another address). */
  keyFor(address: string): BitcoinSigningKey
  keysFor(purposes: readonly BitcoinPurpose[]): BitcoinSigningKey[]
  signPsbt(
    psbt: Uint8Array,
    signInputs: { address: string; indexes: number[]; sighashTypes?: number[] }[],
    broadcast: boolean,
  ): Promise<{ psbt: Uint8Array; txid?: string }>
}

/**
 * The dev wallet: both faces, plus the behaviour switch every Portico dev
 * wallet shares (approve / reject / hold, one-shot rejections and tampered
 * answers) and the user's own actions (another account, dropping the site).
 */
export interface BitcoinDevWallet extends DevWalletControls {
  /** The Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`). */
  readonly wallet: Wallet
  /** The WBIP004 request provider (`getAddresses`, `signMessage`, `signPsbt`, `getInfo`). */
  readonly provider: WbipProvider
  /** Its `window.btc_providers` entry. */
  readonly providerInfo: WbipProviderInfo
  /** The selected account's addresses. */
  readonly addresses: { payment: string; ordinals: string }
  /** Wallet side: the user selects dev account `index` (m/84'/…/0/index); a connected site gets `change`. */
  selectAccount(index: number): void
  /** Wallet side: the user disconnects the site (accounts revoked; the Wallet Standard face emits an empty `change`). */
  disconnectSite(): void
  /** Announces the Wallet Standard face on `target` (default `window`); returns the unregister function. */
  registerWalletStandard(target?: EventTarget): () => void
  /** Installs the request provider as `target[id]` and lists it in `target.btc_providers`; returns the removal function. */
  registerRequestProvider(target?: object): () => void
  /** Both of the above. */
  register(target?: EventTarget): () => void
}

const DEFAULT_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><path d="M12 8h6a4 4 0 0 1 1 7.8A4.2 4.2 0 0 1 18 24h-6zm3 3v3.5h2.5a1.75 1.75 0 0 0 0-3.5zm0 6.5V21h3a1.75 1.75 0 0 0 0-3.5z" fill="#fff"/></svg>',
)}`

/** The user-rejection error of each face: Wallet Standard wallets throw code 4001. */
export function userRejected(): Error {
  return Object.assign(new Error('User rejected the request.'), {
    name: 'UserRejectedRequestError',
    code: 4001,
  })
}

/**
 * Creates the Bitcoin dev wallet. Both faces share one key set and one
 * behaviour switch, so a test can drive either family the same way.
 *
 * @example
 * const dev = createBitcoinDevWallet({ mnemonic: BITCOIN_DEV_MNEMONIC, esploraUrl: btc.esploraUrl })
 * const unregister = dev.register() // Wallet Standard + window.btc_providers
 * dev.rejectNext() // the next connect / sign fails as a user rejection (4001)
 */
export function createBitcoinDevWallet(options: BitcoinDevWalletOptions): BitcoinDevWallet {
  const signer = createBitcoinSigner({
    mnemonic: options.mnemonic,
    network: options.network ?? 'regtest',
    account: options.account ?? 0,
    ...(options.paymentType ? { paymentType: options.paymentType } : {}),
  })
  const gate = createApprovalGate(userRejected)
  if (options.behaviour) gate.setBehaviour(options.behaviour)

  const core: DevWalletCore = {
    signer,
    chain: `bitcoin:${signer.network}`,
    name: options.name ?? BITCOIN_DEV_WALLET_NAME,
    icon: options.icon ?? DEFAULT_ICON,
    connected: false,
    approval: (method, params) => gate.approve(method, params),
    takeTamper: (kind) => gate.takeTamper(kind),
    keyFor(address) {
      const key = core.connected ? signer.keyFor(address) : undefined
      if (!key) throw notAuthorized()
      return key
    },
    keysFor: (purposes) => signer.keys.filter((k) => purposes.includes(k.purpose)),
    async signPsbt(bytes, signInputs, broadcast) {
      const psbt = signer.readPsbt(bytes, 'bytes')
      const targets = signInputs.flatMap(({ address, indexes, sighashTypes }) =>
        indexes.map((index) => ({ index, address: core.keyFor(address).address, sighashTypes })),
      )
      signer.signPsbt(psbt, targets)
      if (!broadcast) return { psbt: psbt.toBuffer() }
      if (!options.esploraUrl)
        throw Object.assign(new Error('The dev wallet has no Esplora URL to broadcast'), { code: -32603 })
      psbt.finalizeAllInputs()
      const tx = psbt.extractTransaction()
      const txid = await new EsploraClient(options.esploraUrl).broadcast(tx.toHex(), tx.getId())
      return { psbt: psbt.toBuffer(), txid }
    },
  }

  const standard = createDevStandardWallet(core)
  const request = createDevRequestProvider(core, BITCOIN_DEV_PROVIDER_ID)

  const dev: BitcoinDevWallet = {
    wallet: standard.wallet,
    provider: request.provider,
    providerInfo: request.info,
    get addresses() {
      return { payment: signer.keyOf('payment').address, ordinals: signer.keyOf('ordinals').address }
    },
    get behaviour() {
      return gate.behaviour
    },
    setBehaviour: (next) => gate.setBehaviour(next),
    rejectNext: (error) => gate.rejectNext(error),
    holdNext: () => gate.holdNext(),
    get pending() {
      return gate.pending
    },
    nextHeld: () => gate.nextHeld(),
    releaseAll: () => gate.releaseAll(),
    rejectAll: () => gate.rejectAll(),
    tamperNext: (kind) => gate.tamperNext(kind),
    selectAccount(index) {
      signer.selectAccount(index)
      standard.accountsChanged()
    },
    disconnectSite() {
      core.connected = false
      standard.revoke()
    },
    registerWalletStandard: (target) => standard.register(target),
    registerRequestProvider: (target) => request.register(target),
    register(target) {
      const offStandard = standard.register(target)
      const offRequest = request.register(target)
      return () => {
        offStandard()
        offRequest()
      }
    },
  }
  return dev
}
