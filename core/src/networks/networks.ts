import { accountTypeFields, pickAccount } from '../account-type/index.js'
import type { AccountsService } from '../accounts/index.js'
import type {
  AccountRecord,
  CaipAddress,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Network,
  PorticoState,
} from '../contracts/index.js'
import {
  ChainAdapterNotFoundError,
  MethodNotSupportedError,
  NetworkNotFoundError,
  ReconnectRequiredError,
  toPorticoError,
  UserRejectedRequestError,
} from '../errors/index.js'
import type { InstanceEventBus } from '../events/index.js'
import { patchObject, type Store } from '../state/index.js'

const DEFAULT_EXPLORER_PATHS = { address: '/address/{address}', transaction: '/tx/{hash}' } as const

/**
 * A network's explorer page for an address or a transaction: the network's
 * `explorerPaths` template (default `/address/{address}`, `/tx/{hash}`)
 * appended to its explorer URL, the value URI-encoded. Undefined without an
 * explorer.
 *
 * @example
 * explorerUrl(network, 'address', '0xab…') // 'https://etherscan.io/address/0xab…'
 */
export function explorerUrl(
  network: Network | undefined,
  kind: 'address' | 'transaction',
  value: string,
): string | undefined {
  const base = network?.blockExplorers?.default.url.replace(/\/+$/, '')
  if (!base) return undefined
  const template = network?.explorerPaths?.[kind] ?? DEFAULT_EXPLORER_PATHS[kind]
  const path = template.replace(kind === 'address' ? '{address}' : '{hash}', encodeURIComponent(value))
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`
}

/**
 * Where the selected account lives: its CAIP-10 id as the adapter composed it
 * and the explorer page of its address on the network.
 */
export function accountLocation(
  account: AccountRecord,
  network: Network | undefined,
): { caipAddress: CaipAddress; addressExplorerUrl: string | undefined } {
  return {
    caipAddress: account.caipAddress,
    addressExplorerUrl: explorerUrl(network, 'address', account.address),
  }
}

/** The adapters of one instance, one per namespace. */
export class AdapterRegistry {
  private readonly byNamespace = new Map<ChainNamespace, ChainAdapter>()

  constructor(adapters: readonly ChainAdapter[]) {
    for (const adapter of adapters)
      if (!this.byNamespace.has(adapter.namespace)) this.byNamespace.set(adapter.namespace, adapter)
  }

  get size(): number {
    return this.byNamespace.size
  }

  all(): ChainAdapter[] {
    return [...this.byNamespace.values()]
  }

  find(namespace: ChainNamespace | undefined): ChainAdapter | undefined {
    return namespace ? this.byNamespace.get(namespace) : undefined
  }

  /** @throws ChainAdapterNotFoundError ('Chain adapter not found') */
  get(namespace: ChainNamespace | undefined): ChainAdapter {
    const adapter = this.find(namespace)
    if (!adapter) throw new ChainAdapterNotFoundError({ details: namespace })
    return adapter
  }
}

export interface NetworksDeps {
  store: Store<PorticoState>
  events: InstanceEventBus
  adapters: AdapterRegistry
  accounts: AccountsService
  /** SPEC §2: a failed network switch takes the modal back one view. */
  onSwitchFailed(error: unknown): void
  onNetworkChanged(namespace: ChainNamespace): void
  /**
   * A switch that gave no accounts for the new chain: the accounts as the
   * adapter reports them now (their CAIP-10 ids name the chain).
   */
  readAccounts?(namespace: ChainNamespace, connectorId: string): Promise<readonly AccountRecord[] | undefined>
}

/** A wallet's "no" (EIP-1193 4001), also when wrapped in another error's cause chain. */
function isUserRejection(error: unknown): boolean {
  return toPorticoError(error).walk((e) => e instanceof UserRejectedRequestError) !== null
}

/** Network state: the configured networks, the active one per namespace, the unsupported flags. */
export class NetworksService {
  constructor(private readonly deps: NetworksDeps) {}

  find(caipNetworkId: CaipNetworkId | undefined): Network | undefined {
    return this.deps.store.getState().networks.all.find((n) => n.caipNetworkId === caipNetworkId)
  }

  /** The active network of a namespace (default: the active namespace). */
  active(namespace?: ChainNamespace): Network | undefined {
    const state = this.deps.store.getState()
    const ns = namespace ?? state.activeNamespace
    return ns ? this.find(state.networks.active[ns]) : undefined
  }

  /**
   * Records the wallet's chain for a namespace. A chain that is not in the
   * configured networks sets `networks.unsupported[namespace] = true` (the UI
   * shows UnsupportedChain). Emits SWITCH_NETWORK when the active network changed.
   */
  setActive(
    namespace: ChainNamespace,
    caipNetworkId: CaipNetworkId,
    options: { activate?: boolean; accounts?: readonly AccountRecord[] } = {},
  ): void {
    const { store, events } = this.deps
    const before = store.getState()
    const supported = this.find(caipNetworkId) !== undefined
    store.setState((state) => {
      const active = patchObject(state.networks.active, { [namespace]: caipNetworkId })
      const unsupported = patchObject(state.networks.unsupported, { [namespace]: !supported })
      const networks = patchObject(state.networks, { active, unsupported })
      const activeNamespace = options.activate ? namespace : state.activeNamespace
      let accounts = state.accounts
      const account = state.accounts[namespace]
      if (account?.address) {
        // The adapter re-composed the accounts for the new chain (core never builds CAIP-10 ids).
        const records = options.accounts?.length ? options.accounts : undefined
        const selected =
          records?.find((a) => a.address === account.address) ??
          (records ? pickAccount(records, account.preferredAccountTypes?.[namespace]) : undefined)
        const network = state.networks.all.find((n) => n.caipNetworkId === caipNetworkId)
        const nextAccount = patchObject(account, {
          ...(selected
            ? {
                address: selected.address,
                ...accountLocation(selected, network),
                ...accountTypeFields(namespace, selected, records ?? [], account.preferredAccountTypes),
                allAccounts: records,
              }
            : { addressExplorerUrl: explorerUrl(network, 'address', account.address) }),
        })
        if (nextAccount !== account) accounts = { ...accounts, [namespace]: nextAccount }
      }
      if (
        networks === state.networks &&
        activeNamespace === state.activeNamespace &&
        accounts === state.accounts
      ) {
        return state
      }
      return { ...state, networks, activeNamespace, accounts }
    })
    const changed =
      before.networks.active[namespace] !== caipNetworkId ||
      (options.activate === true && before.activeNamespace !== namespace)
    if (changed) {
      events.emit('SWITCH_NETWORK', { namespace, caipNetworkId })
      this.deps.onNetworkChanged(namespace)
    }
  }

  /**
   * Switches to a configured network. When the namespace has a connected
   * wallet, the wallet is asked first; on failure the modal goes back one view
   * (a user rejection keeps the view, which offers "Try again") and the error
   * is rethrown.
   *
   * @throws NetworkNotFoundError ('Network not found') for a network not in the networks array
   * @throws ChainAdapterNotFoundError ('Chain adapter not found')
   */
  async switchNetwork(caipNetworkId: CaipNetworkId): Promise<void> {
    const network = this.find(caipNetworkId)
    if (!network) throw new NetworkNotFoundError({ details: caipNetworkId })
    const namespace = network.chainNamespace
    const account = this.deps.accounts.get(namespace)
    const adapter = this.deps.adapters.get(namespace)
    let accounts: readonly AccountRecord[] | undefined
    if (account?.status === 'connected' && account.connectorId) {
      const connectorId = account.connectorId
      try {
        if (!adapter.switchNetwork) throw new MethodNotSupportedError({ method: 'switchNetwork' })
        const result = await adapter.switchNetwork({ connectorId, caipNetworkId })
        // bip122: the network is fixed at connect; the visitor has to reconnect on the new one.
        if (result.status === 'reconnect-needed') throw new ReconnectRequiredError({ details: caipNetworkId })
        accounts = result.accounts ?? (await this.deps.readAccounts?.(namespace, connectorId))
      } catch (error) {
        // SPEC §2: a failed switch goes back one view. A user rejection (4001) is
        // not a failure of the switch: the view stays and offers "Try again".
        if (!isUserRejection(error)) this.deps.onSwitchFailed(error)
        throw error
      }
    }
    this.setActive(namespace, caipNetworkId, { activate: true, ...(accounts ? { accounts } : {}) })
  }

  /** Makes a namespace the active one, on its active (or first) network. */
  async activateNamespace(namespace: ChainNamespace): Promise<void> {
    const state = this.deps.store.getState()
    const target =
      this.find(state.networks.active[namespace]) ??
      state.networks.all.find((n) => n.chainNamespace === namespace)
    if (!target) throw new NetworkNotFoundError({ details: namespace })
    const account = this.deps.accounts.get(namespace)
    const walletOnTarget = state.networks.active[namespace] === target.caipNetworkId
    if (account?.status === 'connected' && !walletOnTarget) {
      await this.switchNetwork(target.caipNetworkId)
      return
    }
    this.setActive(namespace, target.caipNetworkId, { activate: true })
  }
}
