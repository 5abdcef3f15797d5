/**
 * @portico/adapter-cosmos/dev-wallet — a Keplr-API wallet that signs with the
 * public dev mnemonic, for the demo and tests. It is the Keplr-style wallet of
 * `@portico/dev-wallets/cosmos/personalities` under Portico's own profile, on
 * the one Cosmos signing core (`@portico/dev-wallets/cosmos`). Never give it
 * real keys.
 */
import type { DevWalletBehaviour, DevWalletControls, DevWalletTamper } from '@portico/core/dev-wallet'
import { COSMOS_DEV_MNEMONIC, type CosmosSignerChain } from '@portico/dev-wallets/cosmos'
import {
  type CosmosWalletProfile,
  createCosmosPersonality,
  KEPLR_PROFILE,
} from '@portico/dev-wallets/cosmos/personalities'
import type { Keplr } from '../keplr/index.js'

export type { HeldRequest } from '@portico/core/dev-wallet'
/** What the dev wallet does with requests that need the user (enable, suggest chain, sign). */
export type CosmosDevWalletBehaviour = DevWalletBehaviour
/** A wrong answer the dev wallet gives once, to test that apps validate what wallets return. */
export type CosmosDevWalletTamper = DevWalletTamper

/** The public dev mnemonic the Cosmos simulator funds (anvil's too). Never use it on a real chain. */
export const COSMOS_DEV_WALLET_MNEMONIC = COSMOS_DEV_MNEMONIC
export const COSMOS_DEV_WALLET_NAME = 'Portico Cosmos Dev Wallet'

/** A chain the dev wallet knows from the start (others arrive through `experimentalSuggestChain`). */
export type CosmosDevWalletChain = CosmosSignerChain

export interface CosmosDevWalletOptions {
  chains: readonly CosmosDevWalletChain[]
  /** Default: the public dev mnemonic. */
  mnemonic?: string
  /** HD indexes held (`m/44'/118'/0'/0/i`), default 3. */
  accounts?: number
  /** Behave like a Ledger account: `isNanoLedger`, amino only (`signDirect` fails). */
  aminoOnly?: boolean
  /** The key name `getKey` reports. */
  name?: string
  /**
   * Behave like Keplr with its fee picker: unless the app signs with
   * `preferNoSetFee: true`, the wallet replaces the transaction's fee with
   * its own choice (twice the amount asked, same gas).
   */
  setsOwnFee?: boolean
}

/** The dev wallet: the Keplr object plus the switches a test or the demo pulls. */
export interface CosmosDevWallet extends DevWalletControls {
  /** The object to put on `window.keplr` (or `window.leap`…). */
  readonly keplr: Keplr
  /** Sets `target[key] = keplr` (default `window.keplr`); returns the uninstall function. */
  install(target?: object, key?: string): () => void
  /** Chain ids the wallet knows (configured + suggested). */
  readonly chainIds: readonly string[]
  /** Chain ids the app enabled. */
  readonly enabled: readonly string[]
  /** Switches the active key (as a user does in Keplr) and dispatches `keplr_keystorechange`. */
  selectAccount(index: number): void
  /** The active key's address on a chain. */
  address(chainId: string): Promise<string>
  /** Every Keplr method the app called, in order. */
  readonly requests: readonly string[]
  /**
   * The user removes the site's permission in the wallet: every chain is
   * disabled and `keplr_keystorechange` fires (Keplr has no disconnect
   * event), so the app re-reads the key and finds it withheld until it
   * calls `enable` again.
   */
  disconnect(): void
}

/**
 * Creates the Cosmos dev wallet: the Keplr API (`enable`, `getKey`,
 * `getOfflineSigner`, `getOfflineSignerOnlyAmino`, `signDirect`, `signAmino`,
 * `signArbitrary` ADR-036, `experimentalSuggestChain`, `disable`). Enabling a
 * chain, suggesting one and every signature go through the approve / reject /
 * hold switch every Portico dev wallet shares; a rejection throws Keplr's
 * `Request rejected`.
 *
 * @example
 * const dev = createCosmosDevWallet({ chains: sim.chains.map((c) => ({ chainId: c.chainId, bech32Prefix: c.bech32Prefix })) })
 * dev.install(window)
 * dev.rejectNext() // the next enable / sign fails with "Request rejected"
 */
export function createCosmosDevWallet(options: CosmosDevWalletOptions): CosmosDevWallet {
  const count = options.accounts ?? 3
  if (!Number.isInteger(count) || count < 1) throw new Error('createCosmosDevWallet: accounts must be ≥ 1')
  const profile: CosmosWalletProfile = {
    ...KEPLR_PROFILE,
    name: COSMOS_DEV_WALLET_NAME,
    version: '0.12.0-portico-dev',
    feePicker: options.setsOwnFee === true,
    ...(options.name ? { keyName: options.name } : {}),
    ...(options.aminoOnly
      ? { ledger: { directRefused: 'This account (Ledger) can only sign amino documents' } }
      : {}),
  }
  const wallet = createCosmosPersonality(profile, {
    chains: options.chains,
    accounts: count,
    ...(options.mnemonic ? { mnemonic: options.mnemonic } : {}),
  })
  const gate = wallet.controls
  return {
    keplr: wallet.provider as unknown as Keplr,
    install: (target, key = 'keplr') =>
      wallet.install(target, { path: [key], keystoreEvent: `${key}_keystorechange` }),
    get chainIds() {
      return wallet.chainIds
    },
    get enabled() {
      return wallet.enabled
    },
    selectAccount(index) {
      if (!Number.isInteger(index) || index < 0 || index >= count) throw new Error(`no dev account ${index}`)
      wallet.switchAccount(index)
    },
    disconnect: () => wallet.disconnect(),
    address: (chainId) => wallet.address(chainId),
    get requests() {
      return wallet.requests
    },
    setBehaviour: (b) => gate.setBehaviour(b),
    get behaviour() {
      return gate.behaviour
    },
    tamperNext: (kind) => gate.tamperNext(kind),
    rejectNext: (error) => gate.rejectNext(error),
    holdNext: () => gate.holdNext(),
    get pending() {
      return gate.pending
    },
    nextHeld: () => gate.nextHeld(),
    releaseAll: () => gate.releaseAll(),
    rejectAll: () => gate.rejectAll(),
  }
}
