import type { SignerPayloadJSON, SignerPayloadRaw } from '@polkadot/types/types'
import { type ApprovalGate, createApprovalGate } from '@portico/core/dev-wallet'
import { createPolkadotSigner, type PolkadotKey, type PolkadotSigner } from '../signer/index.js'

/** The Polkadot wallets the devnet emulates by their published interfaces (never their icons). */
export type PolkadotPersonalityId = 'polkadot-js' | 'talisman' | 'subwallet'

/** What makes one wallet's dialect: read from its published source (named in each profile's file). */
export interface PolkadotWalletProfile {
  id: PolkadotPersonalityId
  /** Its key in `window.injectedWeb3`. */
  key: string
  /** Its name and "(emulated)". */
  name: string
  version: string
  /** The message its popup's Cancel rejects with (the protocol has no error codes). */
  rejection: string
  /** Whether `signPayload` answers `signedTransaction` when the app asks `withSignedTransaction`. */
  signedTransaction: boolean
  /** When its content script puts the entry in `injectedWeb3`: at document start, or after the load event. */
  injects: 'document-start' | 'after-load'
  /** What a Ledger (generic app) account answers a dapp that does not ask `withSignedTransaction`; absent: no Ledger support. */
  ledgerNeedsSignedTransaction?: string
}

export interface PolkadotPersonalityOptions {
  /** Secret URIs of the accounts; default `//Alice`, `//Bob`, `//Charlie`. Never a real key. */
  uris?: readonly string[]
  /** SS58 prefix the wallet shows addresses with; default 42. */
  ss58Prefix?: number
  /**
   * The accounts are Ledger accounts on the Polkadot generic app: the wallet
   * must sign with `CheckMetadataHash` enabled (`mode: 1` + the metadata
   * hash). Only Talisman and SubWallet support it, and only by answering
   * `signedTransaction`; `metadataHash` computes the hash for a payload (from
   * the chain's metadata, as the wallets do) — without it, or when the payload
   * lacks `CheckMetadataHash` or `withSignedTransaction`, signing fails with
   * the wallet's error.
   */
  ledger?: { metadataHash?: (payload: SignerPayloadJSON) => Promise<`0x${string}`> }
}

/** An installed personality: what a test (the conformance kit) or the demo drives it with. */
export interface PolkadotPersonality {
  readonly id: PolkadotPersonalityId
  readonly key: string
  readonly name: string
  readonly profile: PolkadotWalletProfile
  readonly controls: ApprovalGate
  readonly signer: PolkadotSigner
  /** The selected account's address (the wallet's prefix). */
  readonly address: string
  /** Which wallet-side changes it tells a site about: accounts through `accounts.subscribe`; no disconnect event exists. */
  readonly emits: { readonly accounts: true; readonly disconnect: false }
  /** Wallet side: the user shows account `index` only (the account picker); resolves its address. */
  switchAccount(index: number): string
  /**
   * Puts the entry in `target.injectedWeb3` (default `window`) as the
   * wallet's content script does: at once, or after the page's load event
   * (`delayMs` later still: a slow extension). Returns the removal.
   */
  install(target?: object, options?: { delayMs?: number }): () => void
}

interface InjectedAccountJson {
  address: string
  genesisHash: string | null
  name: string
  type: 'sr25519'
}

