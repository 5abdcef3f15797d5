/**
 * @portico/adapter-bitcoin/dev-wallet — a Bitcoin wallet that signs with keys
 * from a dev mnemonic, exposed both as a Wallet Standard wallet (`bitcoin:*`
 * features) and as a WBIP004 `btc_providers` request provider (the
 * sats-connect family), for the demo and tests. Never give it a real mnemonic.
 */

import type { Wallet, WalletIcon } from '@wallet-standard/base'
import { networks, Psbt } from 'bitcoinjs-lib'
import type { BitcoinPurpose } from '../contract/index.js'
import { EsploraClient } from '../esplora/index.js'
import { type DevKey, deriveDevKeys, signPsbtInputs, signWithKey } from './keys.js'
import { createDevStandardWallet } from './standard.js'
import { createDevRequestProvider, type WbipProvider, type WbipProviderInfo } from './wbip.js'

export type { WbipProvider, WbipProviderInfo } from './wbip.js'

export const BITCOIN_DEV_WALLET_NAME = 'Portico Bitcoin Dev Wallet'
/** The global the WBIP004 provider is installed under (`window[id]`), and its `btc_providers` id. */
export const BITCOIN_DEV_PROVIDER_ID = 'PorticoBitcoinDevProvider'

/**
 * How the dev wallet answers requests that need the user (connect, sign):
 * `approve` at once; `reject-next` rejects the next one like a user pressing
 * Cancel (Wallet Standard: code 4001; request API: JSON-RPC -32000), then
 * approves again; `hold` keeps requests pending until `release()`.
 */
export type BitcoinDevWalletBehaviour = 'approve' | 'reject-next' | 'hold'

export interface BitcoinDevWalletOptions {
  /** BIP-39 mnemonic; `BITCOIN_DEV_MNEMONIC` from `@portico/devnet` for the devnet's funded accounts. */
  mnemonic: string
  /** Which network's addresses (and Wallet Standard chain); default regtest. */
  network?: 'mainnet' | 'testnet' | 'regtest'
  /** Address index i of m/84'/c'/0'/0/i and m/86'/c'/0'/0/i; default 0. */
  account?: number
  /** Esplora base URL for `broadcast: true` signing requests. */
  esploraUrl?: string
  name?: string
  icon?: WalletIcon
  behaviour?: BitcoinDevWalletBehaviour
}

/** What both wallet faces share: keys, the behaviour switch and the signing operations. */
export interface DevWalletCore {
  readonly keys: readonly DevKey[]
  readonly params: typeof networks.regtest
  readonly chain: 'bitcoin:mainnet' | 'bitcoin:testnet' | 'bitcoin:regtest'
  readonly name: string
  readonly icon: WalletIcon
  connected: boolean
  approval(): Promise<void>
  keyFor(address: string): DevKey
  keysFor(purposes: readonly BitcoinPurpose[]): DevKey[]
  signMessage(address: string, message: Uint8Array, protocol: 'ecdsa' | 'bip322'): string
  signPsbt(
    psbt: Uint8Array,
    signInputs: { address: string; indexes: number[]; sighashTypes?: number[] }[],
    broadcast: boolean,
  ): Promise<{ psbt: Uint8Array; txid?: string }>
}

export interface BitcoinDevWallet {
  /** The Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`). */
  readonly wallet: Wallet
  /** The WBIP004 request provider (`getAddresses`, `signMessage`, `signPsbt`, `getInfo`). */
  readonly provider: WbipProvider
  /** Its `window.btc_providers` entry. */
  readonly providerInfo: WbipProviderInfo
  readonly addresses: { payment: string; ordinals: string }
  readonly behaviour: BitcoinDevWalletBehaviour
  setBehaviour(behaviour: BitcoinDevWalletBehaviour): void
  /** Requests held by the `hold` behaviour. */
  readonly pending: number
  /** Settles every held request: `approve` (default) carries it out, `reject` fails it as a user rejection. */
  release(outcome?: 'approve' | 'reject'): void
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
 * dev.setBehaviour('reject-next')
 */
export function createBitcoinDevWallet(options: BitcoinDevWalletOptions): BitcoinDevWallet {
  const kind = options.network ?? 'regtest'
  const params =
    kind === 'mainnet' ? networks.bitcoin : kind === 'testnet' ? networks.testnet : networks.regtest
  const keys = deriveDevKeys(options.mnemonic, params, options.account ?? 0)
  let behaviour: BitcoinDevWalletBehaviour = options.behaviour ?? 'approve'
  const held: { resolve: () => void; reject: (e: Error) => void }[] = []

  const core: DevWalletCore = {
    keys,
    params,
    chain: `bitcoin:${kind}`,
    name: options.name ?? BITCOIN_DEV_WALLET_NAME,
    icon: options.icon ?? DEFAULT_ICON,
    connected: false,
    async approval() {
      if (behaviour === 'reject-next') {
        behaviour = 'approve'
        throw userRejected()
      }
      if (behaviour === 'hold') await new Promise<void>((resolve, reject) => held.push({ resolve, reject }))
    },
    keyFor(address) {
      const key = core.connected ? keys.find((k) => k.address === address) : undefined
      if (!key) throw Object.assign(new Error('The account is not authorized'), { code: 4100 })
      return key
    },
    keysFor(purposes) {
      return keys.filter((k) => purposes.includes(k.purpose))
    },
    signMessage(address, message, protocol) {
      return signWithKey(core.keyFor(address), message, protocol, params)
    },
    async signPsbt(bytes, signInputs, broadcast) {
      const psbt = Psbt.fromBuffer(bytes, { network: params })
      for (const { address, indexes, sighashTypes } of signInputs) {
        signPsbtInputs(psbt, [core.keyFor(address)], indexes, sighashTypes)
      }
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
  const payment = keys.find((k) => k.purpose === 'payment')!
  const ordinals = keys.find((k) => k.purpose === 'ordinals')!

  const dev: BitcoinDevWallet = {
    wallet: standard.wallet,
    provider: request.provider,
    providerInfo: request.info,
    addresses: { payment: payment.address, ordinals: ordinals.address },
    get behaviour() {
      return behaviour
    },
    setBehaviour(next) {
      behaviour = next
    },
    get pending() {
      return held.length
    },
    release(outcome = 'approve') {
      for (const h of held.splice(0)) {
        if (outcome === 'approve') h.resolve()
        else h.reject(userRejected())
      }
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
