import {
  type ApprovalGate,
  createApprovalGate,
  type DevWalletBehaviour,
  type DevWalletControls,
  type DevWalletTamper,
  type HeldRequest,
} from '@portico/core/dev-wallet'
import { type Address, type Hex, http, isAddress, type LocalAccount, numberToHex, type Transport } from 'viem'
import { DEV_BATCH_EXECUTOR, WalletCalls } from './calls.js'
import { announceProvider, randomUuid } from './eip6963.js'
import {
  internalError,
  invalidParams,
  ProviderRpcError,
  requestPending,
  unauthorized,
  unsupportedMethod,
  userRejected,
} from './errors.js'
import { DEV_WALLET_ICON } from './icon.js'
import { KeyRing } from './keys.js'
import { type DevWalletNetworkInput, WalletNetworks } from './networks.js'
import { personalSign, sendTransaction, signTypedDataV4 } from './signing.js'
import type { Eip1193Provider, Eip6963ProviderInfo, Eip6963Target } from './types.js'

export interface DevWalletOptions {
  /** Networks the wallet knows; `EvmNetwork`s or `{ chainId, rpcUrl }`. Others can be added with wallet_addEthereumChain. */
  networks: readonly DevWalletNetworkInput[]
  /** Keys to hold (default: the first 10 devnet accounts). */
  privateKeys?: readonly Hex[]
  /** Starting chain (default: the first network). */
  chainId?: number
  /** Override the EIP-6963 info (tests announce two wallets). */
  info?: Partial<Eip6963ProviderInfo>
  /** A fetch-compatible transport factory per RPC URL (default viem `http`). */
  transport?: (rpcUrl: string) => Transport
  /** How the wallet answers where wallets differ (the personalities set it); default: the plain EIP answers. */
  dialect?: EvmWalletDialect
  /** The EIP-7702 delegate atomic batches run through (default: the devnet's PorticoBatchExecutor, `DEV_BATCH_EXECUTOR`). */
  batchExecutor?: Address
}

/** Where real wallets answer differently, as each documents it (see `@portico/dev-wallets/evm/personalities`). */
export interface EvmWalletDialect {
  /**
   * Methods refused with -32002 ("already pending") while a request of the
   * same method waits for the user (MetaMask's `eth_requestAccounts`); by
   * default a second request waits in line.
   */
  pendingRejected?: readonly string[]
  /**
   * An unknown chain in `wallet_switchEthereumChain`: `4902` (EIP-3326, MetaMask's
   * extension) or `-32603` wrapping 4902 in `data.originalError` (MetaMask
   * Mobile and wallets built on its RPC middleware). Default `4902`.
   */
  unknownChain?: 4902 | -32603
  /** `wallet_addEthereumChain` also switches to the added chain (MetaMask, Coinbase Wallet). Default false. */
  addSwitches?: boolean
  /**
   * EIP-5792 (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`,
   * `wallet_showCallsStatus`). `false`: the wallet does not implement it and
   * answers -32601 "method not found", as EIP-1474 documents for a method a
   * node or wallet lacks. Default true.
   */
  calls?: boolean
}

const CALLS_METHODS = new Set([
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
])

const USER_METHODS = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])

type Listener = (...args: unknown[]) => void

/**
 * Portico Dev Wallet: a real EIP-1193 wallet for development and tests. Holds
 * private keys (devnet keys by default), signs locally with viem accounts,
 * forwards reads to the current network's RPC, and announces itself through
 * EIP-6963. The behaviour switch shared by every Portico dev wallet
 * (`DevWalletControls`) approves, rejects (4001) or holds requests.
 *
 * @example
 * const wallet = createDevWallet({ networks: [anvil31337, anvil31338] })
 * wallet.announce(window)
 * wallet.rejectNext() // the next connect/sign/send fails with 4001
 */
export class DevWallet implements DevWalletControls {
  readonly info: Eip6963ProviderInfo
  readonly provider: Eip1193Provider & {
    on(event: string, listener: Listener): DevWallet['provider']
    removeListener(event: string, listener: Listener): DevWallet['provider']
    readonly isPorticoDevWallet: true
  }
  private readonly keys: KeyRing
  private readonly networks: WalletNetworks
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly gate: ApprovalGate = createApprovalGate(userRejected)
  private chainId: number
  private connected = false
  private readonly dialect: EvmWalletDialect
  private readonly waiting = new Map<string, number>()
  /** EIP-5792 batches (atomic through EIP-7702); `calls.shown` lists the ids the site asked to show. */
  readonly calls: WalletCalls
  /** Every method the wallet was asked, in order (for tests). */
  readonly requests: string[] = []