/** Builds a personality from its profile on the one Polkadot signing core. */
export async function createPolkadotPersonality(
  profile: PolkadotWalletProfile,
  options: PolkadotPersonalityOptions = {},
): Promise<PolkadotPersonality> {
  const util = await import('@polkadot/util')
  const signer = await createPolkadotSigner({
    ...(options.uris ? { uris: options.uris } : {}),
    ss58Prefix: options.ss58Prefix ?? 42,
  })
  const gate = createApprovalGate(() => new Error(profile.rejection))
  let visible: readonly PolkadotKey[] = [signer.keys[0]!]
  const subscribers = new Set<(accounts: InjectedAccountJson[]) => unknown>()
  const origins = new Set<string>()
  let id = 0
  const list = (): InjectedAccountJson[] => {
    const accounts = visible.map((k) => ({
      address: k.address,
      genesisHash: null,
      name: k.name,
      type: 'sr25519' as const,
    }))
    // `tamperNext('accounts')` (the conformance kit's malformed answer): the checksum broken.
    if (!gate.takeTamper('accounts')) return accounts
    return accounts.map((a) => ({
      ...a,
      address: `${a.address.slice(0, -1)}${a.address.at(-1) === '1' ? '2' : '1'}`,
    }))
  }

  const own = (address: unknown): PolkadotKey => {
    const key = signer.keyFor(address)
    if (!key || !visible.includes(key)) throw new Error(`Unable to find account ${String(address)}`)
    return key
  }

  async function signPayload(payload: SignerPayloadJSON) {
    const key = own(payload?.address)
    const asksSigned = (payload as { withSignedTransaction?: unknown }).withSignedTransaction === true
    let signing = payload
    if (options.ledger) {
      // Ledger's generic app signs only with the metadata hash, so the wallet changes the payload
      // and must hand back the extrinsic it built.
      if (!profile.ledgerNeedsSignedTransaction)
        throw new Error('Ledger generic app accounts are not supported')
      if (!asksSigned) throw new Error(profile.ledgerNeedsSignedTransaction)
      if (!payload.signedExtensions.includes('CheckMetadataHash'))
        throw new Error('This network does not support the CheckMetadataHash signed extension')
      if (!options.ledger.metadataHash) throw new Error('Metadata hash unavailable')
      signing = { ...payload, mode: 1, metadataHash: await options.ledger.metadataHash(payload) }
    }
    await gate.approve('signPayload', payload)
    const signed = signer.signPayload(key, signing)
    const tamper = gate.takeTamper('signature')
    const signature = tamper ? (signed.signature.slice(0, -2) as `0x${string}`) : signed.signature
    const answer = profile.signedTransaction && asksSigned
    return { id: ++id, signature, ...(answer ? { signedTransaction: signed.signedTransaction } : {}) }
  }

  async function signRaw(raw: SignerPayloadRaw) {
    const key = own(raw?.address)
    if (!util.isHex(raw.data)) throw new Error('signRaw: data must be hex')
    await gate.approve('signRaw', raw)
    const signature = signer.signRaw(key, util.hexToU8a(raw.data))
    const tamper = gate.takeTamper('signature')
    return { id: ++id, signature: util.u8aToHex(tamper ? signature.slice(0, -1) : signature) }
  }

  async function enable(origin: string) {
    if (typeof origin !== 'string' || origin.trim() === '') throw new Error('No origin (app name) given')
    if (!origins.has(origin)) {
      await gate.approve('enable', { origin })
      origins.add(origin)
    }
    return {
      accounts: {
        get: async () => list(),
        subscribe(cb: (accounts: InjectedAccountJson[]) => unknown) {
          subscribers.add(cb)
          void cb(list())
          return () => {
            subscribers.delete(cb)
          }
        },
      },
      metadata: { get: async () => [], provide: async () => false },
      signer: { signPayload, signRaw },
    }
  }

  return {
    id: profile.id,
    key: profile.key,
    name: profile.name,
    profile,
    controls: gate,
    signer,
    get address() {
      return visible[0]!.address
    },
    emits: { accounts: true, disconnect: false },
    switchAccount(index) {
      const key = signer.keys[index]
      if (!key) throw new RangeError(`no account ${index}`)
      visible = [key]
      for (const cb of [...subscribers]) void cb(list())
      return key.address
    },
    install(target, installOptions = {}) {
      const host = (target ?? (globalThis as { window?: object }).window) as
        | ({ injectedWeb3?: Record<string, unknown> } & Partial<EventTarget>)
        | undefined
      if (!host) throw new Error('install(): no window')
      const entry = { enable, version: profile.version }
      let removed = false
      let timer: ReturnType<typeof setTimeout> | undefined
      const put = () => {
        if (removed) return
        host.injectedWeb3 ??= {}
        host.injectedWeb3[profile.key] = entry
      }
      const later = () => {
        timer = setTimeout(put, installOptions.delayMs ?? 0)
      }
      const doc = (host as { document?: { readyState?: string } }).document
      if (profile.injects === 'document-start' && !installOptions.delayMs) put()
      else if (doc && doc.readyState !== 'complete' && host.addEventListener)
        host.addEventListener('load', later, { once: true })
      else later()
      return () => {
        removed = true
        if (timer) clearTimeout(timer)
        host.removeEventListener?.('load', later)
        if (host.injectedWeb3?.[profile.key] === entry) delete host.injectedWeb3[profile.key]
      }
    },
  }
}
