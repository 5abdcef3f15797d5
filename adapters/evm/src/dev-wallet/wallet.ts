import {
  type Address,
  type Chain,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  hexToBigInt,
  http,
  isAddress,
  isHex,
  type LocalAccount,
  numberToHex,
  type Transport,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import type { Eip1193Provider, Eip6963ProviderInfo, Eip6963Target } from '../provider/index.js'
import { invalidParams, ProviderRpcError, unauthorized, unrecognizedChain, userRejected } from './errors.js'
import { DEV_WALLET_ICON } from './icon.js'

/** Anvil's public default mnemonic (the devnet's funded accounts). Never use on a real chain. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

export interface DevWalletNetwork {
  chainId: number
  rpcUrl: string
  name?: string
}

/** What the wallet does with the requests that need the user (connect, sign, send, switch/add chain). */
export type DevWalletBehaviour = 'approve' | 'reject' | 'hold'

export interface DevWalletOptions {
  /** Networks the wallet knows; `EvmNetwork`s or `{ chainId, rpcUrl }`. Others can be added with wallet_addEthereumChain. */
  networks: readonly (
    | DevWalletNetwork
    | { id: number; name: string; rpcUrls: { default: { http: readonly string[] } } }
  )[]
  /** Keys to hold (default: the first 10 devnet accounts). */
  privateKeys?: readonly Hex[]
  /** Starting chain (default: the first network). */
  chainId?: number
  /** Override the EIP-6963 info (tests announce two wallets). */
  info?: Partial<Eip6963ProviderInfo>
  /** A fetch-compatible transport factory per RPC URL (default viem `http`). */
  transport?: (rpcUrl: string) => Transport
}

/** A request held by the behaviour switch until released or rejected. */
export interface HeldRequest {
  method: string
  params: unknown
  /** Let it through (it then runs as approved). */
  release(): void
  /** Fail it with 4001. */
  reject(): void
}

const USER_METHODS = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
])

type Listener = (...args: unknown[]) => void

/**
 * Portico Dev Wallet: a real EIP-1193 wallet for development and tests. Holds
 * private keys (devnet keys by default), signs locally with viem accounts,
 * forwards reads to the current network's RPC, and announces itself through
 * EIP-6963. A behaviour switch approves, rejects (4001) or holds requests.
 *
 * @example
 * const wallet = createDevWallet({ networks: [anvil31337, anvil31338] })
 * wallet.announce(window)
 * wallet.rejectNext() // the next connect/sign/send fails with 4001
 */
export class DevWallet {
  readonly info: Eip6963ProviderInfo
  readonly provider: Eip1193Provider & {
    on(event: string, listener: Listener): DevWallet['provider']
    removeListener(event: string, listener: Listener): DevWallet['provider']
    readonly isPorticoDevWallet: true
  }
  private readonly accountList: (LocalAccount | undefined)[]
  private readonly deriveAccount: (index: number) => LocalAccount
  private readonly networks = new Map<number, DevWalletNetwork>()
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly held: (HeldRequest & { settle: Promise<void> })[] = []
  private readonly heldWaiters: ((r: HeldRequest) => void)[] = []
  private readonly makeTransport: (rpcUrl: string) => Transport
  private chainId: number
  private selected = 0
  private connected = false
  private behaviour: DevWalletBehaviour = 'approve'
  private oneShot: DevWalletBehaviour[] = []
  /** Every method the wallet was asked, in order (for tests). */
  readonly requests: string[] = []

