import { type ApprovalGate, createApprovalGate } from '@portico/core/dev-wallet'
import type {
  SolanaSignAndSendTransactionInput,
  SolanaSignInInput,
  SolanaSignMessageInput,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type { StandardConnectInput, StandardEventsListeners } from '@wallet-standard/features'
import {
  createSolanaSigner,
  registerWallet,
  type SolanaKey,
  type SolanaSigner,
  SolanaSignerError,
  writeSignInText,
} from '../signer/index.js'

/** The Solana wallets the devnet emulates by their published interfaces (never their icons). */
export type SolanaPersonalityId = 'phantom' | 'solflare' | 'backpack'

/** A Wallet Standard chain of Solana. */
export type SolanaChainId = 'solana:mainnet' | 'solana:devnet' | 'solana:testnet' | 'solana:localnet'

/** What makes one wallet's dialect: read from its published docs or source (named in each profile's file). */
export interface SolanaWalletProfile {
  id: SolanaPersonalityId
  /** Its name and "(emulated)". */
  name: string
  /** Whether it registers `solana:signIn` (Sign In With Solana), and how its answer's `account` looks. */
  signIn: false | { account: 'wallet-account' | 'address-only' }
  /** `solana:signMessage` version: 1.1.0 answers `signatureType`, 1.0.0 does not. */
  signMessageVersion: '1.0.0' | '1.1.0'
  /** `supportedTransactionVersions` of its transaction features. */
  transactionVersions: readonly ('legacy' | 0)[]
  /** What its Cancel throws. */
  rejection: { message: string; code: number }
  /**
   * `signAndSendTransaction` with `options.commitment`: `confirm` waits until
   * the node reports that commitment before answering (Backpack's
   * `sendAndConfirm`); `send` answers once the node took it.
   */
  commitment: 'confirm' | 'send'
  /** A wallet-specific feature it registers beside the standard ones (Backpack's `backpack:`). */
  extraFeature?: string
}

export interface SolanaPersonalityOptions {
  /** 64-byte secret keys (CLI format) of the accounts; the first is selected. Never a real key. */
  secretKeys: readonly (Uint8Array | readonly number[])[]
  /** Where it sends, per Wallet Standard chain (the devnet's `solana:localnet`). */
  rpcUrls: Partial<Record<SolanaChainId, string>>
}

/** An installed personality: what a test (the conformance kit) or the demo drives it with. */
export interface SolanaPersonality {
  readonly id: SolanaPersonalityId
  readonly name: string
  readonly profile: SolanaWalletProfile
  /** The Wallet Standard wallet it registers. */
  readonly wallet: Wallet
  readonly controls: ApprovalGate
  readonly signer: SolanaSigner
  /** The selected account's address. */
  readonly address: string
  /** Wallet side: the user selects account `index` (the app sees a `change` event); resolves its address. */
  switchAccount(index: number): string
  /** Wallet side: the user disconnects the site (a `change` event with no accounts). */
  disconnectSite(): void
  /**
   * Registers with the Wallet Standard on `target` (default `window`) and
   * puts its legacy provider there where the wallet has one. Returns the removal.
   */
  install(target?: EventTarget): () => void
}

const CHAINS: readonly SolanaChainId[] = [
  'solana:mainnet',
  'solana:devnet',
  'solana:testnet',
  'solana:localnet',
]
const FEATURES = [
  'solana:signAndSendTransaction',
  'solana:signTransaction',
  'solana:signMessage',
] as IdentifierString[]

/** A plain square with the first letter: never the wallet's own icon. */
function iconFor(name: string): WalletIcon {
  const letter = name.charAt(0).replace(/[^A-Za-z]/g, '?')
  return `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#475569"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`,
  )}`
}

const errorWith = (message: string, code: number) => Object.assign(new Error(message), { code })

/** What a personality is made of, for the wallet-specific parts (a legacy provider) built beside it. */
export interface PersonalityParts {
  signer: SolanaSigner
  gate: ApprovalGate
  /** The visible accounts when connected, else none. */
  accounts(): readonly WalletAccount[]
  connect(silent: boolean): Promise<readonly WalletAccount[]>
  disconnect(): void
  /** Signs and sends with the selected account; resolves the signature bytes. */
  signAndSend(
    wire: Uint8Array,
    chain: string,
    options?: SolanaSignAndSendTransactionInput['options'],
  ): Promise<Uint8Array>
  signMessage(message: Uint8Array): Promise<Uint8Array>
  onChange(listener: (accounts: readonly WalletAccount[]) => void): () => void
}

/** Builds a personality from its profile on the one Solana signing core. */
export async function createSolanaPersonality(
  profile: SolanaWalletProfile,
  options: SolanaPersonalityOptions,
  legacy?: (parts: PersonalityParts) => { install(target: object): () => void },
): Promise<SolanaPersonality> {
  const signer = await createSolanaSigner({ secretKeys: options.secretKeys })
  const gate = createApprovalGate(() => errorWith(profile.rejection.message, profile.rejection.code))
  const features = [...FEATURES, ...(profile.signIn ? (['solana:signIn'] as IdentifierString[]) : [])]
  const accountOf = (key: SolanaKey): WalletAccount =>
    Object.freeze({
      address: key.address,
      publicKey: new Uint8Array(key.publicKey),
      chains: [...CHAINS] as IdentifierString[],
      features,
      label: key.name,
    })
  const all = signer.keys.map(accountOf)
  let selected = 0
  let connected = false
  const listeners = new Set<(accounts: readonly WalletAccount[]) => void>()
  const visible = () => (connected ? [all[selected]!] : [])
  const emit = () => {
    for (const l of [...listeners]) l(visible())
  }
  /** `tamperNext('accounts')`: an address that is not base58 ed25519 (the kit's malformed answer). */
  const answerAccounts = () =>
    gate.takeTamper('accounts')
      ? visible().map((a) => Object.freeze({ ...a, address: `${a.address.slice(0, 10)}0OIl` }))
      : visible()
  const tamperSignature = (signature: Uint8Array) =>
    gate.takeTamper('signature') ? signature.slice(0, 63) : signature

  const keyOf = (account: { address?: unknown } | undefined): SolanaKey => {
    const key = connected ? signer.keyFor(account?.address) : undefined
    if (!key || key.address !== all[selected]!.address)
      throw errorWith('The requested method and/or account has not been authorized by the user.', 4100)
    return key
  }
  const rpcFor = (chain: string) => {
    const url = options.rpcUrls[chain as SolanaChainId]
    if (!url) throw errorWith(`${profile.name} cannot send on ${chain}`, 4900)
    return url
  }
  async function signWire(key: SolanaKey, wire: Uint8Array): Promise<Uint8Array> {
    try {
      const version = signer.transactionVersion(wire)
      if (!profile.transactionVersions.includes(version as 'legacy' | 0))
        throw errorWith(`Transaction version ${version} is not supported`, -32003)
      return (await signer.signTransaction(key, wire)).signed
    } catch (e) {
      // Phantom's published codes: -32003 a transaction it does not recognize, 4100 an account it may not use.
      if (e instanceof SolanaSignerError)
        throw errorWith(e.message, e.reason === 'not-a-signer' ? 4100 : -32003)
      throw e
    }
  }
  async function send(
    wire: Uint8Array,
    chain: string,
    sendOptions: SolanaSignAndSendTransactionInput['options'] = {},
  ): Promise<Uint8Array> {
    const key = keyOf(all[selected])
    const url = rpcFor(chain)
    const signed = await signWire(key, wire)
    const sent = await signer.sendTransaction(url, signed, {
      ...(sendOptions.skipPreflight === undefined ? {} : { skipPreflight: sendOptions.skipPreflight }),
      ...(sendOptions.preflightCommitment === undefined
        ? {}
        : { preflightCommitment: sendOptions.preflightCommitment }),
      ...(sendOptions.maxRetries === undefined ? {} : { maxRetries: sendOptions.maxRetries }),
      ...(sendOptions.minContextSlot === undefined ? {} : { minContextSlot: sendOptions.minContextSlot }),
    })
    if (profile.commitment === 'confirm' && sendOptions.commitment)
      await waitFor(url, sent.signature, sendOptions.commitment)
    return sent.bytes
  }

  const parts: PersonalityParts = {
    signer,
    gate,
    accounts: visible,
    async connect(silent) {
      if (!connected) {
        if (silent) return []
        await gate.approve('connect', {})
        connected = true
        emit()
      }
      return answerAccounts()
    },
    disconnect() {
      if (!connected) return
      connected = false
      emit()
    },
    async signAndSend(wire, chain, sendOptions) {
      keyOf(all[selected])
      await gate.approve('signAndSendTransaction', { chain })
      return send(wire, chain, sendOptions)
    },
    async signMessage(message) {
      const key = keyOf(all[selected])
      await gate.approve('signMessage', { message })
      return tamperSignature(await signer.signMessage(key, message))
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }

  const standardFeatures: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: StandardConnectInput) => ({
        accounts: await parts.connect(input?.silent === true),
      }),
    },
    'standard:disconnect': { version: '1.0.0', disconnect: async () => parts.disconnect() },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: StandardEventsListeners['change']) {
        if (event !== 'change') return () => {}
        return parts.onChange((accounts) => listener({ accounts }))
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: profile.transactionVersions,
      async signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
        for (const input of inputs) {
          keyOf(input.account)
          rpcFor(input.chain)
        }
        await gate.approve('solana:signAndSendTransaction', inputs)
        const out: { signature: Uint8Array }[] = []
        // One after the other, in order (the `mode` option's default, and what the wallets do).
        for (const input of inputs)
          out.push({ signature: await send(input.transaction, input.chain, input.options) })
        return out
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: profile.transactionVersions,
      async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
        const keys = inputs.map((input) => keyOf(input.account))
        await gate.approve('solana:signTransaction', inputs)
        return Promise.all(
          inputs.map(async (input, i) => ({
            signedTransaction: await signWire(keys[i]!, input.transaction),
          })),
        )
      },
    },
    'solana:signMessage': {
      version: profile.signMessageVersion,
      async signMessage(...inputs: readonly SolanaSignMessageInput[]) {
        const keys = inputs.map((input) => keyOf(input.account))
        await gate.approve('solana:signMessage', inputs)
        return Promise.all(
          inputs.map(async (input, i) => ({
            signedMessage: input.message,
            signature: tamperSignature(await signer.signMessage(keys[i]!, input.message)),
            ...(profile.signMessageVersion === '1.1.0' ? { signatureType: 'ed25519' as const } : {}),
          })),
        )
      },
    },
    ...(profile.signIn
      ? {
          'solana:signIn': {
            version: '1.0.0',
            async signIn(...inputs: readonly SolanaSignInInput[]) {
              const page = (globalThis as { location?: { host?: string } }).location?.host
              const asked = inputs.map((input) => {
                // A wallet knows the page it runs in: the page's host when the input names no domain.
                const domain = input.domain ?? page
                if (!domain) throw errorWith('Missing or invalid parameters: domain', -32000)
                const key = input.address ? signer.keyFor(input.address) : signer.keys[selected]
                if (!key) throw errorWith('The requested account is not in this wallet.', 4100)
                return { input, domain, key }
              })
              await gate.approve('solana:signIn', inputs)
              // Signing in connects the site, as SIWS wallets do.
              if (!connected) {
                connected = true
                emit()
              }
              const signInAccount = profile.signIn ? profile.signIn.account : undefined
              return Promise.all(
                asked.map(async ({ input, domain, key }) => {
                  const signedMessage = new TextEncoder().encode(
                    writeSignInText({ ...input, domain, address: key.address }),
                  )
                  const account = accountOf(key)
                  return {
                    account: signInAccount === 'address-only' ? { address: account.address } : account,
                    signedMessage,
                    signature: tamperSignature(await signer.signMessage(key, signedMessage)),
                    signatureType: 'ed25519' as const,
                  }
                }),
              )
            },
          },
        }
      : {}),
    ...(profile.extraFeature ? { [profile.extraFeature]: { version: '1.0.0' } } : {}),
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: profile.name,
    icon: iconFor(profile.name),
    chains: [...CHAINS] as IdentifierString[],
    features: standardFeatures as Wallet['features'],
    get accounts() {
      return visible()
    },
  }
  const legacyProvider = legacy?.(parts)

  return {
    id: profile.id,
    name: profile.name,
    profile,
    wallet,
    controls: gate,
    signer,
    get address() {
      return all[selected]!.address
    },
    switchAccount(index) {
      if (!all[index]) throw new RangeError(`no account ${index}`)
      selected = index
      emit()
      return all[index]!.address
    },
    disconnectSite: () => parts.disconnect(),
    install(target) {
      const on = target ?? (globalThis as { window?: EventTarget }).window
      if (!on) throw new Error('install(): no window; pass an EventTarget')
      const unregister = registerWallet(wallet, on)
      const removeLegacy = legacyProvider?.install(on)
      return () => {
        unregister()
        removeLegacy?.()
      }
    },
  }
}

/** Polls `getSignatureStatuses` until the node reports `commitment` (or the transaction failed), up to 30 s. */
async function waitFor(rpcUrl: string, signature: string, commitment: string): Promise<void> {
  const rank = { processed: 0, confirmed: 1, finalized: 2 } as Record<string, number>
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSignatureStatuses', params: [[signature]] }),
    })
    const status = (
      (await res.json()) as { result?: { value?: ({ confirmationStatus?: string; err?: unknown } | null)[] } }
    ).result?.value?.[0]
    if (status?.err) throw errorWith(`Transaction ${signature} failed`, -32603)
    if (status?.confirmationStatus && (rank[status.confirmationStatus] ?? -1) >= (rank[commitment] ?? 1))
      return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw errorWith(`Transaction ${signature} was not confirmed in 30 s`, -32603)
}
