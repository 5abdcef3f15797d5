/**
 * @portico/adapter-solana/dev-wallet — a Wallet Standard wallet that signs
 * with devnet keys, for the demo and tests. Never give it real keys.
 */

import { createApprovalGate, type DevWalletControls } from '@portico/core/dev-wallet'
import {
  createSolanaSigner,
  registerWallet,
  type SolanaKey,
  SolanaSignerError,
  writeSignInText,
} from '@portico/dev-wallets/solana'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardConnectInput,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import type { SolanaStandardChain } from '../networks/index.js'

export {
  type ApprovalGate,
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
  type HeldRequest,
} from '@portico/core/dev-wallet'

export const SOLANA_DEV_WALLET_NAME = 'Portico Solana Dev Wallet'

/**
 * How the dev wallet answers requests that need the user (connect, sign,
 * send): the behaviour switch shared by every Portico dev wallet
 * (`approve` | `reject` | `hold`). `reject-next` is the former spelling of
 * `rejectNext()`.
 */
export type SolanaDevWalletBehaviour = 'approve' | 'reject' | 'hold' | 'reject-next'

export interface SolanaDevWalletOptions {
  /** 64-byte secret keys (seed + public key, the `solana-keygen` format). The first is the default account. */
  secretKeys: readonly (Uint8Array | readonly number[])[]
  /** Where `solana:signAndSendTransaction` sends, per Wallet Standard chain. */
  rpcUrls?: Partial<Record<SolanaStandardChain, string>>
  /** Chains the wallet announces; default the four Solana chains. */
  chains?: readonly SolanaStandardChain[]
  name?: string
  icon?: WalletIcon
  behaviour?: SolanaDevWalletBehaviour
}

/** The Solana dev wallet: a Wallet Standard wallet plus the dev-wallet behaviour switch (`DevWalletControls`). */
export interface SolanaDevWallet extends Omit<DevWalletControls, 'setBehaviour'> {
  /** The Wallet Standard wallet object (what `getWallets().get()` lists). */
  readonly wallet: Wallet
  /** Base58 addresses of the keys, in order. */
  readonly addresses: readonly string[]
  setBehaviour(behaviour: SolanaDevWalletBehaviour): void
  /** @deprecated use `releaseAll()` / `rejectAll()`. */
  release(outcome?: 'approve' | 'reject'): void
  /** Makes only these addresses visible to the app (as a wallet's account switch does) and emits `change`. */
  selectAccounts(addresses: readonly string[]): void
  /**
   * Registers the wallet with the Wallet Standard on `target` (default the
   * global `window`): it appears in apps that call `getWallets()` before or
   * after. Returns the unregister function.
   */
  register(target?: EventTarget): () => void
}

