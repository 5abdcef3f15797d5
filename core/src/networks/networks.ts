import type { AccountsService } from '../accounts/index.js'
import type {
  CaipAddress,
  CaipNetworkId,
  ChainAdapter,
  ChainNamespace,
  Network,
  PorticoState,
} from '../contracts/index.js'
import {
  ChainAdapterNotFoundError,
  NetworkNotFoundError,
  toPorticoError,
  UserRejectedRequestError,
} from '../errors/index.js'
import type { InstanceEventBus } from '../events/index.js'
import { patchObject, type Store } from '../state/index.js'

/**
 * Where an address lives on a network: its CAIP-10 id and, when the network
 * has a block explorer, `<explorer>/address/<address>`.
 */
export function accountLocation(
  address: string,
  caipNetworkId: CaipNetworkId,
  network: Network | undefined,
): { caipAddress: CaipAddress; addressExplorerUrl: string | undefined } {
  const explorer = network?.blockExplorers?.default.url.replace(/\/+$/, '')
  return {
    caipAddress: `${caipNetworkId}:${address}` as CaipAddress,
    addressExplorerUrl: explorer ? `${explorer}/address/${address}` : undefined,
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
   * The switch of a plugin's connector (`ConnectorProvider`) when `connectorId`
   * is one; undefined routes the switch to the namespace's adapter.
   */
  connectorSwitch?(connectorId: string): ((caipNetworkId: CaipNetworkId) => Promise<void>) | undefined
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
    options: { activate?: boolean } = {},
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
        const network = state.networks.all.find((n) => n.caipNetworkId === caipNetworkId)
        const nextAccount = patchObject(account, accountLocation(account.address, caipNetworkId, network))
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
    const viaConnector = account?.connectorId ? this.deps.connectorSwitch?.(account.connectorId) : undefined
    const adapter = viaConnector ? undefined : this.deps.adapters.get(namespace)
    if (account?.status === 'connected' && account.connectorId) {
      try {
        if (viaConnector) await viaConnector(caipNetworkId)
        else await adapter!.switchNetwork({ connectorId: account.connectorId, caipNetworkId })
      } catch (error) {
        // SPEC §2: a failed switch goes back one view. A user rejection (4001) is
        // not a failure of the switch: the view stays and offers "Try again".
        if (!isUserRejection(error)) this.deps.onSwitchFailed(error)
        throw error
      }
    }
    this.setActive(namespace, caipNetworkId, { activate: true })
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