  constructor(options: DevWalletOptions) {
    for (const n of options.networks) {
      const net =
        'chainId' in n ? n : { chainId: n.id, name: n.name, rpcUrl: n.rpcUrls.default.http[0] ?? '' }
      if (!net.rpcUrl) throw new Error(`dev wallet: network ${net.chainId} has no RPC URL`)
      this.networks.set(net.chainId, net)
    }
    const first = this.networks.keys().next().value
    this.chainId = options.chainId ?? (first as number)
    if (!this.networks.has(this.chainId))
      throw new Error(`dev wallet: unknown starting chain ${this.chainId}`)
    // Devnet keys are derived on first use: each HD derivation costs tens of ms.
    const keys = options.privateKeys
    this.accountList = Array.from({ length: keys ? keys.length : 10 })
    this.deriveAccount = keys
      ? (i) => privateKeyToAccount(keys[i] as Hex)
      : (addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex })
    if (this.accountList.length === 0) throw new Error('dev wallet: no keys')
    this.makeTransport = options.transport ?? ((url) => http(url))
    this.info = Object.freeze({
      uuid: options.info?.uuid ?? randomUuid(),
      name: options.info?.name ?? 'Portico Dev Wallet',
      icon: options.info?.icon ?? DEV_WALLET_ICON,
      rdns: options.info?.rdns ?? 'dev.portico.wallet',
    })
    const wallet = this
    const provider = {
      isPorticoDevWallet: true as const,
      request: (args: { method: string; params?: unknown }) => wallet.handle(args),
      on(event: string, listener: Listener) {
        const set = wallet.listeners.get(event) ?? new Set<Listener>()
        wallet.listeners.set(event, set)
        set.add(listener)
        return provider
      },
      removeListener(event: string, listener: Listener) {
        wallet.listeners.get(event)?.delete(listener)
        return provider
      },
    }
    this.provider = provider
  }

  // ── Behaviour switch ──────────────────────────────────────────────────

  /** Sets what happens to every user request from now on (default 'approve'). */
  setBehaviour(behaviour: DevWalletBehaviour): void {
    this.behaviour = behaviour
  }
  /** The next user request fails with 4001 (user rejected). */
  rejectNext(): void {
    this.oneShot.push('reject')
  }
  /** The next user request waits until released (see `nextHeld()` / `releaseAll()`). */
  holdNext(): void {
    this.oneShot.push('hold')
  }
  /** Requests currently held. */
  get pending(): readonly HeldRequest[] {
    return [...this.held]
  }
  /** Resolves with the next held request (at once if one is already waiting). */
  nextHeld(): Promise<HeldRequest> {
    const first = this.held[0]
    if (first) return Promise.resolve(first)
    return new Promise((resolve) => this.heldWaiters.push(resolve))
  }
  releaseAll(): void {
    for (const h of [...this.held]) h.release()
  }
  rejectAll(): void {
    for (const h of [...this.held]) h.reject()
  }

  // ── Wallet-side actions (what a user does in the wallet UI) ─────────

  private account(index: number): LocalAccount {
    let account = this.accountList[index]
    if (!account) {
      account = this.deriveAccount(index)
      this.accountList[index] = account
    }
    return account
  }
  private get accounts(): LocalAccount[] {
    return this.accountList.map((_, i) => this.account(i))
  }

  get address(): Address {
    return this.account(this.selected).address
  }
  get addresses(): Address[] {
    return this.accounts.map((a) => a.address)
  }
  get currentChainId(): number {
    return this.chainId
  }
  get isConnected(): boolean {
    return this.connected
  }
  /** Selects another held account; emits accountsChanged when connected. */
  selectAccount(indexOrAddress: number | string): void {
    const index =
      typeof indexOrAddress === 'number'
        ? indexOrAddress
        : this.accounts.findIndex((a) => a.address.toLowerCase() === indexOrAddress.toLowerCase())
    if (index < 0 || index >= this.accountList.length)
      throw new Error(`dev wallet: no account ${indexOrAddress}`)
    if (index === this.selected) return
    this.selected = index
    if (this.connected) this.emit('accountsChanged', [this.address])
  }
  /** Switches chain from the wallet side (as a user would); emits chainChanged. */
  selectChain(chainId: number): void {
    if (!this.networks.has(chainId)) throw new Error(`dev wallet: unknown chain ${chainId}`)
    this.setChain(chainId)
  }
  /** The wallet drops the site: forgets the permission and emits accountsChanged([]) then disconnect (4900). */
  disconnect(): void {
    const was = this.connected
    this.connected = false
    if (was) this.emit('accountsChanged', [])
    this.emit('disconnect', new ProviderRpcError(4900, 'The wallet disconnected.'))
  }

  /**
   * Announces the wallet through EIP-6963 on `target` (default `window`): now,
   * and again on every `eip6963:requestProvider`. Returns the stop function.
   */
  announce(target?: Eip6963Target): () => void {
    const t = target ?? (globalThis as { window?: Eip6963Target }).window
    if (!t) throw new Error('dev wallet: no window to announce on')
    const detail = Object.freeze({ info: this.info, provider: this.provider })
    const announce = () => {
      t.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    }
    t.addEventListener('eip6963:requestProvider', announce)
    announce()
    return () => t.removeEventListener('eip6963:requestProvider', announce)
  }

  // ── EIP-1193 ─────────────────────────────────────────────────────────

  private emit(event: string, ...args: unknown[]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        l(...args)
      } catch {
        // a dApp listener's failure is not the wallet's
      }
    }
  }

  private setChain(chainId: number): void {
    if (chainId === this.chainId) return
    this.chainId = chainId
    this.emit('chainChanged', numberToHex(chainId))
  }

  private async gate(method: string, params: unknown): Promise<void> {
    const mode = this.oneShot.shift() ?? this.behaviour
    if (mode === 'approve') return
    if (mode === 'reject') throw userRejected()
    let release!: () => void
    let reject!: () => void
    const settle = new Promise<void>((res, rej) => {
      release = res
      reject = () => rej(userRejected())
    })
    const entry = {
      method,
      params,
      settle,
      release: () => {
        this.drop(entry)
        release()
      },
      reject: () => {
        this.drop(entry)
        reject()
      },
    }
    this.held.push(entry)
    for (const w of this.heldWaiters.splice(0)) w(entry)
    await settle
  }

  private drop(entry: HeldRequest): void {
    const i = this.held.indexOf(entry as HeldRequest & { settle: Promise<void> })
    if (i >= 0) this.held.splice(i, 1)
  }

  private network(): DevWalletNetwork {
    return this.networks.get(this.chainId) as DevWalletNetwork
  }

  private chain(): Chain {
    const n = this.network()
    return defineChain({
      id: n.chainId,
      name: n.name ?? `chain ${n.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [n.rpcUrl] } },
    })
  }

  private async forward(method: string, params: unknown): Promise<unknown> {
    const transport = this.makeTransport(this.network().rpcUrl)({ chain: this.chain(), retryCount: 0 })
    return await transport.request({ method, params: params as unknown[] })
  }

  private requireAccount(address: unknown): LocalAccount {
    if (!this.connected) throw unauthorized()
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams('address')
    const account = this.account(this.selected)
    if (account.address.toLowerCase() !== address.toLowerCase()) throw unauthorized('Account not authorized.')
    return account
  }

  private async handle({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.requests.push(method)
    const list = Array.isArray(params) ? params : []
    if (USER_METHODS.has(method) && !(method === 'eth_requestAccounts' && this.connected)) {
      await this.gate(method, params)
    }
    switch (method) {
      case 'eth_requestAccounts': {
        if (!this.connected) {
          this.connected = true
          this.emit('connect', { chainId: numberToHex(this.chainId) })
        }
        return [this.address]
      }
      case 'eth_accounts':
        return this.connected ? [this.address] : []
      case 'eth_chainId':
        return numberToHex(this.chainId)
      case 'net_version':
        return String(this.chainId)
      case 'wallet_getPermissions':
        return this.connected ? [{ parentCapability: 'eth_accounts' }] : []
      case 'wallet_revokePermissions': {
        if (this.connected) {
          this.connected = false
          this.emit('accountsChanged', [])
        }
        return null
      }
      case 'personal_sign': {
        const [message, address] = list
        const account = this.requireAccount(address)
        if (typeof message !== 'string') throw invalidParams('message')
        return await account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = list
        const account = this.requireAccount(address)
        let typed: unknown
        try {
          typed = typeof data === 'string' ? JSON.parse(data) : data
        } catch {
          throw invalidParams('typed data is not JSON')
        }
        const t = typed as {
          domain?: object
          types?: Record<string, unknown>
          primaryType?: string
          message?: object
        }
        if (!t?.types || !t.primaryType || !t.message) throw invalidParams('typed data')
        const { EIP712Domain: _domain, ...types } = t.types
        const sign = account.signTypedData as (p: unknown) => Promise<Hex>
        return await sign({ domain: t.domain ?? {}, types, primaryType: t.primaryType, message: t.message })
      }
      case 'eth_sendTransaction': {
        const tx = (list[0] ?? {}) as Record<string, unknown>
        const account = this.requireAccount(tx.from ?? this.address)
        const quantity = (v: unknown) => (typeof v === 'string' && isHex(v) ? hexToBigInt(v) : undefined)
        const client = createWalletClient({
          account,
          chain: this.chain(),
          transport: this.makeTransport(this.network().rpcUrl),
        })
        const gas = quantity(tx.gas)
        const nonce = quantity(tx.nonce)
        return await client.sendTransaction({
          to: typeof tx.to === 'string' ? getAddress(tx.to) : undefined,
          value: quantity(tx.value),
          data: typeof tx.data === 'string' && isHex(tx.data) ? tx.data : undefined,
          ...(gas !== undefined ? { gas } : {}),
          ...(nonce !== undefined ? { nonce: Number(nonce) } : {}),
        } as never)
      }
      case 'wallet_switchEthereumChain': {
        const chainId = (list[0] as { chainId?: unknown } | undefined)?.chainId
        if (typeof chainId !== 'string' || !isHex(chainId)) throw invalidParams('chainId')
        const id = Number(hexToBigInt(chainId))
        if (!this.networks.has(id)) throw unrecognizedChain(chainId)
        this.setChain(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const p = (list[0] ?? {}) as { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown }
        if (typeof p.chainId !== 'string' || !isHex(p.chainId)) throw invalidParams('chainId')
        const rpcUrl = Array.isArray(p.rpcUrls)
          ? p.rpcUrls.find((u) => typeof u === 'string' && /^https?:\/\//.test(u))
          : undefined
        if (typeof rpcUrl !== 'string') throw invalidParams('rpcUrls')
        const id = Number(hexToBigInt(p.chainId))
        this.networks.set(id, {
          chainId: id,
          rpcUrl,
          ...(typeof p.chainName === 'string' ? { name: p.chainName } : {}),
        })
        return null
      }
      case 'eth_sign':
      case 'eth_signTransaction':
        throw new ProviderRpcError(4200, `The dev wallet does not support ${method}.`)
      default:
        return await this.forward(method, params)
    }
  }
}

/** RFC 4122 v4; `crypto.randomUUID` exists only in secure contexts, so fall back to getRandomValues. */
function randomUuid(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID()
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16))
  b[6] = ((b[6] as number) & 0x0f) | 0x40
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * Creates a Portico Dev Wallet (see `DevWallet`).
 *
 * @example
 * const wallet = createDevWallet({ networks: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] })
 */
export function createDevWallet(options: DevWalletOptions): DevWallet {
  return new DevWallet(options)
}

/**
 * A window stand-in for Node: an EventTarget the EIP-6963 protocol runs on
 * unchanged (CustomEvent announce / Event request), with an optional legacy
 * `ethereum`. Browsers use the real `window`.
 *
 * @example
 * const win = createWindowStub(); wallet.announce(win); evmAdapter({ networks, window: win })
 */
export function createWindowStub(init: { ethereum?: unknown } = {}): Eip6963Target & EventTarget {
  const target = new EventTarget() as EventTarget & { ethereum?: unknown }
  if (init.ethereum !== undefined) target.ethereum = init.ethereum
  return target
}