const DEFAULT_ICON: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7c3aed"/><path d="M9 21h14l-3 3H6zM9 14h14l-3 3H6zM12 8h14l-3 3H9z" fill="#fff"/></svg>',
)}`

const ALL_CHAINS: readonly SolanaStandardChain[] = [
  'solana:mainnet',
  'solana:devnet',
  'solana:testnet',
  'solana:localnet',
]

function userRejected(): Error {
  return Object.assign(new Error('User rejected the request.'), {
    name: 'UserRejectedRequestError',
    code: 4001,
  })
}

/**
 * Creates the Solana dev wallet: Wallet Standard features `standard:connect`,
 * `standard:disconnect`, `standard:events`, `solana:signIn` (Sign In With
 * Solana: it writes the text from the input), `solana:signMessage`,
 * `solana:signTransaction` and `solana:signAndSendTransaction`, signing with
 * the given keys through the Solana signing core of `@portico/dev-wallets/solana`
 * (ed25519 through WebCrypto) and sending through `rpcUrls`.
 *
 * @example
 * const dev = await createSolanaDevWallet({
 *   secretKeys: [sol.fixtures.devKeypairs[0].secretKey],
 *   rpcUrls: { 'solana:localnet': sol.rpcUrl },
 * })
 * const unregister = dev.register()
 * dev.rejectNext() // the next request fails with code 4001
 */
export async function createSolanaDevWallet(options: SolanaDevWalletOptions): Promise<SolanaDevWallet> {
  const chains = [...(options.chains ?? ALL_CHAINS)] as IdentifierString[]
  if (options.secretKeys.length === 0)
    throw new Error('createSolanaDevWallet: at least one secret key is needed')
  const signer = await createSolanaSigner({ secretKeys: options.secretKeys })
  const keys = signer.keys
  const features = [
    'solana:signIn',
    'solana:signMessage',
    'solana:signTransaction',
    'solana:signAndSendTransaction',
  ] as IdentifierString[]
  const allAccounts: WalletAccount[] = keys.map(({ address, publicKey }, i) =>
    Object.freeze({
      address,
      publicKey: new Uint8Array(publicKey),
      chains,
      features,
      label: `Dev ${i}`,
    }),
  )
  let visible = allAccounts
  let connected = false
  const gate = createApprovalGate(userRejected)
  if (options.behaviour === 'reject-next') gate.rejectNext()
  else if (options.behaviour) gate.setBehaviour(options.behaviour)
  const listeners = new Set<StandardEventsListeners['change']>()

  const emitChange = () => {
    const accounts = connected ? visible : []
    for (const l of listeners) l({ accounts })
  }

  /** A wrong answer asked for by `tamperNext('accounts')`: an address that is not base58 ed25519. */
  const tamperedAccounts = (accounts: readonly WalletAccount[]): readonly WalletAccount[] =>
    accounts.map((a) => Object.freeze({ ...a, address: `${a.address.slice(0, 10)}0OIl` }))

  function keyFor(account: WalletAccount): SolanaKey {
    const key = connected ? signer.keyFor(account.address) : undefined
    if (!key || !visible.some((a) => a.address === account.address)) {
      throw Object.assign(new Error('The account is not authorized'), { code: 4100 })
    }
    return key
  }

  async function sign(input: SolanaSignTransactionInput): Promise<Uint8Array> {
    const key = keyFor(input.account)
    try {
      return (await signer.signTransaction(key, input.transaction)).signed
    } catch (e) {
      // Phantom's codes for a transaction it cannot read (-32003) or an account it may not use (4100).
      if (e instanceof SolanaSignerError)
        throw Object.assign(new Error(e.message), { code: e.reason === 'not-a-signer' ? 4100 : -32003 })
      throw e
    }
  }

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect(input?: StandardConnectInput) {
      if (!connected) {
        if (input?.silent) return { accounts: [] }
        await gate.approve('standard:connect', input)
        connected = true
        emitChange()
      }
      return { accounts: gate.takeTamper('accounts') ? tamperedAccounts(visible) : visible }
    },
  }
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {
      if (!connected) return
      connected = false
      emitChange()
    },
  }
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on(event, listener) {
      if (event !== 'change') return () => {}
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
  const signMessage: SolanaSignMessageFeature['solana:signMessage'] = {
    version: '1.1.0',
    async signMessage(...inputs: readonly SolanaSignMessageInput[]) {
      const signing = inputs.map((input) => ({ input, key: keyFor(input.account) }))
      await gate.approve('solana:signMessage', inputs)
      const short = gate.takeTamper('signature')
      return Promise.all(
        signing.map(async ({ input, key }) => {
          const signature = await signer.signMessage(key, input.message)
          return {
            signedMessage: input.message,
            signature: short ? signature.slice(0, 63) : signature,
            signatureType: 'ed25519' as const,
          }
        }),
      )
    },
  }
  const signIn: SolanaSignInFeature['solana:signIn'] = {
    version: '1.0.0',
    async signIn(...inputs: readonly SolanaSignInInput[]) {
      // The page's host when the input names no domain (a wallet knows the page it runs in).
      const page = (globalThis as { location?: { host?: string } }).location?.host
      const asked = inputs.map((input) => {
        const domain = input.domain ?? page
        if (!domain) throw Object.assign(new Error('signIn needs a domain outside a page'), { code: -32602 })
        const account = input.address ? visible.find((a) => a.address === input.address) : visible[0]
        if (!account) throw Object.assign(new Error('The account is not in this wallet'), { code: 4100 })
        return { input, domain, account }
      })
      await gate.approve('solana:signIn', inputs)
      // Signing in connects the app when it was not yet (as SIWS wallets do).
      if (!connected) {
        connected = true
        emitChange()
      }
      const short = gate.takeTamper('signature')
      return Promise.all(
        asked.map(async ({ input, domain, account }) => {
          const key = keyFor(account)
          const text = writeSignInText({ ...input, domain, address: account.address })
          const signedMessage = new TextEncoder().encode(text)
          const signature = await signer.signMessage(key, signedMessage)
          return {
            account,
            signedMessage,
            signature: short ? signature.slice(0, 63) : signature,
            signatureType: 'ed25519' as const,
          }
        }),
      )
    },
  }
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
      for (const input of inputs) keyFor(input.account)
      await gate.approve('solana:signTransaction', inputs)
      return Promise.all(inputs.map(async (input) => ({ signedTransaction: await sign(input) })))
    },
  }
  const signAndSendTransaction: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
      for (const input of inputs) {
        keyFor(input.account)
        if (!options.rpcUrls?.[input.chain as SolanaStandardChain]) {
          throw Object.assign(new Error(`The dev wallet has no RPC URL for ${input.chain}`), { code: 4901 })
        }
      }
      await gate.approve('solana:signAndSendTransaction', inputs)
      const out: { signature: Uint8Array }[] = []
      for (const input of inputs) {
        const rpcUrl = options.rpcUrls![input.chain as SolanaStandardChain]!
        const signed = await sign(input)
        const sent = await signer.sendTransaction(rpcUrl, signed, {
          ...(input.options?.skipPreflight === undefined
            ? {}
            : { skipPreflight: input.options.skipPreflight }),
          ...(input.options?.preflightCommitment === undefined
            ? {}
            : { preflightCommitment: input.options.preflightCommitment }),
        })
        out.push({ signature: sent.bytes })
      }
      return out
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? SOLANA_DEV_WALLET_NAME,
    icon: options.icon ?? DEFAULT_ICON,
    chains,
    features: {
      'standard:connect': connect,
      'standard:disconnect': disconnect,
      'standard:events': events,
      'solana:signIn': signIn,
      'solana:signMessage': signMessage,
      'solana:signTransaction': signTransaction,
      'solana:signAndSendTransaction': signAndSendTransaction,
    },
    get accounts() {
      return connected ? visible : []
    },
  }

  return {
    wallet,
    addresses: keys.map((k) => k.address),
    get behaviour() {
      return gate.behaviour
    },
    setBehaviour(next) {
      if (next === 'reject-next') gate.rejectNext()
      else gate.setBehaviour(next)
    },
    rejectNext: (error) => gate.rejectNext(error),
    holdNext: () => gate.holdNext(),
    get pending() {
      return gate.pending
    },
    nextHeld: () => gate.nextHeld(),
    releaseAll: () => gate.releaseAll(),
    rejectAll: () => gate.rejectAll(),
    tamperNext: (kind) => gate.tamperNext(kind),
    release(outcome = 'approve') {
      if (outcome === 'approve') gate.releaseAll()
      else gate.rejectAll()
    },
    selectAccounts(addresses) {
      visible = allAccounts.filter((a) => addresses.includes(a.address))
      emitChange()
    },
    register: (target) => registerWallet(wallet, target),
  }
}
