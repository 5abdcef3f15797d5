import { type ApprovalGate, createApprovalGate } from '@portico/core/dev-wallet'
import {
  type BitcoinNetworkKind,
  type BitcoinPaymentType,
  type BitcoinSigner,
  createBitcoinSigner,
} from '../signer/index.js'

/** The wallets the devnet emulates, by their published interfaces (never their names' icons). */
export type BitcoinPersonalityId = 'xverse' | 'leather' | 'unisat' | 'okx' | 'phantom'

export interface BitcoinPersonalityOptions {
  /** `BITCOIN_DEV_MNEMONIC` for the devnet's funded accounts. Never a real one. */
  mnemonic: string
  network?: BitcoinNetworkKind
  /** Address index of the selected account; default 0. */
  account?: number
}

/** An installed personality: what a test (the conformance kit) or the demo drives it with. */
export interface BitcoinPersonality {
  readonly id: BitcoinPersonalityId
  /** The label a visitor sees: the wallet's name and "(emulated)". */
  readonly name: string
  /** The approve / reject / hold / tamper switch every Portico dev wallet shares. */
  readonly controls: ApprovalGate
  readonly signer: BitcoinSigner
  /** The selected account's address the wallet pays from (the account a site shows). */
  readonly address: string
  /** Which wallet-side changes the wallet tells a site about (its published events). */
  readonly emits: { readonly accounts: boolean; readonly disconnect: boolean }
  /** Wallet side: the user selects another account; resolves its payment address. */
  switchAccount(index: number): string
  /** Wallet side: the user drops the site (revoked; announced where the wallet emits it). */
  disconnectSite(): void
  /** Installs the wallet's globals on `target` (default `window`); returns the removal. */
  install(target?: object): () => void
}

/** What every personality builds on: the signing core, the gate, the grant and an event hub. */
export interface PersonalityBase {
  readonly signer: BitcoinSigner
  readonly gate: ApprovalGate
  connected: boolean
  on(event: string, listener: (payload: unknown) => void): () => void
  emit(event: string, payload: unknown): void
  /** Throws `notConnected()` unless the site was granted access. */
  requireGrant(): void
}

/** The user-rejection error a provider-object wallet throws (EIP-1193's 4001, which these wallets reuse). */
export function rejection(): Error {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 })
}

export function createPersonalityBase(
  options: BitcoinPersonalityOptions,
  paymentType: BitcoinPaymentType,
  userRejected: () => Error = rejection,
): PersonalityBase {
  const signer = createBitcoinSigner({
    mnemonic: options.mnemonic,
    network: options.network ?? 'regtest',
    account: options.account ?? 0,
    paymentType,
  })
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const base: PersonalityBase = {
    signer,
    gate: createApprovalGate(userRejected),
    connected: false,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    emit(event, payload) {
      for (const l of [...(listeners.get(event) ?? [])]) l(payload)
    },
    requireGrant() {
      if (!base.connected) throw Object.assign(new Error('The site is not connected'), { code: 4100 })
    },
  }
  return base
}

/** A broken copy of `address` for a tampered accounts answer (the kit's malformed-address check). */
export const brokenAddress = (address: string) => `${address.slice(0, -6)}xxxxxx`

/** Sets `value` at the dotted `path` of `target` (creating objects on the way); returns the removal. */
export function installAt(target: object | undefined, path: string, value: unknown): () => void {
  const root = (target ?? (globalThis as { window?: object }).window) as Record<string, unknown> | undefined
  if (!root) throw new Error('install(): no window; pass a target object')
  const parts = path.split('.')
  let on = root
  for (const part of parts.slice(0, -1)) {
    on[part] ??= {}
    on = on[part] as Record<string, unknown>
  }
  const last = parts.at(-1)!
  on[last] = value
  return () => {
    if (on[last] === value) delete on[last]
  }
}

/** Adds a WBIP004 `btc_providers` entry on `target`; returns the removal. */
export function listBtcProvider(
  target: object | undefined,
  entry: { id: string; name: string; icon: string; methods?: string[] },
): () => void {
  const root = (target ?? (globalThis as { window?: object }).window) as { btc_providers?: unknown[] }
  root.btc_providers = [
    ...(root.btc_providers ?? []).filter((p) => (p as { id?: string }).id !== entry.id),
    entry,
  ]
  return () => {
    root.btc_providers = (root.btc_providers ?? []).filter((p) => p !== entry)
  }
}

/**
 * Installs `provider` at `path` of `target` and lists it in WBIP004 `btc_providers` (its id is
 * `path`, its icon the name's first letter); returns the removal of both.
 */
export function installListed(
  target: object | undefined,
  path: string,
  provider: unknown,
  listing: { name: string; methods: string[] },
): () => void {
  const off = installAt(target, path, provider)
  const unlist = listBtcProvider(target, { id: path, icon: letterIcon(listing.name[0]!), ...listing })
  return () => {
    off()
    unlist()
  }
}

/** The Stacks (STX) testnet address the Stacks-capable wallets list beside the Bitcoin ones. */
export const STACKS_ADDRESS = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG'

/** An error carrying the JSON-RPC (or EIP-1193) `code` a wallet answers with. */
export const codedError = (code: number, message: string) => Object.assign(new Error(message), { code })

/**
 * A JSON-RPC `request(method, params)` over `answer`: `{ jsonrpc, id, result }`, or on a failure
 * the error response `{ jsonrpc, id, error: { code, message } }` (its code mapped by `code`),
 * which the wallet either throws (`delivery: 'throw'`) or resolves with (`'resolve'`).
 */
export function jsonRpcRequest(
  idPrefix: string,
  answer: (method: string, params: Record<string, unknown>) => Promise<unknown>,
  delivery: 'throw' | 'resolve',
  code: (code: number) => number = (c) => c,
): (method: string, params?: unknown) => Promise<unknown> {
  let ids = 0
  return async (method, params) => {
    const id = `${idPrefix}-${++ids}`
    try {
      return { jsonrpc: '2.0', id, result: await answer(method, (params ?? {}) as Record<string, unknown>) }
    } catch (e) {
      const failure = e as { code?: unknown; message: string }
      const error = {
        jsonrpc: '2.0',
        id,
        error: { code: code(Number(failure.code ?? -32603)), message: failure.message },
      }
      if (delivery === 'throw') throw error
      return error
    }
  }
}

/** A neutral icon (a letter on a grey tile): never a real wallet's logo. */
export function letterIcon(letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#5b6472"/><text x="16" y="22" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#fff">${letter}</text></svg>`
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

export const utf8 = new TextEncoder()
export const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
export const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0))

/**
 * The face every personality shows a test or the demo: its id, label and
 * switch; `announce` tells a connected site about the new account (the
 * wallet's own event) and `revoke` about a dropped site, where the wallet emits them.
 */
export function personalityFace(
  base: PersonalityBase,
  spec: {
    id: BitcoinPersonalityId
    name: string
    announce?: () => void
    revoke?: () => void
    install: (target?: object) => () => void
  },
): BitcoinPersonality {
  const { signer } = base
  return {
    id: spec.id,
    name: spec.name,
    controls: base.gate,
    signer,
    get address() {
      return signer.keyOf('payment').address
    },
    emits: { accounts: spec.announce !== undefined, disconnect: spec.revoke !== undefined },
    switchAccount(index) {
      signer.selectAccount(index)
      if (base.connected) spec.announce?.()
      return signer.keyOf('payment').address
    },
    disconnectSite() {
      const was = base.connected
      base.connected = false
      if (was) spec.revoke?.()
    },
    install: spec.install,
  }
}