  constructor(options: DevWalletOptions) {
    this.networks = new WalletNetworks(options.networks, options.transport ?? ((url) => http(url)))
    this.chainId = options.chainId ?? this.networks.first
    if (!this.networks.has(this.chainId))
      throw new Error(`dev wallet: unknown starting chain ${this.chainId}`)
    this.keys = new KeyRing(options.privateKeys)
    this.dialect = options.dialect ?? {}
    this.calls = new WalletCalls(this.networks, options.batchExecutor ?? DEV_BATCH_EXECUTOR)
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

  // ── Behaviour switch (DevWalletControls) ─────────────────────────────

  get behaviour(): DevWalletBehaviour {
    return this.gate.behaviour
  }
  setBehaviour(behaviour: DevWalletBehaviour): void {
    this.gate.setBehaviour(behaviour)
  }
  rejectNext(error?: Error): void {
    this.gate.rejectNext(error)
  }
  holdNext(): void {
    this.gate.holdNext()
  }
  get pending(): readonly HeldRequest[] {
    return this.gate.pending
  }
  nextHeld(): Promise<HeldRequest> {
    return this.gate.nextHeld()
  }
  releaseAll(): void {
    this.gate.releaseAll()
  }
  rejectAll(): void {
    this.gate.rejectAll()
  }
  tamperNext(kind: DevWalletTamper): void {
    this.gate.tamperNext(kind)
  }

  // ── Wallet-side actions (what a user does in the wallet UI) ─────────

  get address(): Address {
    return this.keys.current.address
  }
  get addresses(): Address[] {
    return this.keys.addresses
  }
  get currentChainId(): number {
    return this.chainId
  }
  get isConnected(): boolean {
    return this.connected
  }
  /** Selects another held account; emits accountsChanged when connected. */
  selectAccount(indexOrAddress: number | string): void {
    const index = this.keys.indexOf(indexOrAddress)
    if (index < 0) throw new Error(`dev wallet: no account ${indexOrAddress}`)
    if (index === this.keys.selected) return
    this.keys.selected = index
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
    return announceProvider(this.info, this.provider, target)
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

  private requireAccount(address: unknown): LocalAccount {
    if (!this.connected) throw unauthorized()
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams('address')
    const account = this.keys.current
    if (account.address.toLowerCase() !== address.toLowerCase()) throw unauthorized('Account not authorized.')
    return account
  }

  /** A signature one byte short (tests that apps check what wallets return). */
  private tampered(signature: Hex): Hex {
    return this.gate.takeTamper('signature') ? (signature.slice(0, -2) as Hex) : signature
  }

  /** Asks the user (the gate); a second request of a "pending rejected" method fails with -32002. */
  private async approve(method: string, params: unknown): Promise<void> {
    const waiting = this.waiting.get(method) ?? 0
    if (waiting > 0 && this.dialect.pendingRejected?.includes(method)) throw requestPending(method)
    this.waiting.set(method, waiting + 1)
    try {
      await this.gate.approve(method, params)
    } finally {
      this.waiting.set(method, (this.waiting.get(method) ?? 1) - 1)
    }
  }

  private switchTarget(params: unknown[]): number {
    try {
      return this.networks.switchTarget(params)
    } catch (error) {
      if (this.dialect.unknownChain === -32603 && (error as ProviderRpcError).code === 4902)
        throw internalError(error as ProviderRpcError)
      throw error
    }
  }

  private async handle({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.requests.push(method)
    const list = Array.isArray(params) ? params : []
    if (CALLS_METHODS.has(method) && this.dialect.calls === false)
      throw new ProviderRpcError(-32601, `The method "${method}" does not exist / is not available.`)
    if (USER_METHODS.has(method) && !(method === 'eth_requestAccounts' && this.connected)) {
      await this.approve(method, params)
    }
    switch (method) {
      case 'eth_requestAccounts': {
        if (!this.connected) {
          this.connected = true
          this.emit('connect', { chainId: numberToHex(this.chainId) })
        }
        return this.gate.takeTamper('accounts') ? ['0x1234'] : [this.address]
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
      case 'personal_sign':
        return this.tampered(await personalSign(this.requireAccount(list[1]), list[0]))
      case 'eth_signTypedData_v4':
        return this.tampered(await signTypedDataV4(this.requireAccount(list[0]), list[1]))
      case 'eth_sendTransaction': {
        const tx = (list[0] ?? {}) as Record<string, unknown>
        const account = this.requireAccount(tx.from ?? this.address)
        const chain = this.networks.chain(this.chainId)
        return await sendTransaction(account, chain, this.networks.transport(this.chainId), tx)
      }
      case 'wallet_switchEthereumChain':
        this.setChain(this.switchTarget(list))
        return null
      case 'wallet_addEthereumChain': {
        const added = this.networks.add(list)
        if (this.dialect.addSwitches) this.setChain(added)
        return null
      }
      case 'wallet_getCapabilities':
        this.requireAccount(list[0])
        return await this.calls.capabilities(list[1])
      case 'wallet_sendCalls': {
        const call = (list[0] ?? {}) as Record<string, unknown>
        return await this.calls.send(this.requireAccount(call.from ?? this.address), this.chainId, call)
      }
      case 'wallet_getCallsStatus':
        return await this.calls.status(list[0])
      case 'wallet_showCallsStatus':
        return this.calls.show(list[0])
      case 'eth_sign':
      case 'eth_signTransaction':
        throw unsupportedMethod(method)
      default:
        return await this.networks.forward(this.chainId, method, params)
    }
  }
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
